import Testing

@testable import ScenarioRunner

/// What the decoder keeps of where a step was written.
@Suite struct ScenarioDecoderTests {
    /// A step knows its element of `"script"` (what an exploration's variant edits), counting a
    /// `"wait"`, which makes no step of its own.
    @Test func aStepKnowsItsScriptElement() throws {
        let text = """
            {"format": 1, "name": "t", "start": "2026-11-21T09:00:00Z",
             "items": [{"id": "kale", "title": "Kale"}],
             "script": [{"do": "wait", "for": "1m"}, {"do": "tap", "item": "kale"}, {"expect": {"remaining": 0}}]}
            """
        let scenario = try ScenarioDecoder.decode(Array(text.utf8), file: "s.json")
        #expect(scenario.script.map(\.element) == [1, 2])
    }
}
