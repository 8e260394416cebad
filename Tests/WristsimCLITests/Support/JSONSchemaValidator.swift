import Foundation
import ScenarioRunner

/// A small JSON Schema (draft 2020-12) validator for the shapes WristSim ships, with no package
/// dependencies: `type` (a name or a list), `properties`, `required`, `additionalProperties`
/// (boolean or schema), `items`, `enum`, `const`, `$ref` to `#/$defs/…`, `oneOf`, `anyOf`,
/// `allOf`, `minimum` and `pattern`. Annotations (`title`, `description`, `$id`, `$schema`) are
/// ignored. Any other keyword is reported as unsupported, so a schema never silently checks less
/// than it says.
struct JSONSchemaValidator {
    /// The root schema (for `$ref`).
    let root: JSONNode
    /// Every `pattern` in the schema, compiled once.
    private let expressions: [String: NSRegularExpression]

    /// Parses `bytes` as a schema.
    init(schema bytes: [UInt8], file: String) throws {
        root = try JSONParser.parse(bytes, file: file)
        var expressions: [String: NSRegularExpression] = [:]
        func collect(_ node: JSONNode) {
            switch node.value {
            case .object(let members):
                for member in members {
                    if member.key == "pattern", case .string(let pattern) = member.value.value {
                        expressions[pattern] = try? NSRegularExpression(pattern: pattern)
                    }
                    collect(member.value)
                }
            case .array(let elements): elements.forEach(collect)
            default: break
            }
        }
        collect(root)
        self.expressions = expressions
    }

    /// Every violation of the schema by `instance`, as `"$.path: message"`; empty when valid.
    func errors(_ instance: JSONNode) -> [String] {
        var errors: [String] = []
        validate(instance, against: root, path: "$", errors: &errors, depth: 0)
        return errors
    }

    private static let annotations: Set<String> = ["$schema", "$id", "title", "description", "$defs", "$comment"]
    private static let supported: Set<String> = [
        "type", "properties", "required", "additionalProperties", "items", "enum", "const", "$ref", "oneOf", "anyOf",
        "allOf", "minimum", "pattern",
    ]

    private func validate(
        _ instance: JSONNode, against schema: JSONNode, path: String, errors: inout [String], depth: Int
    ) {
        guard depth < 64 else {
            errors.append("\(path): schema nesting too deep (a $ref cycle?)")
            return
        }
        switch schema.value {
        case .bool(true): return
        case .bool(false):
            errors.append("\(path): no value is allowed here")
            return
        case .object: break
        default:
            errors.append("\(path): the schema at \(schema.path) is not an object or a boolean")
            return
        }
        for entry in members(schema) {
            let keyword = entry.key
            let value = entry.value
            if Self.annotations.contains(keyword) { continue }
            guard Self.supported.contains(keyword) else {
                errors.append("\(path): unsupported schema keyword \"\(keyword)\" at \(schema.path)")
                continue
            }
            switch keyword {
            case "type":
                let names = strings(value)
                if !names.contains(where: { matches(instance, type: $0) }) {
                    errors.append("\(path): expected \(names.joined(separator: " or ")), found \(describe(instance))")
                }
            case "properties":
                guard case .object(let instanceMembers) = instance.value else { continue }
                for property in members(value) {
                    if let child = instanceMembers.first(where: { $0.key == property.key }) {
                        validate(
                            child.value, against: property.value, path: path + "." + property.key, errors: &errors,
                            depth: depth + 1)
                    }
                }
            case "required":
                guard case .object(let instanceMembers) = instance.value else { continue }
                for name in strings(value) where !instanceMembers.contains(where: { $0.key == name }) {
                    errors.append("\(path): missing required property \"\(name)\"")
                }
            case "additionalProperties":
                guard case .object(let instanceMembers) = instance.value else { continue }
                let declared = Set(members(member(schema, "properties")).map(\.key))
                for child in instanceMembers where !declared.contains(child.key) {
                    if case .bool(false) = value.value {
                        errors.append("\(path): unexpected property \"\(child.key)\"")
                    } else {
                        validate(
                            child.value, against: value, path: path + "." + child.key, errors: &errors, depth: depth + 1
                        )
                    }
                }
            case "items":
                guard case .array(let elements) = instance.value else { continue }
                for (index, element) in elements.enumerated() {
                    validate(element, against: value, path: "\(path)[\(index)]", errors: &errors, depth: depth + 1)
                }
            case "enum":
                guard case .array(let options) = value.value else { continue }
                if !options.contains(where: { equal($0, instance) }) {
                    errors.append(
                        "\(path): expected one of \(options.map(render).joined(separator: ", ")), found \(render(instance))"
                    )
                }
            case "const":
                if !equal(value, instance) {
                    errors.append("\(path): expected \(render(value)), found \(render(instance))")
                }
            case "$ref":
                guard case .string(let reference) = value.value, let target = resolve(reference) else {
                    errors.append("\(path): cannot resolve $ref at \(value.path)")
                    continue
                }
                validate(instance, against: target, path: path, errors: &errors, depth: depth + 1)
            case "oneOf", "anyOf", "allOf":
                guard case .array(let branches) = value.value else { continue }
                var branchErrors: [[String]] = []
                for branch in branches {
                    var local: [String] = []
                    validate(instance, against: branch, path: path, errors: &local, depth: depth + 1)
                    branchErrors.append(local)
                }
                let valid = branchErrors.filter(\.isEmpty).count
                switch keyword {
                case "allOf": errors += branchErrors.flatMap { $0 }
                case "anyOf" where valid == 0, "oneOf" where valid == 0:
                    let closest = branchErrors.min(by: { $0.count < $1.count }) ?? []
                    errors.append("\(path): matches none of \(keyword) (closest: \(closest.joined(separator: "; ")))")
                case "oneOf" where valid > 1:
                    errors.append("\(path): matches \(valid) branches of oneOf; expected exactly one")
                default: break
                }
            case "minimum":
                guard let limit = number(value), let actual = number(instance) else { continue }
                if actual < limit {
                    errors.append("\(path): expected at least \(render(value)), found \(render(instance))")
                }
            case "pattern":
                guard case .string(let pattern) = value.value, case .string(let text) = instance.value else { continue }
                guard let expression = expressions[pattern] else {
                    errors.append("\(path): invalid pattern at \(value.path)")
                    continue
                }
                let range = NSRange(text.startIndex..., in: text)
                if expression.firstMatch(in: text, range: range) == nil {
                    errors.append("\(path): \(render(instance)) does not match \(pattern)")
                }
            default: break
            }
        }
    }

    private func members(_ node: JSONNode?) -> [JSONNode.Member] {
        guard let node, case .object(let members) = node.value else { return [] }
        return members
    }

    private func member(_ node: JSONNode, _ key: String) -> JSONNode? {
        members(node).first(where: { $0.key == key })?.value
    }

    private func strings(_ node: JSONNode) -> [String] {
        switch node.value {
        case .string(let text): return [text]
        case .array(let elements):
            return elements.compactMap {
                if case .string(let text) = $0.value { return text }
                return nil
            }
        default: return []
        }
    }

    private func resolve(_ reference: String) -> JSONNode? {
        guard reference.hasPrefix("#/") else { return reference == "#" ? root : nil }
        var node: JSONNode? = root
        for part in reference.dropFirst(2).split(separator: "/") {
            node = node.flatMap { member($0, String(part)) }
        }
        return node
    }

    private func matches(_ instance: JSONNode, type: String) -> Bool {
        switch (type, instance.value) {
        case ("null", .null), ("boolean", .bool), ("string", .string), ("array", .array), ("object", .object),
            ("number", .number):
            return true
        case ("integer", .number(let text)): return !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" })
        default: return false
        }
    }

    private func number(_ node: JSONNode) -> Double? {
        if case .number(let text) = node.value { return Double(text) }
        return nil
    }

    private func equal(_ a: JSONNode, _ b: JSONNode) -> Bool {
        switch (a.value, b.value) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        case (.number, .number): return number(a) == number(b)
        case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy { equal($0, $1) }
        case (.object(let x), .object(let y)):
            return x.count == y.count
                && x.allSatisfy { member in y.contains { $0.key == member.key && equal($0.value, member.value) } }
        default: return false
        }
    }

    private func describe(_ node: JSONNode) -> String {
        switch node.value {
        case .number(let text): return "the number \(text)"
        default: return node.kindDescription
        }
    }

    private func render(_ node: JSONNode) -> String {
        switch node.value {
        case .null: return "null"
        case .bool(let value): return String(value)
        case .number(let text): return text
        case .string(let text): return "\"\(text)\""
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
