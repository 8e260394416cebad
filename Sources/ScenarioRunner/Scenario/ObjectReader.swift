import SimulationKernel

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
package struct ObjectReader {
    /// The object node.
    package let node: JSONNode
    private let members: [JSONNode.Member]
    private let context: DecodingContext
    private var asked: [String] = []

    /// - Throws: when `node` is not an object.
    package init(_ node: JSONNode, _ context: DecodingContext, what: String = "an object") throws(ScenarioError) {
        guard case .object(let members) = node.value else {
            throw context.error(node, "expected \(what), found \(node.kindDescription)")
        }
        self.node = node
        self.members = members
        self.context = context
    }

    /// The value of `key`, or an error at the object saying it is missing.
    package mutating func required(_ key: String, _ expectation: String? = nil) throws(ScenarioError) -> JSONNode {
        asked.append(key)
        guard let member = members.first(where: { $0.key == key }) else {
            if let misspelt = members.first(where: {
                !asked.contains($0.key) && Suggestion.closest(to: $0.key, in: [key]) != nil
            }) {
                throw context.error(
                    key: misspelt,
                    Suggestion.unknown(
                        "key", misspelt.key, expected: "the required key \"\(key)\"", suggestions: [key]))
            }
            let what = expectation.map { " (\($0))" } ?? ""
            throw context.error(node, "missing key \"\(key)\"\(what)")
        }
        return member.value
    }

    /// The value of `key`, or `nil` when absent.
    package mutating func optional(_ key: String) -> JSONNode? {
        asked.append(key)
        return members.first { $0.key == key }?.value
    }

    /// Throws for the first member that no decoder asked for.
    package func finish() throws(ScenarioError) {
        if let member = members.first(where: { !asked.contains($0.key) }) { throw unknownKey(member) }
    }

    /// Records an error for every member that no decoder asked for (see
    /// ``ScenarioErrorCollector``).
    ///
    /// - Complexity: O(*m* · *a*) for *m* members and *a* keys asked for (a fixed, small number
    ///   per object), plus O(*a*) per error recorded with its suggestion.
    package func finish(into errors: inout ScenarioErrorCollector) {
        for member in members where !asked.contains(member.key) { errors.record(unknownKey(member)) }
    }

    private func unknownKey(_ member: JSONNode.Member) -> ScenarioError {
        let accepted = asked.uniqued(by: { $0 })
        return context.error(key: member, Suggestion.unknown("key", member.key, among: accepted))
    }
}
