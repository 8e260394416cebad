import CompanionModel
import ScenarioRunner
import SimulationKernel
import Testing

/// Presets, execution budgets, reload policies and background-task limits, decoded and run.
@Suite struct ComplicationBudgetScenarioTests {
    private func decode(_ text: String) throws(ScenarioError) -> Scenario {
        try ScenarioDecoder.decode(Array(text.utf8), file: "c.json")
    }

    private func run(_ text: String) throws -> (ScenarioSimulation, ScenarioOutcome) {
        var simulation = ScenarioSimulation(scenario: try decode(text))
        let outcome = simulation.run()
        return (simulation, outcome)
    }

    private func scenario(
        _ complication: String, script: String = #"[{"at": "+1m", "do": "tap", "item": "kale"}]"#, remaining: Int = 1
    ) -> String {
        ComplicationScenarioTests.scenario(
            complication: complication, script: script, expect: #"{"remaining": \#(remaining)}"#
        )
        .replacingOccurrences(of: #""format": 1,"#, with: #""format": 1, "watch": "series3-38mm","#)
    }

    @Test func presetsSetTheSeedsRules() throws {
        let grocery = try #require(try decode(scenario(#"{"preset": "grocery"}"#)).sections.complication)
        #expect(grocery.configuration.budget.rules == .clockKit)
        #expect(grocery.configuration.budget.minimumReloadInterval == .minutes(10))
        #expect(grocery.configuration.budget.reloadPolicy == .after(.minutes(10)))
        #expect(grocery.configuration.budget.reloadWork == ComplicationWork.reloadsDatabase)
        #expect(grocery.configuration.budget.firstReset == SimTime(offset: .hours(15)), "midnight, as without a preset")
        let cheap = try #require(
            try decode(scenario(#"{"preset": "grocery", "budget": {"reloadWork": "readsCount"}}"#)).sections
                .complication)
        #expect(cheap.configuration.budget.reloadWork.cost == .milliseconds(10))
        #expect(cheap.configuration.budget.minimumReloadInterval == .minutes(10), "budget keys override the preset's")
        let tube = try #require(try decode(scenario(#"{"preset": "tubeStatus"}"#)).sections.complication)
        #expect(tube.configuration.budget.rules == .widgetKit)
        #expect(tube.configuration.budget.reloadPolicy == .after(.minutes(2)))
        #expect(tube.configuration.budget.futureEntryLimit == 0, "one entry per timeline")
        #expect(tube.configuration.budget.dailyReloads == 50)
    }

    @Test func budgetKeysDecode() throws {
        let settings = try #require(
            try decode(
                scenario(
                    #"""
                    {"budget": {"rules": "widgetKit", "dailyReloads": null, "dailyExecution": "30s",
                     "reloadWork": {"cost": "1.5s", "on": "S3", "does": "reads the database"},
                     "reloadPolicy": {"after": "15m"}, "backgroundTaskCPU": "2s", "backgroundTaskWall": "10s"},
                     "backgroundRefresh": {"every": "15m", "task": {"cpu": "3s", "on": "S4", "wall": "5s"}}}
                    """#)
            ).sections.complication)
        let budget = settings.configuration.budget
        #expect(budget.dailyReloads == nil)
        #expect(budget.dailyExecution == .seconds(30))
        #expect(budget.reloadWork == ComplicationWork(cost: .milliseconds(1_500), on: .s3, does: "reads the database"))
        #expect(budget.reloadPolicy == .after(.minutes(15)))
        #expect(budget.backgroundTaskLimits.cpu == .seconds(2))
        #expect(budget.backgroundTaskLimits.wall == .seconds(10))
        #expect(
            settings.backgroundRefresh?.task
                == BackgroundTaskWork(cpu: ComplicationWork(cost: .seconds(3), on: .s4), wall: .seconds(5)))
    }

    struct BadCase: CustomTestStringConvertible, Sendable {
        var name: String
        var complication: String
        var expected: String
        var testDescription: String { name }
    }

    static let badCases: [BadCase] = [
        BadCase(
            name: "the transfer budget is the link's", complication: #"{"budget": {"dailyTransfers": 10}}"#,
            expected:
                #""dailyTransfers" is not a complication setting; the phone's complication transfers per day are the link's"#
        ),
        BadCase(
            name: "unknown preset", complication: #"{"preset": "weather"}"#,
            expected: #"unknown preset "weather"; expected one of: "grocery", "tubeStatus" (at"#),
        BadCase(
            name: "unknown policy", complication: #"{"budget": {"reloadPolicy": "soon"}}"#,
            expected: #"unknown reload policy "soon""#),
        BadCase(
            name: "zero after", complication: #"{"budget": {"reloadPolicy": {"after": "0s"}}}"#,
            expected: "expected a positive delay"),
        BadCase(
            name: "unknown chip", complication: #"{"budget": {"reloadWork": {"cost": "1s", "on": "S99"}}}"#,
            expected:
                #"unknown chip "S99"; expected one of: "S1", "S1P", "S2", "S3", "S4", "S5", "S6", "S7", "S8", "S9", "#
                + #""S10" (did you mean "S9"?)"#),
        BadCase(
            name: "cost too large", complication: #"{"budget": {"reloadWork": {"cost": "2h"}}}"#,
            expected: #"expected a duration of at most "1h", found "2h""#),
        BadCase(
            name: "unknown work name", complication: #"{"budget": {"reloadWork": "readsEverything"}}"#,
            expected: #"unknown reload work "readsEverything""#),
        BadCase(
            name: "missing cost", complication: #"{"budget": {"reloadWork": {"on": "S3"}}}"#,
            expected: #"missing key "cost""#),
        BadCase(
            name: "execution too large", complication: #"{"budget": {"dailyExecution": "2d"}}"#,
            expected: #"at most "1d""#),
        BadCase(
            name: "unknown task key", complication: #"{"backgroundRefresh": {"every": "15m", "task": {"cpus": "1s"}}}"#,
            expected: #"unknown key "cpus""#),
    ]

    @Test(arguments: badCases) func badKeysGiveLocatedErrors(_ test: BadCase) {
        do {
            _ = try decode(scenario(test.complication))
            Issue.record("expected an error")
        } catch {
            #expect(error.description.hasPrefix("c.json:6:"), "got: \(error.description)")
            #expect(error.description.contains(test.expected), "got: \(error.description)")
        }
    }

    @Test func anOverrunningTaskStopsRefreshesUntilTheAppRunsAgain() throws {
        let (simulation, outcome) = try run(
            scenario(
                #"""
                {"budget": {"backgroundRefreshTiming": "punctual"},
                 "backgroundRefresh": {"every": "15m", "task": {"cpu": "5s", "on": "S3"}}}
                """#,
                script: #"""
                    [{"at": "+1h", "expect": {"complicationBudget": {"backgroundTasks": 1, "terminated": 1}}},
                     {"at": "+2h", "do": "raiseWrist"}, {"after": "5s", "do": "tap", "item": "kale"},
                     {"at": "+2h16m", "expect": {"complicationBudget": {"backgroundTasks": 2, "terminated": 2}}}]
                    """#))
        #expect(outcome.passed, "\(outcome.expectations.compactMap(\.failure))")
        let tasks = simulation.trace.filter { $0.kind == "complication.backgroundTask" }
        let terminated = tasks.filter { $0.fields.contains { $0.key == "code" && $0.value == .string("0xc51bad01") } }
        #expect(terminated.count == 2)
        #expect(terminated.first?.time == SimTime(offset: .minutes(15)) + .seconds(4), "woke at 15m, killed 4 s later")
        let restarted = simulation.trace.filter { $0.kind == "complication.refreshPlanRestarted" }
        #expect(restarted.count == 1, "the tap at 2h relaunched the app, which scheduled again")
        #expect((restarted.first?.time ?? .zero) > SimTime(offset: .hours(2)))
        let summary = try #require(outcome.summary.first { $0.title == "complication" })
        #expect(summary.rows.first { $0.key == "terminated" }?.text == "2 (0xc51bad01, 0xc51bad01)")
    }

    @Test func theBackgroundTaskWorkStepChangesLaterTasks() throws {
        let (_, outcome) = try run(
            scenario(
                #"{"backgroundRefresh": {"every": "15m", "task": {"cpu": "1s", "on": "S3"}}}"#,
                script: #"""
                    [{"at": "+20m", "do": "backgroundTaskWork", "cpu": "20s", "wall": "20s", "on": "S3"},
                     {"at": "+1h", "expect": {"complicationBudget": {"backgroundTasks": 2, "terminated": 1}}}]
                    """#, remaining: 2))
        #expect(outcome.passed, "\(outcome.expectations.compactMap(\.failure))")
    }

    @Test func policyReloadsRunOnTheLoopAndAreTraced() throws {
        let (simulation, outcome) = try run(
            scenario(
                #"{"preset": "tubeStatus"}"#,
                script:
                    #"[{"at": "+3h", "expect": {"complicationBudget": {"policyReloads": 10, "longestWithoutReloadAtMost": "18m"}}}]"#,
                remaining: 2))
        #expect(outcome.passed, "\(outcome.expectations.compactMap(\.failure))")
        let planned = simulation.trace.filter { $0.kind == "complication.policyPlanned" }
        #expect(
            planned.first?.fields.first { $0.key == "askedFor" }?.value == .string("+2m0.000s"),
            "to the millisecond, as every traced time")
        #expect(planned.first?.fields.first { $0.key == "moved" }?.value == .string("budgetPacing"))
    }
}
