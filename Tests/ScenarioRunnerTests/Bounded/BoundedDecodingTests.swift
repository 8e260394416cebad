import ScenarioRunner
import SimulationKernel
import Testing

/// Issue #15: valid-looking numbers that used to trap, and error paths that used to amplify,
/// now give one short located error.
@Suite struct BoundedDecodingTests {
    static func scenario(
        items: String = #"[{"id": "kale", "title": "Kale"}]"#,
        script: String = #"[{"at": "+1m", "do": "tap", "item": "kale"}]"#,
        extra: String = ""
    ) -> String {
        """
        {"format": 1, "name": "t", "start": "2026-11-21T09:00:00Z", "watch": "series3-38mm",
         "items": \(items),
         "script": \(script)\(extra)}
        """
    }

    static func error(_ text: String) -> String? {
        do {
            _ = try ScenarioDecoder.decode(Array(text.utf8), file: "s.json")
            return nil
        } catch {
            return error.description
        }
    }

    /// Fractional durations near the limit in `at`, `wait`, `due` and link latency trapped.
    @Test(arguments: [
        scenario(script: #"[{"at": "+9223372036.9s", "do": "raiseWrist"}]"#),
        scenario(script: #"[{"do": "wait", "for": "9223372036.9s"}]"#),
        scenario(items: #"[{"id": "kale", "title": "Kale", "due": "+9223372036.9s"}]"#),
        scenario(extra: #", "link": {"latency": "9223372036.9s"}"#),
    ])
    func fractionalDurationsNearTheLimitAreLocatedErrors(text: String) throws {
        let message = try #require(Self.error(text))
        #expect(message.contains("exceeds the largest time, +106751d23h47m16.854775807s"), "\(message)")
        #expect(message.hasPrefix("s.json:"), "\(message)")
    }

    /// Times beyond the documented range (100 years after the start) are located errors.
    @Test(arguments: [
        scenario(script: #"[{"at": "2400-01-01T00:00:00Z", "do": "raiseWrist"}]"#),
        scenario(script: #"[{"at": "+36526d", "do": "raiseWrist"}]"#),
        scenario(script: #"[{"at": "+36000d", "do": "raiseWrist"}, {"after": "1000d", "do": "lowerWrist"}]"#),
        scenario(script: #"[{"at": "+36000d", "do": "raiseWrist"}, {"do": "wait", "for": "1000d"}]"#),
        scenario(extra: #", "end": "+106751d""#),
    ])
    func timesBeyondTheScenarioRangeAreLocatedErrors(text: String) throws {
        let message = try #require(Self.error(text))
        #expect(
            message.contains("beyond the scenario range") || message.contains("longer than a scenario may span"),
            "\(message)")
    }

    /// A step cost of 100000d trapped when scaled for the slowest watch; so did a sum of costs.
    @Test(arguments: [
        #"[{"step": "removeRow", "queue": "main", "cost": "100000d"}]"#,
        #"[{"step": "removeRow", "queue": "main", "cost": "18000d"}, {"step": "haptic", "queue": "main", "cost": "18000d"}]"#,
        #"[{"step": "removeRow", "queue": "main", "cost": "1ms", "wait": "36525d"}, {"step": "haptic", "queue": "main", "cost": "1ms"}]"#,
    ])
    func pipelineCostsBeyondTheRangeAreLocatedErrors(steps: String) throws {
        let message = try #require(Self.error(Self.scenario(extra: #", "pipeline": {"steps": \#(steps)}"#)))
        #expect(message.contains("pipeline"), "\(message)")
    }

    /// A 1 MB number or value is quoted shortened, with its length: the line stays short.
    @Test func hugeValuesAreQuotedShortened() throws {
        let number = String(repeating: "9", count: 1_000_000)
        let message = try #require(Self.error(Self.scenario(extra: #", "seed": \#(number)"#)))
        #expect(message.count < 300, "\(message.prefix(300))")
        #expect(message.contains("(1000000 characters)"))
        let id = String(repeating: "x", count: 1_000_000)
        let reference = try #require(
            Self.error(Self.scenario(script: #"[{"at": "+1m", "do": "tap", "item": "\#(id)"}]"#)))
        #expect(reference.count < 300, "\(reference.prefix(300))")
    }

    /// An unknown 4 MB step name hung in the edit-distance table.
    @Test func anUnknownHugeStepNameIsAQuickError() throws {
        let name = String(repeating: "tap", count: 350_000)
        let message = try #require(Self.error(Self.scenario(script: #"[{"at": "+1m", "do": "\#(name)"}]"#)))
        #expect(message.contains("unknown step"))
        #expect(message.count < 1_000)
        #expect(Suggestion.closest(to: String(repeating: "a", count: 100_000), in: ["a"]) == nil)
    }

    /// Suggestions stay cheap against many candidates (40,000 ids), and still work for short names.
    @Test func suggestionsSkipCandidatesOfAnotherLength() {
        let ids = (0..<40_000).map { "item-\($0)-\(String(repeating: "z", count: $0 % 30))" }
        #expect(Suggestion.closest(to: "item-7-zzzzzzzx", in: ids) == "item-7-zzzzzzz")
        #expect(Suggestion.closest(to: "kael", in: ["eggs", "kale"]) == "kale")
    }

    /// An array of many elements under a long key: every node kept its full path string
    /// (n × key length memory); now a node links to its parent's path.
    @Test func pathsUnderALongKeyAreBuiltLazily() throws {
        let key = String(repeating: "k", count: 20_000)
        let elements = [String](repeating: "0", count: 50_000).joined(separator: ",")
        let root = try JSONParser.parse(Array(#"{"\#(key)": [\#(elements)]}"#.utf8), file: "s.json")
        guard case .object(let members) = root.value, case .array(let array) = members[0].value.value else {
            Issue.record("expected an object with an array")
            return
        }
        #expect(array.count == 50_000)
        let path = array[49_999].path
        #expect(path.hasSuffix("…\"][49999]"), "\(path)")
        #expect(path.count < 100)
        #expect(try JSONParser.parse(Array(#"{"a": {"b c": [1, [2]]}}"#.utf8), file: "s.json").path == "$")
    }

    @Test func pathsRenderAsBefore() throws {
        let root = try JSONParser.parse(Array(#"{"a": {"b c": [1, [2]]}}"#.utf8), file: "s.json")
        guard case .object(let outer) = root.value, case .object(let inner) = outer[0].value.value,
            case .array(let array) = inner[0].value.value, case .array(let nested) = array[1].value
        else {
            Issue.record("unexpected shape")
            return
        }
        #expect(nested[0].path == #"$.a["b c"][1][0]"#)
    }
}
