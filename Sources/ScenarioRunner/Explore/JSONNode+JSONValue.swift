import SimulationKernel

extension JSONNode {
    /// The node as a ``JSONValue`` for writing (a reproduction file), or `nil` when a number
    /// cannot be written exactly as a JSON value of this project (an exponent form, or a whole
    /// number beyond 64 bits).
    ///
    /// - Complexity: O(*n*) in the tree's size.
    var jsonValue: JSONValue? {
        switch value {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .string(let text): return .string(text)
        case .number(let text):
            if let whole = Int64(text) { return .int(whole) }
            let parts = text.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 2, let scaled = Int64(parts[0] + parts[1]), parts[1].allSatisfy(\.isNumber) else {
                return nil
            }
            return .decimal(scaled, scale: parts[1].count)
        case .array(let elements):
            let values = elements.compactMap(\.jsonValue)
            return values.count == elements.count ? .array(values) : nil
        case .object(let members):
            let values = members.compactMap { member in member.value.jsonValue.map { (member.key, $0) } }
            return values.count == members.count ? .object(JSONObject(values)) : nil
        }
    }
}
