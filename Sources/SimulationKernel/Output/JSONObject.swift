/// A JSON object whose members keep the order in which they were first added.
///
/// Setting an existing key replaces its value in place; setting `nil` removes it. Lookups are
/// linear, which suits report objects of a few dozen keys; build large collections as arrays.
public struct JSONObject: Hashable, Sendable {
    /// One `"key": value` pair.
    public struct Member: Hashable, Sendable {
        public var key: String
        public var value: JSONValue

        public init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// The members in order.
    public private(set) var members: [Member] = []

    public init() {}

    /// An object from `(key, value)` pairs in order (a repeated key keeps its first place and its
    /// last value).
    public init(_ pairs: [(String, JSONValue)]) {
        for (key, value) in pairs { self[key] = value }
    }

    /// The value of `key`, or `nil`. Setting replaces in place, appends a new key at the end,
    /// and `nil` removes the key.
    ///
    /// - Complexity: O(*k*) in the number of keys.
    public subscript(key: String) -> JSONValue? {
        get { members.first(where: { $0.key == key })?.value }
        set {
            let index = members.firstIndex(where: { $0.key == key })
            switch (index, newValue) {
            case (let index?, let value?): members[index].value = value
            case (let index?, nil): members.remove(at: index)
            case (nil, let value?): members.append(Member(key: key, value: value))
            case (nil, nil): break
            }
        }
    }

    /// Appends `"key": value` without looking for an earlier `key` — for building objects whose
    /// keys are known to be distinct (O(1)).
    public mutating func append(_ key: String, _ value: JSONValue) {
        members.append(Member(key: key, value: value))
    }

    /// Appends every member of `other` in order (replacing keys already present).
    public mutating func merge(_ other: JSONObject) {
        for member in other.members { self[member.key] = member.value }
    }

    /// The keys in order.
    public var keys: [String] { members.map(\.key) }

    /// The number of members.
    public var count: Int { members.count }

    /// Whether there are no members.
    public var isEmpty: Bool { members.isEmpty }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements)
    }
}
