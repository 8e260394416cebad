import Testing

@testable import ScenarioRunner

/// The `deliveries` and `missedReminders` expectations compare the phone's records in place; each
/// verdict and failure message must be what comparing the built lists gives.
@Suite struct RemindersExpectationMatchingTests {
    /// Three items due at +1h, +2h, +3h with a window of 2 and no app run after launch: a and b are
    /// delivered (badges 1, 2), c is missed (held outside the window).
    private func failure(_ expectation: String) throws -> String? {
        let json = """
            {"format": 1, "name": "t", "start": "2026-11-23T00:00:00Z",
             "items": [{"id": "a", "title": "A", "due": "+1h"}, {"id": "b", "title": "B", "due": "+2h"},
                       {"id": "c", "title": "C", "due": "+3h"}],
             "reminders": {"window": 2},
             "script": [{"at": "+4h", "expect": {\(expectation)}}]}
            """
        var simulation = ScenarioSimulation(scenario: try ScenarioDecoder.decode(Array(json.utf8), file: "test.json"))
        let outcome = simulation.run()
        #expect(simulation.phone.reminders.harness.deliveries.map(\.identifier) == ["item:a", "item:b"])
        #expect(simulation.phone.reminders.harness.missed.map(\.owner) == ["c"])
        return outcome.failedExpectations.first?.failure
    }

    @Test(
        arguments: [
            (#""deliveries": [{"item": "a", "badge": 1}, {"item": "b", "badge": 2}]"#, nil),
            (
                #""deliveries": [{"item": "a", "badge": 1}]"#,
                "expected deliveries [a (badge 1)], found [a (badge 1), b (badge 2)]"
            ),
            (
                #""deliveries": [{"item": "a", "badge": 1}, {"item": "b", "badge": 2}, {"item": "c", "badge": 3}]"#,
                "expected deliveries [a (badge 1), b (badge 2), c (badge 3)], found [a (badge 1), b (badge 2)]"
            ),
            (
                #""deliveries": [{"item": "a", "badge": 1}, {"item": "b", "badge": null}]"#,
                "expected deliveries [a (badge 1), b (badge unchanged)], found [a (badge 1), b (badge 2)]"
            ),
            (
                #""deliveries": [{"item": "b", "badge": 1}, {"item": "a", "badge": 2}]"#,
                "expected deliveries [b (badge 1), a (badge 2)], found [a (badge 1), b (badge 2)]"
            ),
            (#""deliveries": []"#, "expected deliveries [], found [a (badge 1), b (badge 2)]"),
            (#""deliveries": 2"#, nil),
            (#""deliveries": 3"#, "expected 3 deliveries, found 2"),
            (#""missedReminders": ["c"]"#, nil),
            (#""missedReminders": []"#, "expected missed [], found [c]"),
            (#""missedReminders": ["c", "d"]"#, "expected missed [c, d], found [c]"),
            (#""missedReminders": ["a"]"#, "expected missed [a], found [c]"),
            (#""missedReminders": 1"#, nil),
            (#""missedReminders": 0"#, "expected 0 missed reminders, found 1"),
        ] as [(String, String?)])
    func verdictAndMessageAreThoseOfTheBuiltLists(expectation: String, message: String?) throws {
        #expect(try failure(expectation) == message)
    }
}
