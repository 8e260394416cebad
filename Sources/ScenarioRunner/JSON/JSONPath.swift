import SimulationKernel

/// Where a value sits in a JSON document (`$`, `$.items[2].id`), built lazily.
///
/// Every node of a parsed document points at its parent's path and adds one component, so the
/// parser spends O(1) time and memory per node however long the keys or deep the nesting; the
/// text is built only when a message needs it (``description``). Keys longer than
/// ``Excerpt/limit`` characters are shortened with an ellipsis in that text.
package final class JSONPath: Sendable, CustomStringConvertible {
    /// One step from a parent to a child.
    package enum Component: Sendable {
        /// A member of an object.
        case key(String)
        /// An element of an array (0-based).
        case index(Int)
    }

    /// The path of the enclosing value; `nil` for the root `$`.
    package let parent: JSONPath?
    /// The last step; unused for the root.
    package let component: Component

    private init(parent: JSONPath?, component: Component) {
        self.parent = parent
        self.component = component
    }

    /// The document's root, `$`.
    package static let root = JSONPath(parent: nil, component: .index(0))

    /// The path of member `key` of the object at this path.
    package func appending(key: String) -> JSONPath { JSONPath(parent: self, component: .key(key)) }

    /// The path of element `index` of the array at this path.
    package func appending(index: Int) -> JSONPath { JSONPath(parent: self, component: .index(index)) }

    /// `$.items[2].id`; keys that are not identifiers are quoted: `$["odd key"]`.
    ///
    /// - Complexity: O(*d*) for depth *d* (at most ``JSONParser/maximumDepth``), with each key
    ///   shortened to ``Excerpt/limit`` characters.
    package var description: String {
        var components: [Component] = []
        var current: JSONPath? = self
        while let path = current, path.parent != nil {
            components.append(path.component)
            current = path.parent
        }
        var text = "$"
        for component in components.reversed() {
            switch component {
            case .index(let index): text += "[\(index)]"
            case .key(let key): text += JSONPath.render(key: key)
            }
        }
        return text
    }

    private static func render(key: String) -> String {
        let short = Excerpt.truncated(key)
        let simple =
            !key.isEmpty && short.utf8.count == key.utf8.count
            && key.unicodeScalars.allSatisfy {
                ($0 >= "a" && $0 <= "z") || ($0 >= "A" && $0 <= "Z") || ($0 >= "0" && $0 <= "9") || $0 == "_"
                    || $0 == "$"
            }
        return simple ? ".\(key)" : "[\(JSONValue.string(short).compact)]"
    }
}
