/// A JSON object whose members keep the order in which they were first added.
///
/// Setting an existing key replaces its value in place; setting `nil` removes it. Lookups are
/// linear, which suits report objects of a few dozen keys; build large collections as arrays.
package struct JSONObject: Hashable, Sendable {
    /// One `"key": value` pair.
    package struct Member: Hashable, Sendable {
        package var key: String
        package var value: JSONValue
    }

    /// The members in order.
    package private(set) var members: [Member] = []

    package init() {}

    /// An object from `(key, value)` pairs in order (a repeated key keeps its first place and its
    /// last value).
    package init(_ pairs: [(String, JSONValue)]) {
        for (key, value) in pairs { self[key] = value }
    }

    /// The value of `key`, or `nil`. Setting replaces in place, appends a new key at the end,
    /// and `nil` removes the key.
    ///
    /// - Complexity: O(*k*) in the number of keys.
    package subscript(key: String) -> JSONValue? {
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
    package mutating func append(_ key: String, _ value: JSONValue) {
        members.append(Member(key: key, value: value))
    }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    package init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements)
    }
}
