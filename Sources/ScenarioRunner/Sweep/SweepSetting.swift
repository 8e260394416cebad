/// One `--set KEY=V1,V2,…` of a sweep: a dotted path into the scenario file and the values it
/// takes, one cell per value (and per combination with the other settings).
///
/// ```
/// --set pipeline.jitter=0,0.2,0.5
/// --set link.duplicateProbability=0.1
/// --set 'link.latency={"exponential":{"mean":"300ms"}}'
/// ```
///
/// A value is JSON when it parses as JSON (`0.2`, `true`, `{"fixed": "1s"}`, `"text"`), and a
/// plain string otherwise (`main-priority`). Values are split at commas outside brackets, braces
/// and quotes. The scenario is edited as a JSON tree and decoded again, so a value gets exactly
/// the validation (and the error) it would get in the file.
package struct SweepSetting: Hashable, Sendable {
    /// The dotted path (`"pipeline.jitter"`).
    package var key: String
    /// The values as written, in order.
    package var values: [String]

    /// A setting; `key` and `values` as written.
    package init(key: String, values: [String]) {
        self.key = key
        self.values = values
    }

    /// The most dotted parts a key may have (as deep as a scenario file may nest, see
    /// ``JSONParser``): a key is followed part by part into the scenario, so a key of thousands
    /// of parts is refused rather than followed.
    package static let maximumKeyParts = 100

    /// Parses `KEY=V1,V2,…`.
    ///
    /// - Throws: ``SweepError/usage(_:)`` when there is no `=`, the key is empty, has an empty
    ///   component or more than ``maximumKeyParts`` of them, or a value is empty.
    package static func parse(_ text: String) throws(SweepError) -> SweepSetting {
        guard let equals = text.firstIndex(of: "=") else {
            throw .usage(
                "--set expects KEY=VALUE[,VALUE…] such as pipeline.jitter=0,0.2; found \(ArgumentText.quoted(text))")
        }
        let key = String(text[..<equals])
        let components = key.split(separator: ".", omittingEmptySubsequences: false)
        guard components.count <= maximumKeyParts else {
            throw .usage(
                "--set \(ArgumentText.quoted(key)) has \(components.count) dotted parts; expected at most "
                    + "\(maximumKeyParts), as deep as a scenario file nests")
        }
        guard !key.isEmpty, components.allSatisfy({ !$0.isEmpty }) else {
            throw .usage(
                "--set expects a dotted key such as pipeline.jitter before '='; found \(ArgumentText.quoted(key))")
        }
        guard !["seed", "watch"].contains(key) else {
            throw .usage(
                "--set \(ArgumentText.plain(key)) is an axis of its own; use --\(key == "seed" ? "seeds A..B" : "watch M,…")"
            )
        }
        let values = splitValues(String(text[text.index(after: equals)...]))
        guard !values.isEmpty, values.allSatisfy({ !$0.isEmpty }) else {
            throw .usage(
                "--set \(ArgumentText.plain(key)) expects one or more comma-separated values; found \(ArgumentText.quoted(text))"
            )
        }
        return SweepSetting(key: key, values: values)
    }

    /// A key equal for two values exactly when they are the same JSON value, however written:
    /// numbers by exact decimal value (`0.1`, `0.10` and `1e-1`; `0` and `-0`), object members
    /// in any order, and a plain word the same as its quoted string (`naive`, `"naive"`).
    ///
    /// - Complexity: O(*n*) in the text's length (plus sorting each object's members).
    static func sameValueKey(_ text: String) -> String { sameValueKey(parsed(text)) }

    /// `text` as the JSON value it spells (`0.2`, `{"fixed": "1s"}`, `"text"`), or as a plain
    /// string when it is not JSON (`main-priority`), placed at `path` and `location`: every node
    /// inside it has its path from the scenario's root, so an error inside an object or array
    /// value names its place (`$.pipeline.jitter.spread`, not `$.spread`), and the location of
    /// what it replaces.
    static func parsed(
        _ text: String, at path: JSONPath = .root,
        placedAt location: SourceLocation = SourceLocation(line: 1, column: 1)
    ) -> JSONNode {
        (try? JSONParser.parse(Array(text.utf8), file: "--set", at: path, placedAt: location))
            ?? JSONNode(value: .string(text), location: location, jsonPath: path)
    }

    /// The key of a parsed value (see the text form above).
    private static func sameValueKey(_ node: JSONNode) -> String {
        switch node.value {
        case .null: return "null"
        case .bool(let flag): return "\(flag)"
        case .string(let text): return "s" + text.debugDescription
        case .number(let text): return "n" + exactNumber(text)
        case .array(let elements): return "[" + elements.map(sameValueKey).joined(separator: ",") + "]"
        case .object(let members):
            let sorted = members.map { $0.key.debugDescription + ":" + sameValueKey($0.value) }.sorted()
            return "{" + sorted.joined(separator: ",") + "}"
        }
    }

    /// A JSON number as significant digits and a power of ten (`0.10` and `1e-1` are `1e-1`, `-0`
    /// is `0`), or the text itself when its exponent does not fit in an `Int`.
    private static func exactNumber(_ text: String) -> String {
        let negative = text.hasPrefix("-")
        let body = text.drop { $0 == "-" }
        let mantissa = body.prefix { $0 != "e" && $0 != "E" }
        let exponentText = body.dropFirst(mantissa.count + 1).drop { $0 == "+" }
        let fraction = mantissa.drop { $0 != "." }.dropFirst()
        var digits = Substring(mantissa.filter(\.isNumber)).drop { $0 == "0" }
        let trailingZeros = digits.reversed().prefix { $0 == "0" }.count
        digits = digits.dropLast(trailingZeros)
        guard !digits.isEmpty else { return "0" }
        guard let written = exponentText.isEmpty ? 0 : Int(exponentText) else { return text }
        let (shifted, overflow) = written.subtractingReportingOverflow(fraction.count - trailingZeros)
        guard !overflow else { return text }
        return (negative ? "-" : "") + digits + "e\(shifted)"
    }

    /// Splits at commas that are not inside `[]`, `{}` or a string.
    static func splitValues(_ text: String) -> [String] {
        var values: [String] = []
        var current = ""
        var depth = 0
        var inString = false
        var escaped = false
        for character in text {
            if inString {
                current.append(character)
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inString = false
                }
                continue
            }
            switch character {
            case "\"": inString = true
            case "[", "{": depth += 1
            case "]", "}": depth -= 1
            case "," where depth == 0:
                values.append(current)
                current = ""
                continue
            default: break
            }
            current.append(character)
        }
        values.append(current)
        return values
    }

    /// `root` with the value at `key` replaced by `value` (objects on the way are created; a
    /// pipeline preset name becomes `{"preset": name}` so its settings can be set, and a missing
    /// `"pipeline"` section `{"preset": "optimized"}`, the pipeline a scenario without one runs).
    ///
    /// `key` is one ``parse(_:)`` checked (at most ``maximumKeyParts`` parts, each followed by
    /// one call).
    ///
    /// - Throws: ``SweepError/usage(_:)`` when the path runs into something that is not an object.
    static func assigning(_ text: String, at key: String, in root: JSONNode) throws(SweepError) -> JSONNode {
        try assign(text, path: key.split(separator: ".").map(String.init)[...], in: root, key: key)
    }

    /// `node` with `text`'s value (``parsed(_:at:placedAt:)``) at `path` below it.
    ///
    /// - Complexity: O(*n*) in the size of the value, plus the members on the way.
    private static func assign(_ text: String, path: ArraySlice<String>, in node: JSONNode, key: String)
        throws(SweepError) -> JSONNode
    {
        guard let name = path.first else { return parsed(text, at: node.jsonPath, placedAt: node.location) }
        var members: [JSONNode.Member]
        switch node.value {
        case .object(let existing):
            members = existing
        case .string(let preset) where node.path == "$.pipeline":
            let presetNode = JSONNode(
                value: .string(preset), location: node.location, jsonPath: node.jsonPath.appending(key: "preset"))
            members = [JSONNode.Member(key: "preset", keyLocation: node.location, value: presetNode)]
        default:
            throw .usage("--set \(ArgumentText.plain(key)): \(node.path) is \(node.kindDescription), not an object")
        }
        let childPath = node.jsonPath.appending(key: name)
        if let index = members.firstIndex(where: { $0.key == name }) {
            members[index].value = try assign(text, path: path.dropFirst(), in: members[index].value, key: key)
        } else {
            // No "pipeline" section: the scenario runs the default preset, named as a file names
            // one, which the string case above makes `{"preset": name}` for the keys to set.
            let missing: JSONNode.Value =
                node.path == "$" && name == "pipeline" ? .string(PipelineSettings.defaults.pipeline.name) : .object([])
            let empty = JSONNode(value: missing, location: node.location, jsonPath: childPath)
            members.append(
                JSONNode.Member(
                    key: name, keyLocation: node.location,
                    value: try assign(text, path: path.dropFirst(), in: empty, key: key)))
        }
        var result = node
        result.value = .object(members)
        return result
    }
}
