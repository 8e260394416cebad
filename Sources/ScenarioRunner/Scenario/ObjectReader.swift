/// Reads the members of one JSON object by key and rejects the keys nobody asked for.
///
/// Decoders ask for every key they accept (``required(_:)`` or ``optional(_:)``) and then call
/// ``finish()``, which throws for the first member that was never asked for, listing the
/// accepted keys and suggesting the closest one. Unknown keys are errors, never ignored:
/// a typo in a scenario file must not silently change what is tested.
///
/// ```swift
/// var object = try ObjectReader(node, context)
/// let id = try object.required("id").string(context)
/// let notes = try object.optional("notes")?.string(context)
/// try object.finish()
/// ```
public struct ObjectReader {
    /// The object node.
    public let node: JSONNode
    private let members: [JSONNode.Member]
    private let context: DecodingContext
    private var asked: [String] = []

    /// - Throws: when `node` is not an object.
    public init(_ node: JSONNode, _ context: DecodingContext, what: String = "an object") throws(ScenarioError) {
        guard case .object(let members) = node.value else {
            throw context.error(node, "expected \(what), found \(node.kindDescription)")
        }
        self.node = node
        self.members = members
        self.context = context
    }

    /// Whether the object has a member `key` (does not count as asking for it).
    public func has(_ key: String) -> Bool { members.contains { $0.key == key } }

    /// The value of `key`, or an error at the object saying it is missing.
    public mutating func required(_ key: String, _ expectation: String? = nil) throws(ScenarioError) -> JSONNode {
        asked.append(key)
        guard let member = members.first(where: { $0.key == key }) else {
            let what = expectation.map { " (\($0))" } ?? ""
            throw context.error(node, "missing key \"\(key)\"\(what)")
        }
        return member.value
    }

    /// The value of `key`, or `nil` when absent.
    public mutating func optional(_ key: String) -> JSONNode? {
        asked.append(key)
        return members.first { $0.key == key }?.value
    }

    /// Throws for the first member that no decoder asked for.
    public func finish() throws(ScenarioError) {
        for member in members where !asked.contains(member.key) {
            var message = "unknown key \"\(member.key)\""
            let accepted = asked.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
            if let suggestion = ObjectReader.closest(to: member.key, in: accepted) {
                message += "; did you mean \"\(suggestion)\"?"
            }
            message += " expected one of: " + accepted.map { "\"\($0)\"" }.joined(separator: ", ")
            throw context.error(key: member, message)
        }
    }

    /// The accepted key within edit distance 2 of `key`, if any (ties: the first listed).
    static func closest(to key: String, in candidates: [String]) -> String? {
        var best: (String, Int)?
        for candidate in candidates {
            let distance = editDistance(Array(key.lowercased()), Array(candidate.lowercased()))
            if distance <= 2, distance < (best?.1 ?? .max) { best = (candidate, distance) }
        }
        return best?.0
    }

    private static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
