import CompanionModel
import ScenarioRunner
import SimulationKernel
import Testing

/// The `"complication"` section, its steps and expectations, decoded and run.
@Suite struct ComplicationScenarioTests {
    static func scenario(complication: String, script: String, expect: String = #"{"remaining": 0}"#) -> String {
        """
        {
          "format": 1,
          "name": "t",
          "start": "2026-11-21T09:00:00+01:00",
          "items": [{"id": "kale", "title": "Kale"}, {"id": "eggs", "title": "Eggs", "due": "+1h"}],
          "complication": \(complication),
          "script": \(script),
          "expect": \(expect)
        }
        """
    }

    private func decode(_ text: String) throws -> Scenario {
        try ScenarioDecoder.decode(Array(text.utf8), file: "c.json")
    }

    private func run(_ text: String) throws -> (ScenarioSimulation, ScenarioOutcome) {
        var simulation = ScenarioSimulation(scenario: try decode(text))
        let outcome = simulation.run()
        return (simulation, outcome)
    }

    @Test func sectionDefaultsAndOverrides() throws {
        let scenario = try decode(
            Self.scenario(
                complication: #"""
                    {"families": ["inline", "circular"], "content": "nextDue", "textLimits": {"inline": 12},
                     "budget": {"rules": "widgetKit", "dailyReloads": 7, "firstReset": "+2h", "resetEvery": "12h"},
                     "backgroundRefresh": {"every": "20m", "from": "+5m"}}
                    """#,
                script: #"[{"at": "+1m", "do": "tap", "item": "kale"}, {"at": "+2m", "do": "tap", "item": "eggs"}]"#))
        let settings = try #require(scenario.sections.complication)
        #expect(settings.configuration.families == [.circular, .inline])
        #expect(settings.configuration.mode == .nextDue)
        #expect(settings.configuration.limits[.inline] == 12)
        #expect(settings.configuration.budget.dailyReloads == 7)
        #expect(settings.configuration.budget.foregroundReloads == .free)
        #expect(settings.configuration.budget.entrySpacing == .minutes(5))
        #expect(settings.configuration.budget.firstReset == SimTime(offset: .hours(2)))
        #expect(settings.configuration.budget.resetPeriod == .hours(12))
        #expect(settings.backgroundRefresh?.every == .minutes(20))
        #expect(settings.backgroundRefresh?.from == SimTime(offset: .minutes(5)))
        #expect(settings.backgroundRefresh?.task == BackgroundTaskWork())
    }

    @Test func theDefaultResetIsTheNextLocalMidnight() throws {
        let scenario = try decode(
            Self.scenario(
                complication: "{}", script: #"[{"at": "+1m", "do": "tap", "item": "kale"}]"#,
                expect: #"{"remaining": 1}"#))
        let budget = try #require(scenario.sections.complication).configuration.budget
        #expect(budget.firstReset == SimTime(offset: .hours(15)), "09:00 local to midnight")
        #expect(budget.dailyReloads == nil, "ClockKit budgets execution time, not reloads")
        #expect(budget.dailyExecution == .seconds(60))
    }

    struct BadCase: CustomTestStringConvertible, Sendable {
        var name: String
        var complication: String
        var expected: String
        var testDescription: String { name }
    }

    static let badCases: [BadCase] = [
        BadCase(
            name: "misspelt family", complication: #"{"families": ["circlar"]}"#,
            expected:
                #"unknown complication family "circlar"; expected one of: "circular", "corner", "rectangular", "inline", "#
                + #""modularSmall" (did you mean "circular"?)"#),
        BadCase(
            name: "unknown family", complication: #"{"families": ["bezel"]}"#,
            expected:
                #"unknown complication family "bezel"; expected one of: "circular", "corner", "rectangular", "inline", "#
                + #""modularSmall" (at"#),
        BadCase(
            name: "duplicate family", complication: #"{"families": ["inline", "inline"]}"#,
            expected: #"family "inline" is listed twice"#),
        BadCase(
            name: "unknown key", complication: #"{"famillies": ["inline"]}"#,
            expected:
                #"unknown key "famillies"; expected one of: "families", "content", "onActiveFace", "textLimits", "#
                + #""preset", "budget", "backgroundRefresh" (did you mean "families"?)"#),
        BadCase(
            name: "unknown content", complication: #"{"content": "next"}"#,
            expected: #"unknown content "next"; expected one of: "nextItem", "nextDue" (at"#),
        BadCase(
            name: "unknown rules", complication: #"{"budget": {"rules": "watchKit"}}"#,
            expected: #"unknown rules "watchKit""#),
        BadCase(
            name: "negative budget", complication: #"{"budget": {"dailyReloads": -1}}"#,
            expected: "expected a whole number from 0 to 100000, found -1"),
        BadCase(
            name: "zero refresh period", complication: #"{"backgroundRefresh": {"every": "0s"}}"#,
            expected: "expected a refresh period of at least 1m"),
        BadCase(
            name: "text limit zero", complication: #"{"textLimits": {"circular": 0}}"#,
            expected: "expected a whole number from 1 to 200, found 0"),
    ]

    @Test(arguments: badCases) func badSectionsGiveLocatedErrors(_ test: BadCase) {
        let text = Self.scenario(
            complication: test.complication, script: #"[{"at": "+1m", "do": "tap", "item": "kale"}]"#)
        do {
            _ = try ScenarioDecoder.decode(Array(text.utf8), file: "c.json")
            Issue.record("expected an error")
        } catch {
            #expect(error.description.hasPrefix("c.json:6:"), "got: \(error.description)")
            #expect(error.description.contains(test.expected), "got: \(error.description)")
        }
    }

    @Test func expectationNeedsSomethingToCheck() {
        let text = Self.scenario(
            complication: "{}", script: #"[{"at": "+1m", "expect": {"complication": {"family": "circular"}}}]"#)
        #expect(throws: ScenarioError.self) { try decode(text) }
    }

    @Test func checkOffsReloadAndTheFaceFollows() throws {
        let (simulation, outcome) = try run(
            Self.scenario(
                complication: #"{"families": ["circular", "rectangular"], "content": "nextDue"}"#,
                script: #"""
                    [{"at": "+1m", "do": "tap", "item": "kale"},
                     {"after": "1s", "expect": {"complication": {"family": "circular", "shows": "1"}}},
                     {"at": "+1h", "expect": {"complication": {"family": "rectangular", "shows": "1 left · Eggs overdue"}}},
                     {"at": "+1h1m", "do": "tap", "item": "eggs"}]
                    """#,
                expect:
                    #"{"complication": {"family": "circular", "shows": "0", "staleTotalAtMost": "1s"}, "complicationBudget": {"charged": 2, "refused": 0, "executionLeft": "59.996666666s"}}"#
            ))
        #expect(outcome.passed, "\(outcome.failedExpectations.map { $0.failure ?? "" })")
        #expect(simulation.trace.contains { $0.kind == "complication.request" })
        #expect(outcome.summary.contains { $0.title == "complication" })
    }

    @Test func aFailedExpectationSaysWhatTheFaceShowed() throws {
        let (_, outcome) = try run(
            Self.scenario(
                complication: #"{"budget": {"dailyReloads": 0}}"#,
                script: #"[{"at": "+1m", "do": "tap", "item": "kale"}, {"at": "+2m", "do": "tap", "item": "eggs"}]"#,
                expect: #"{"complication": {"family": "circular", "shows": "0", "staleLongestAtMost": "1m"}}"#))
        let failure = try #require(outcome.failedExpectations.first?.failure)
        #expect(
            failure
                == #"expected circular to show "0", found "2"; expected circular stale for at most 1m at a time, found 5m59.998s"#
        )
    }

    @Test func stalenessCountsFromTheTapEvenWhenTheReloadIsRefused() throws {
        let (simulation, _) = try run(
            Self.scenario(
                complication: #"{"families": ["circular"], "budget": {"dailyReloads": 1}}"#,
                script: #"[{"at": "+1m", "do": "tap", "item": "kale"}, {"at": "+3m", "do": "tap", "item": "eggs"}]"#))
        let report = try #require(simulation.complicationReport())
        let staleness = try #require(report.staleness(of: .circular))
        let commit = try #require(
            simulation.trace.first { $0.kind == "watch.listChanged" && $0["item"] == "eggs" }?.time)
        let refused = try #require(report.records.first { $0.outcome.refusal == .budgetExhausted }?.at)
        let last = try #require(staleness.spans.last)
        #expect(last.from == commit, "stale from the check-off itself")
        #expect(commit < refused, "before the pipeline's update step asked for the (refused) reload")
        #expect(last.to == SimTime(offset: .minutes(8)), "until the end")
        #expect(staleness.spans.count == 2, "the first check-off's lag, then the refused one")
    }

    @Test func backgroundRefreshesRunOnTheirScheduleAndStopOffTheFace() throws {
        let (simulation, _) = try run(
            Self.scenario(
                complication:
                    #"{"budget": {"backgroundRefreshTiming": "punctual"}, "backgroundRefresh": {"every": "10m"}}"#,
                script: #"""
                    [{"at": "+1m", "do": "tap", "item": "kale"}, {"at": "+50m", "do": "complicationOffFace"},
                     {"at": "+80m", "do": "tap", "item": "eggs"}]
                    """#))
        let model = try #require(simulation.complication.model)
        let wakes = model.records.filter { $0.source == .backgroundRefresh && $0.kind == .reload }.map(\.at)
        #expect(wakes == [10, 25, 40].map { SimTime(offset: .minutes($0)) }, "10m asked, 15m apart granted")
        let limited = model.records.filter { $0.outcome.refusal == .backgroundRateLimit }
        #expect(limited.count == 3, "each schedule for 10m later is refused, then retried at the earliest time")
        #expect(
            !simulation.trace.contains {
                $0.time > SimTime(offset: .minutes(50)) && $0.kind == "complication.reloaded"
                    && $0["source"] == "backgroundRefresh"
            })
        #expect(model.records.last?.outcome.refusal == .notOnActiveFace)
    }

    /// One complication-transfer budget: the link's. The second transfer of a one-a-day budget
    /// falls back to userInfo; the watch app reloads the complication itself, and the
    /// complication reports the link's figure (before, it kept a second budget of its own).
    @Test func phoneTransfersShareTheLinksOneBudget() throws {
        let text = Self.scenario(
            complication: "{}",
            script: #"""
                [{"at": "+1m", "do": "phoneComplicationTransfer"}, {"at": "+2m", "do": "phoneComplicationTransfer"},
                 {"after": "1s", "expect": {"complicationBudget": {"transfersLeft": 0, "refused": 0},
                   "complicationBudgetRemaining": 0, "fellBack": {"complication": 1}}},
                 {"at": "+3m", "do": "tap", "item": "kale"}, {"at": "+4m", "do": "tap", "item": "eggs"}]
                """#
        ).replacingOccurrences(
            of: #""complication": {}"#, with: #""complication": {}, "link": {"complicationTransfersPerDay": 1}"#)
        let (simulation, outcome) = try run(text)
        #expect(outcome.passed, "\(outcome.failedExpectations.map(\.failure))")
        let sources = simulation.complication.model?.records.filter { $0.kind == .reload }.map(\.source) ?? []
        #expect(sources.prefix(3) == [.system, .phoneTransfer, .app], "\(sources)")
        let transfer = simulation.complication.model?.records.first { $0.source == .phoneTransfer }
        #expect(transfer?.transfersLeft == 0, "the record carries the link's count after the transfer")
    }
}
