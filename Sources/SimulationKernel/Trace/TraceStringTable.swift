/// The distinct strings of a ``TraceLog`` (kinds, field keys, string values), each stored once and
/// named by a small integer id in the order it was first seen.
struct TraceStringTable: Sendable {
    private var ids: [String: UInt32] = [:]
    private(set) var strings: [String] = []

    /// The id of `string`, adding it when it is new.
    ///
    /// - Complexity: O(*m*) expected for a string of *m* bytes (one hash lookup).
    mutating func id(_ string: String) -> UInt32 {
        if let id = ids[string] { return id }
        let id = UInt32(strings.count)
        ids[string] = id
        strings.append(string)
        return id
    }

    /// The string of `id`.
    subscript(id: UInt32) -> String { strings[Int(id)] }
}
