import CompanionModel
import ScenarioRunner
import SimulationKernel
import Testing

/// A sync step naming an item that cannot exist at that point is a located load error (exit 65),
/// not a runtime refusal: before, `phoneCheckItem "kael"` loaded and was traced as refused at run
/// time.
@Suite struct SyncStepValidationTests {
    static func decode(_ script: String) throws(ScenarioError) -> Scenario {
        let text = """
            {"format": 1, "name": "t", "start": "2026-11-21T09:00:00Z",
             "items": [{"id": "kale", "title": "Kale"}, {"id": "eggs", "title": "Eggs"}],
             "script": \(script)}
            """
        return try ScenarioDecoder.decode(Array(text.utf8), file: "s.json")
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var script: String
        var message: String
        var testDescription: String { name }
    }

    static let unknown: [Case] = [
        Case(
            name: "a phone check of a misspelt item",
            script: #"[{"at": "+1m", "do": "phoneCheckItem", "item": "kael"}]"#,
            message:
                #"s.json:3:59: error: unknown item "kael"; expected the id of an item in "items" (did you mean "kale"?) (at $.script[0].item)"#
        ),
        Case(
            name: "a phone rename of an item never added",
            script: #"[{"at": "+1m", "do": "phoneRenameItem", "item": "tofu", "title": "Tofu"}]"#,
            message:
                #"s.json:3:60: error: unknown item "tofu"; expected the id of an item in "items" (at $.script[0].item)"#
        ),
        Case(
            name: "an edit before the step that adds the item",
            script: """
                [{"at": "+1m", "do": "phoneRemoveItem", "item": "bread"},
                 {"at": "+2m", "do": "phoneAddItem", "item": "bread", "title": "Bread"}]
                """,
            message:
                #"s.json:3:60: error: unknown item "bread"; expected the id of an item in "items" (at $.script[0].item)"#
        ),
        Case(
            name: "an uncheck of a misspelt dictated item",
            script: """
                [{"at": "+1m", "do": "watchAddItem", "item": "coffee", "title": "Coffee"},
                 {"at": "+2m", "do": "phoneUncheckItem", "item": "cofee"}]
                """,
            message:
                #"s.json:4:50: error: unknown item "cofee"; expected the id of an item in "items" (did you mean "coffee"?) (at $.script[1].item)"#
        ),
    ]

    @Test(arguments: unknown)
    func anEditOfAnItemThatCannotExistIsALocatedError(_ test: Case) {
        #expect(throws: ScenarioError.self) { try Self.decode(test.script) }
        do {
            _ = try Self.decode(test.script)
        } catch {
            #expect(error.description == test.message)
        }
    }

    /// Items added by an earlier step, on either device, can be named afterwards: edited on the
    /// phone, tapped on the watch.
    @Test func itemsAddedEarlierCanBeEditedAndTapped() throws {
        let scenario = try Self.decode(
            """
            [{"at": "+10s", "do": "raiseWrist"},
             {"at": "+1m", "do": "watchAddItem", "item": "coffee", "title": "Coffee"},
             {"at": "+2m", "do": "phoneAddItem", "item": "bread", "title": "Bread"},
             {"at": "+3m", "do": "phoneRenameItem", "item": "coffee", "title": "Decaf"},
             {"at": "+4m", "do": "tap", "item": "bread"},
             {"at": "+5m", "expect": {"listsAgree": true, "checked": ["bread"], "titles": {"coffee": "Decaf"}}}]
            """)
        var simulation = ScenarioSimulation(scenario: scenario)
        let outcome = simulation.run()
        #expect(outcome.passed, "\(outcome.failedExpectations.map(\.failure)) \(outcome.invariantFailures)")
        #expect(simulation.phone.sync.replica.knownItem("bread")?.shown?.status == .checkedOff)
    }
}
