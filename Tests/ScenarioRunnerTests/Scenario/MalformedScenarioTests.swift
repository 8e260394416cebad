import ScenarioRunner
import Testing

/// Every kind of malformed scenario file gives one located, explanatory error, never a crash.
@Suite struct MalformedScenarioTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var bytes: [UInt8]
        /// The exact rendered error must start with this (file:line:column: error: ...).
        var expectedPrefix: String
        var testDescription: String { name }

        init(_ name: String, _ text: String, _ expectedPrefix: String) {
            self.name = name
            self.bytes = Array(text.utf8)
            self.expectedPrefix = expectedPrefix
        }

        init(_ name: String, bytes: [UInt8], _ expectedPrefix: String) {
            self.name = name
            self.bytes = bytes
            self.expectedPrefix = expectedPrefix
        }
    }

    /// A valid scenario with one line replaced, so each case isolates one mistake.
    static func scenario(
        items: String = #"[{"id": "kale", "title": "Kale"}, {"id": "eggs", "title": "Eggs"}]"#,
        script: String = #"[{"at": "+1m", "do": "tap", "item": "kale"}]"#,
        extra: String = ""
    ) -> String {
        """
        {
          "format": 1,
          "name": "t",
          "start": "2026-11-21T09:00:00Z",
          "items": \(items),
          "script": \(script)\(extra)
        }
        """
    }

    static let cases: [Case] = [
        Case("empty file", "", "s.json:1:1: error: the file is empty"),
        Case("only whitespace", "  \n  ", "s.json:2:3: error: the file is empty"),
        Case(
            "truncated in an object", "{\"format\": 1,\n \"name\": \"t\"",
            "s.json:2:13: error: unexpected end of file inside the object that starts at line 1, column 1"),
        Case(
            "truncated in a string", "{\"name\": \"Kal",
            "s.json:1:14: error: unexpected end of file inside the string that starts at line 1, column 10"),
        Case(
            "not an object", "[1, 2]", "s.json:1:1: error: expected a JSON object describing a scenario, found an array"
        ),
        Case(
            "trailing garbage", "{} x", "s.json:1:4: error: unexpected character 'x' after the end of the JSON document"
        ),
        Case(
            "trailing comma", "{\"format\": 1,}",
            "s.json:1:14: error: unexpected character '}'; expected a key in double quotes"),
        Case(
            "single quotes", "{'format': 1}",
            "s.json:1:2: error: unexpected character '''; expected a key in double quotes"),
        Case("bare word", "{\"format\": one}", "s.json:1:12: error: unexpected character 'o'; expected a JSON value"),
        Case("leading zero", "{\"format\": 01}", "s.json:1:12: error: numbers must not have leading zeros"),
        Case("bad escape", "{\"name\": \"a\\qb\"}", "s.json:1:13: error: invalid escape"),
        Case("raw newline in string", "{\"name\": \"a\nb\"}", "s.json:1:12: error: line break inside a string"),
        Case(
            "non-UTF-8 byte", bytes: Array("{\"name\": \"caf".utf8) + [0xE9] + Array("\"}".utf8),
            "s.json:1:14: error: the file is not valid UTF-8 (byte 0xE9)"),
        Case(
            "non-UTF-8 on a later line", bytes: Array("{\n\n  \"name\": ".utf8) + [0xFF, 0xFE],
            "s.json:3:11: error: the file is not valid UTF-8 (byte 0xFF)"),
        Case(
            "duplicate key", "{\"format\": 1,\n \"format\": 1}",
            "s.json:2:2: error: duplicate key \"format\" (first written at line 1, column 2)"),
        Case("missing format", "{\"name\": \"t\"}", "s.json:1:1: error: missing key \"format\""),
        Case(
            "unsupported format", "{\"format\": 2}",
            "s.json:1:12: error: unsupported format 2; this wristsim reads format 1"),
        Case(
            "format as string", "{\"format\": \"1\"}",
            "s.json:1:12: error: expected a whole number from 0 to 9223372036854775807, found \"1\""),
        Case(
            "unknown top-level key", scenario(extra: ",\n  \"colour\": \"red\""),
            "s.json:7:3: error: unknown key \"colour\""),
        Case(
            "misspelt key suggests", scenario(extra: ",\n  \"histroy\": []"),
            #"s.json:7:3: error: unknown key "histroy"; expected one of: "$schema", "format", "name", "description", "#
                + #""seed", "start", "watch", "items", "history", "script", "expect", "end", "pipeline", "#
                + #""complication", "reminders", "link", "eventLimit", "wrist" (did you mean "history"?) (at $.histroy)"#
        ),
        Case(
            "misspelt required key", "{\"format\": 1, \"name\": \"t\", \"strat\": \"2026-11-21T09:00:00Z\"}",
            #"s.json:1:28: error: unknown key "strat"; expected the required key "start" (did you mean "start"?)"#),
        Case(
            "name of wrong type", "{\"format\": 1, \"name\": 7}",
            "s.json:1:23: error: expected a string, found a number"),
        Case(
            "bad start date", "{\"format\": 1, \"name\": \"t\", \"start\": \"21/11/2026\"}",
            "s.json:1:37: error: expected an ISO 8601 date-time"),
        Case(
            "impossible start date", "{\"format\": 1, \"name\": \"t\", \"start\": \"2026-02-30T09:00:00Z\"}",
            "s.json:1:37: error: expected an ISO 8601 date-time"),
        Case("empty item list", scenario(items: "[]"), "s.json:5:12: error: expected a non-empty array"),
        Case(
            "duplicate item id",
            scenario(items: #"[{"id": "kale", "title": "Kale"}, {"id": "kale", "title": "Kale 2"}]"#),
            "s.json:5:53: error: duplicate item id \"kale\" (first used at line 5, column 20)"),
        Case("item without title", scenario(items: #"[{"id": "kale"}]"#), "s.json:5:13: error: missing key \"title\""),
        Case(
            "unknown key in item", scenario(items: #"[{"id": "kale", "title": "Kale", "qty": 2}]"#),
            "s.json:5:45: error: unknown key \"qty\""),
        Case(
            "empty item id", scenario(items: #"[{"id": "", "title": "Kale"}]"#),
            "s.json:5:20: error: expected a non-empty string"),
        Case(
            "unknown item in a tap", scenario(script: #"[{"at": "+1m", "do": "tap", "item": "kael"}]"#),
            "s.json:6:49: error: unknown item \"kael\"; expected the id of an item in \"items\" (did you mean \"kale\"?)"
        ),
        Case(
            "unknown step kind", scenario(script: #"[{"at": "+1m", "do": "tapp", "item": "kale"}]"#),
            #"s.json:6:34: error: unknown step "tapp"; expected one of 32 step names (did you mean "tap"?) (at"#),
        Case(
            "step without do or expect", scenario(script: #"[{"at": "+1m"}]"#),
            "s.json:6:14: error: a step needs \"do\""),
        Case(
            "times out of order",
            scenario(script: #"[{"at": "+2m", "do": "raiseWrist"}, {"at": "+1m", "do": "tap", "item": "kale"}]"#),
            "s.json:6:56: error: step time +1m is before the previous step (+2m); expected steps in time order"),
        Case(
            "both at and after", scenario(script: #"[{"at": "+1m", "after": "5s", "do": "raiseWrist"}]"#),
            "s.json:6:37: error: a step has either \"at\" or \"after\", not both"),
        Case(
            "negative duration", scenario(script: #"[{"after": "-5s", "do": "raiseWrist"}]"#),
            "s.json:6:24: error: expected a non-negative duration, found \"-5s\""),
        Case(
            "negative offset", scenario(script: #"[{"at": "-5s", "do": "raiseWrist"}]"#),
            "s.json:6:21: error: expected a time at or after the scenario start, found the negative offset"),
        Case(
            "malformed duration", scenario(script: #"[{"after": "5 minutes", "do": "raiseWrist"}]"#),
            "s.json:6:24: error: expected a duration such as"),
        Case(
            "units out of order", scenario(script: #"[{"after": "30m1h", "do": "raiseWrist"}]"#),
            "s.json:6:24: error: expected duration units from largest to smallest"),
        Case(
            "malformed offset", scenario(script: #"[{"at": "+1x", "do": "raiseWrist"}]"#),
            "s.json:6:21: error: expected a duration such as"),
        Case(
            "date before the start", scenario(script: #"[{"at": "2026-11-21T08:00:00Z", "do": "raiseWrist"}]"#),
            "s.json:6:21: error: expected a time at or after the scenario start (2026-11-21T09:00:00Z)"),
        Case("wait without for", scenario(script: #"[{"do": "wait"}]"#), "s.json:6:14: error: missing key \"for\""),
        Case(
            "unknown expectation", scenario(script: #"[{"at": "+1m", "expect": {"remaning": 1}}]"#),
            #"s.json:6:39: error: unknown expectation "remaning"; expected one of 35 expectation names "#
                + #"(did you mean "remaining"?) (at"#),
        Case(
            "empty expectations", scenario(script: #"[{"at": "+1m", "expect": {}}]"#),
            "s.json:6:38: error: expected at least one expectation"),
        Case(
            "expectation of wrong type", scenario(script: #"[{"at": "+1m", "expect": {"remaining": "two"}}]"#),
            "s.json:6:52: error: expected a whole number from 0 to"),
        Case(
            "negative count", scenario(script: #"[{"at": "+1m", "expect": {"remaining": -1}}]"#),
            "s.json:6:52: error: expected a whole number from 0 to"),
        Case(
            "do and expect together",
            scenario(script: #"[{"at": "+1m", "do": "raiseWrist", "expect": {"remaining": 1}}]"#),
            "s.json:6:58: error: a step has either \"do\" or \"expect\", not both"),
        Case(
            "end before the last step", scenario(extra: ",\n  \"end\": \"+30s\""),
            "s.json:7:10: error: expected \"end\" at or after the last step (+1m), found +30s"),
        Case(
            "seed too large", scenario(extra: ",\n  \"seed\": 18446744073709551616"),
            "s.json:7:11: error: expected a whole number from 0 to 18446744073709551615, found 18446744073709551616"),
        Case(
            "seed negative", scenario(extra: ",\n  \"seed\": -3"),
            "s.json:7:11: error: expected a whole number from 0 to"),
        Case(
            "duplicate item in a history trip", scenario(extra: ",\n  \"history\": [[\"a\", \"b\", \"a\"]]"),
            "s.json:7:26: error: item \"a\" appears twice in this trip"),
        Case(
            "deep nesting", String(repeating: "[", count: 5_000),
            "s.json:1:102: error: JSON nested more than 100 levels deep"),
    ]

    @Test(arguments: cases)
    func malformedFileGivesALocatedError(_ testCase: Case) {
        do {
            _ = try ScenarioDecoder.decode(testCase.bytes, file: "s.json")
            Issue.record("expected an error starting with: \(testCase.expectedPrefix)")
        } catch {
            #expect(error.description.hasPrefix(testCase.expectedPrefix), "got: \(error.description)")
        }
    }

    /// Columns count Unicode scalars, also far along one long line (a whole file written on a
    /// single line, as JSON tools often do) and after multi-byte characters.
    @Test func columnsStayExactAlongAVeryLongLine() {
        let title = String(repeating: "é", count: 20_000)
        let text = #"{"name": "\#(title)", x}"#
        do {
            _ = try ScenarioDecoder.decode(Array(text.utf8), file: "s.json")
            Issue.record("expected an error")
        } catch {
            let column = 1 + #"{"name": ""#.count + 20_000 + #"", "#.count
            #expect(error.description.hasPrefix("s.json:1:\(column): error: "), "got: \(error.description)")
        }
    }

    /// A start so late that the run's times could pass 9999-12-31 was read, and `run --json`
    /// printed the end as year 10000 (not RFC 3339, and a start this reader refuses): the reader
    /// now refuses a start later than 100 years before the end of 9999, in UTC and in its offset.
    @Test(arguments: [
        ("9999-12-31T20:00:00Z", "9899-12-30T23:59:59Z"),
        ("9899-12-31T00:00:00Z", "9899-12-30T23:59:59Z"),
        ("9899-12-31T00:00:00+14:00", "9899-12-30T23:59:59+14:00"),
        ("9899-12-30T19:00:00-05:00", "9899-12-30T18:59:59-05:00"),
    ])
    func aStartWhoseRunCouldPassTheYear9999IsRefused(start: String, latest: String) {
        let text = Self.scenario().replacingOccurrences(of: "2026-11-21T09:00:00Z", with: start)
        do {
            _ = try ScenarioDecoder.decode(Array(text.utf8), file: "s.json")
            Issue.record("expected an error for \(start)")
        } catch {
            #expect(
                error.description.hasPrefix(
                    "s.json:4:12: error: the start \"\(start)\" is too late: times run up to 100 years (+36525d) "
                        + "after it and must stay within the year 9999; expected at most \"\(latest)\""),
                "\(error)")
        }
    }

    /// The latest start (in UTC, ahead of it and behind it) decodes, and so does its range's last time.
    @Test(arguments: ["9899-12-30T23:59:59Z", "9899-12-30T23:59:59+14:00", "9899-12-30T18:59:59-05:00"])
    func theLatestStartDecodes(start: String) throws {
        let text = Self.scenario(script: #"[{"at": "+36525d", "do": "tap", "item": "kale"}]"#)
            .replacingOccurrences(of: "2026-11-21T09:00:00Z", with: start)
        _ = try ScenarioDecoder.decode(Array(text.utf8), file: "s.json")
    }

    @Test func theValidBaseScenarioDecodes() throws {
        let scenario = try ScenarioDecoder.decode(Array(Self.scenario().utf8), file: "s.json")
        #expect(scenario.items.map(\.id) == ["kale", "eggs"])
        #expect(scenario.script.count == 1)
    }

    /// Property: no byte string, however mangled, crashes the decoder; it either decodes or
    /// throws a located error naming the file.
    @Test(arguments: 0..<40)
    func mangledFilesNeverCrash(seed: UInt64) {
        var state = seed &* 0x9E37_79B9_7F4A_7C15 &+ 1
        func next() -> UInt64 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return state
        }
        let base = Array(
            Self.scenario(extra: ",\n  \"history\": [[\"kale\", \"eggs\"]],\n  \"expect\": {\"remaining\": 1}").utf8)
        for _ in 0..<50 {
            var bytes = base
            for _ in 0..<(1 + Int(next() % 4)) where !bytes.isEmpty {
                let position = Int(next() % UInt64(bytes.count))
                switch next() % 4 {
                case 0: bytes.remove(at: position)
                case 1: bytes.insert(UInt8(truncatingIfNeeded: next()), at: position)
                case 2: bytes[position] = UInt8(truncatingIfNeeded: next())
                default: bytes = Array(bytes[..<position])
                }
            }
            do {
                _ = try ScenarioDecoder.decode(bytes, file: "m.json")
            } catch {
                #expect(error.description.hasPrefix("m.json"), "seed \(seed)")
                #expect(error.description.contains("error: "), "seed \(seed)")
            }
        }
    }
}
