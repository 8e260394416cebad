import ScenarioRunner
import SimulationKernel
import Testing

/// Issue #15, "bounded error paths": a file with many mistakes reports each one located (up to
/// ``ScenarioErrorCollector/limit``), then "and N more", instead of stopping at the first.
@Suite struct ManyErrorsTests {
    static func decodeError(_ text: String, file: String = "s.json") -> ScenarioError? {
        do {
            _ = try ScenarioDecoder.decode(Array(text.utf8), file: file)
            return nil
        } catch {
            return error
        }
    }

    /// One step per line, so step *i* sits on line *i* + 4.
    static func scenario(steps: [String], extra: String = "") -> String {
        """
        {"format": 1, "name": "t", "start": "2026-11-21T09:00:00Z",
         "items": [{"id": "kale", "title": "Kale"}],
         "script": [
        \(steps.joined(separator: ",\n"))
         ]\(extra)}
        """
    }

    @Test func aGeneratedFileOfManyBadStepsReportsTheFirstTwentyThenCountsTheRest() throws {
        let count = 5_000
        let steps = (0..<count).map { _ in #"{"at": "+1m", "do": "tapp", "item": "kale"}"# }
        let error = try #require(Self.decodeError(Self.scenario(steps: steps)))
        let all = error.all
        #expect(all.count == ScenarioErrorCollector.limit)
        #expect(error.omitted == count - ScenarioErrorCollector.limit)
        for (index, reported) in all.enumerated() {
            #expect(reported.location == SourceLocation(line: index + 4, column: 21), "step \(index)")
            #expect(reported.path == "$.script[\(index)].do")
            #expect(reported.message == #"unknown step "tapp"; expected one of 32 step names (did you mean "tap"?)"#)
        }
        let lines = error.description.split(separator: "\n")
        #expect(lines.count == ScenarioErrorCollector.limit + 1)
        #expect(
            lines.first
                == #"s.json:4:21: error: unknown step "tapp"; expected one of 32 step names (did you mean "tap"?) (at $.script[0].do)"#
        )
        #expect(lines.last == "s.json: note: and \(count - ScenarioErrorCollector.limit) more errors")
        // Bounded: at most 20 lines of at most 150 bytes, however many steps are wrong.
        #expect(error.description.utf8.count < 150 * (ScenarioErrorCollector.limit + 1), "bounded message")
    }

    @Test func independentPartsAreEachReportedInFileOrder() throws {
        let text = """
            {"format": 1, "name": "", "start": "2026-11-21T09:00:00Z",
             "items": [{"id": "kale", "title": 3}, {"id": "eggs", "title": "Eggs", "bogus": 1}],
             "script": [
              {"at": "+1m", "do": "tap", "item": "kale"},
              {"at": "+2m", "do": "tap", "item": "bread"},
              {"at": "+3m", "expect": {"remaining": "x", "remainig": 1}}
             ],
             "expect": {"remaining": -1},
             "link": {"latency": "soon"},
             "colour": "red"}
            """
        let error = try #require(Self.decodeError(text))
        let found = error.all.map { ($0.location?.line ?? 0, $0.path ?? "") }
        #expect(
            found.map(\.1) == [
                "$.name", "$.items[0].title", "$.items[1].bogus", "$.script[1].item", "$.script[2].expect.remaining",
                "$.script[2].expect.remainig", "$.expect.remaining", "$.link.latency", "$.colour",
            ])
        #expect(found.map(\.0) == [1, 2, 2, 5, 6, 6, 8, 9, 10])
        #expect(error.omitted == 0)
        #expect(!error.description.contains("note:"))
    }

    @Test func anItemWhoseIdWasReadIsKnownEvenWhenTheRestOfItIsWrong() throws {
        let text = """
            {"format": 1, "name": "t", "start": "2026-11-21T09:00:00Z",
             "items": [{"id": "kale"}],
             "script": [{"at": "+1m", "do": "tap", "item": "kale"}]}
            """
        let error = try #require(Self.decodeError(text))
        #expect(error.all.count == 1, "\(error)")
        #expect(error.message.hasPrefix("missing key \"title\""))
    }

    @Test func aStepWithABadActionStillMovesTheClockForTheStepsAfterIt() throws {
        let steps = [
            #"{"at": "+10m", "do": "tapp", "item": "kale"}"#,
            #"{"at": "+10m", "do": "tap", "item": "kale"}"#,
            #"{"after": "1m", "do": "raiseWirst"}"#,
        ]
        let error = try #require(Self.decodeError(Self.scenario(steps: steps)))
        #expect(error.all.map(\.path) == ["$.script[0].do", "$.script[2].do"], "\(error)")
    }

    @Test func aFileWithOneErrorStillGivesOneLine() throws {
        let error = try #require(
            Self.decodeError(Self.scenario(steps: [#"{"at": "+1m", "do": "tap", "item": "kael"}"#])))
        #expect(error.more.isEmpty)
        #expect(error.omitted == 0)
        #expect(!error.description.contains("\n"))
        #expect(error.description.contains(#"(did you mean "kale"?)"#))
    }

    /// Counted errors skip their "did you mean": 20,000 unknown references against 2,000 items
    /// would otherwise sort and compare every id for every reference (40 million comparisons).
    @Test func errorsBeyondTheLimitAreOnlyCounted() throws {
        let items = (0..<2_000).map { #"{"id": "item-\#($0)", "title": "T"}"# }.joined(separator: ",")
        let steps = (0..<20_000).map { #"{"at": "+1m", "do": "tap", "item": "unknown-\#($0)"}"# }
        let text = """
            {"format": 1, "name": "t", "start": "2026-11-21T09:00:00Z", "items": [\(items)],
             "script": [\(steps.joined(separator: ","))]}
            """
        let error = try #require(Self.decodeError(text))
        #expect(error.all.count == ScenarioErrorCollector.limit)
        #expect(error.omitted == 20_000 - ScenarioErrorCollector.limit)
    }

    @Test func aWrongFormatStillStopsAtOnce() throws {
        let error = try #require(
            Self.decodeError(#"{"format": 2, "name": 1, "start": 2, "items": [], "script": 3}"#))
        #expect(error.all.count == 1)
        #expect(error.message == "unsupported format 2; this wristsim reads format 1")
    }

    @Test func theCollectorKeepsTheLimitAndCountsTheRest() {
        var errors = ScenarioErrorCollector()
        #expect(errors.combined == nil)
        for index in 0..<25 { errors.record(ScenarioError(file: "f", message: "e\(index)")) }
        #expect(errors.isFull)
        let combined = errors.combined
        #expect(combined?.all.map(\.message) == (0..<20).map { "e\($0)" })
        #expect(combined?.omitted == 5)
        var again = ScenarioErrorCollector()
        if let combined { again.record(combined) }
        #expect(again.combined == combined, "recording a combined error keeps its parts and count")
    }
}
