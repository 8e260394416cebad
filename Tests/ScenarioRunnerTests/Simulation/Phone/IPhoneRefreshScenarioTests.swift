import ReminderScheduling
import SimulationKernel
import Testing

@testable import ScenarioRunner

/// Rule P10 and S6 on the iPhone (`docs/reminders.md`, issue #38 item 1) at the scenario level: a
/// background refresh runs a seeded delay after its earliest begin date (punctual on request), its
/// task has 30 s of runtime, an overrun ends with 0x8badf00d; the delays come from the run's seed on
/// a sub-stream of the phone's own.
@Suite struct IPhoneRefreshScenarioTests {
    private func decode(_ json: String) throws -> Scenario {
        try ScenarioDecoder.decode(Array(json.utf8), file: "test.json")
    }

    private func run(_ scenario: Scenario, seed: UInt64? = nil) -> (ScenarioSimulation, ScenarioOutcome) {
        var simulation = ScenarioSimulation(scenario: scenario, seed: seed)
        let outcome = simulation.run()
        return (simulation, outcome)
    }

    /// The reminders the rule says a W-window refilled at each app run misses: a reminder due at d is
    /// delivered only if it is among the W soonest due after the last run before d.
    private func missesByTheRule(dues: [ReminderTime], runs: [ReminderTime], window: Int) -> [ReminderTime] {
        dues.filter { due in
            guard let last = runs.last(where: { $0 < due }) else { return true }
            return dues.filter { $0 > last && $0 < due }.count >= window
        }
    }

    /// The shipped pair: the same 48 reminders; punctual misses none, realistic misses 27 with seed 1,
    /// each exactly the reminders that fall between a window's end and the next refresh.
    @Test func theShippedScenarioMissesWhatTheRulesSayUnderBothTimings() throws {
        let realistic = try ShippedScenarios.decoded("reminders-iphone-refresh.json")
        let punctual = try ShippedScenarios.decoded("reminders-iphone-refresh-punctual.json")
        #expect(realistic.items.map(\.id) == punctual.items.map(\.id))
        #expect(realistic.items.map(\.due) == punctual.items.map(\.due))
        #expect(realistic.sections.reminders?.refresh.timing == .realistic)
        #expect(punctual.sections.reminders?.refresh.timing == .punctual)
        var missed: [Int] = []
        for scenario in [punctual, realistic] {
            let (simulation, outcome) = run(scenario)
            #expect(outcome.failedExpectations.isEmpty, "\(outcome.failedExpectations.map(\.failure))")
            let harness = simulation.phone.reminders.advanced(to: simulation.now).harness
            let dues = scenario.items.compactMap(\.due).map(PhoneReminders.reminderTime)
            let runs = harness.snapshots.map(\.at)
            #expect(harness.missed.map(\.due) == missesByTheRule(dues: dues, runs: runs, window: 4))
            for snapshot in harness.snapshots.dropLast() {
                let request = try #require(snapshot.refreshRequest)
                #expect(request.earliest == snapshot.at + 3_600)
                #expect(request.runsAt >= request.earliest, "not sooner than the earliest begin date")
                if scenario.sections.reminders?.refresh.timing == .punctual {
                    #expect(request.runsAt == request.earliest)
                }
            }
            missed.append(harness.missed.count)
        }
        #expect(missed == [0, 27])
    }

    private static let hourly = """
        {"format": 1, "name": "t", "seed": 5, "start": "2026-11-23T00:00:00Z", "end": "+2d",
         "items": [{"id": "a", "title": "A", "due": "+1d"}],
         "reminders": {"scheduler": "backgroundRefresh", "window": 1, "refresh": {"every": "1h"}}LINK,
         "script": []}
        """

    /// The refresh times of a run.
    private func refreshTimes(_ json: String, seed: UInt64? = nil) throws -> [ReminderTime] {
        let (simulation, _) = run(try decode(json), seed: seed)
        return simulation.phone.reminders.harness.snapshots.compactMap(\.refreshRequest?.runsAt)
    }

    /// The delays are the run's seed's: the same seed gives the same refresh times, another seed
    /// others, and another feature's draws (a link with random latency and duplicates) shift none.
    @Test func theDelaysComeFromTheRunsSeedOnTheirOwnSubStream() throws {
        let plain = Self.hourly.replacingOccurrences(of: "LINK", with: "")
        let noisy = Self.hourly.replacingOccurrences(
            of: "LINK",
            with:
                #", "link": {"latency": {"exponential": {"mean": "600ms", "floor": "50ms"}}, "duplicateProbability": 0.2}"#
        )
        let times = try refreshTimes(plain)
        #expect(times.count > 5)
        #expect(try refreshTimes(plain) == times)
        #expect(try refreshTimes(noisy) == times, "the link's draws shift no refresh")
        #expect(try refreshTimes(plain, seed: 6) != times)
        // Each is the earliest begin date plus the next draw of the phone's sub-stream.
        var stream = SplitMix64(seed: 5)
        var rng = stream.split(label: PhoneReminders.refreshRandomLabel)
        let (simulation, _) = run(try decode(plain))
        for snapshot in simulation.phone.reminders.harness.snapshots {
            let request = try #require(snapshot.refreshRequest)
            #expect(request.runsAt == request.earliest + AppRefreshTiming.realistic.delay(using: &rng))
        }
    }

    /// Rule S6 on the iPhone: over 30 s of runtime the watchdog terminates the refresh task with
    /// 0x8badf00d; 27 s of CPU, over watchOS's 4 s, completes.
    @Test(arguments: [
        (task: #"{"cpuPerReminder": "11s"}"#, code: "0x8badf00d", why: "watchdog: refilling 3 reminders takes 33s"),
        (task: #"{"wall": "31s"}"#, code: "0x8badf00d", why: "watchdog: refilling 3 reminders takes 31s"),
        (task: #"{"cpuPerReminder": "9s"}"#, code: "", why: ""),
        (
            task: #"{"cpuPerReminder": "3s", "wallLimit": "8s"}"#, code: "0x8badf00d",
            why: "watchdog: refilling 3 reminders takes 9s, over the 8s"
        ),
    ])
    func aRefreshTaskOverThirtySecondsIsEndedByTheWatchdog(task: String, code: String, why: String) throws {
        let (simulation, outcome) = run(
            try decode(
                """
                {"format": 1, "name": "t", "start": "2026-11-23T00:00:00Z",
                 "items": [{"id": "a", "title": "A", "due": "+1h"}, {"id": "b", "title": "B", "due": "+2h"},
                           {"id": "c", "title": "C", "due": "+3h"}],
                 "reminders": {"scheduler": "backgroundRefresh", "window": 1,
                               "refresh": {"every": "30m", "timing": "punctual", "task": \(task)}},
                 "script": [{"at": "+5h", "expect": {"backgroundTasksTerminated": \(code.isEmpty ? 0 : 1)}}]}
                """))
        #expect(outcome.failedExpectations.isEmpty, "\(outcome.failedExpectations.map(\.failure))")
        let harness = simulation.phone.reminders.harness
        #expect(harness.terminations.map(\.code) == (code.isEmpty ? [] : [code]))
        if !code.isEmpty {
            #expect(harness.terminations.first?.detail.hasPrefix(why) == true, "\(harness.terminations)")
            let refill = outcome.trace.first {
                $0.kind == "phone.refill" && $0.fields.contains { $0.key == "terminated" }
            }
            #expect(refill?.fields.first { $0.key == "terminated" }?.value == .string(code))
        } else {
            #expect(harness.missed.isEmpty)
        }
    }

    @Test(arguments: [
        (#"{"timing": "soon"}"#, #"unknown timing "soon"; expected one of: "opportunistic", "punctual" (at"#),
        (#"{"timing": "punctual", "meanDelay": "1h"}"#, "meanDelay applies to \"opportunistic\" timing only"),
        (#"{"meanDelay": "0s"}"#, "expected a meanDelay from 1s to 7d"),
        (#"{"meanDelay": "8d"}"#, "expected a meanDelay from 1s to 7d"),
        (#"{"task": {"cpuLimit": "4s"}}"#, "cpuLimit is a watchOS background task limit"),
    ])
    func badTimingAndLimitSettingsAreLocatedErrors(refresh: String, message: String) throws {
        let json = """
            {"format": 1, "name": "t", "start": "2026-11-23T00:00:00Z", "items": [{"id": "a", "title": "A"}],
             "reminders": {"refresh": \(refresh)}, "script": []}
            """
        #expect {
            try decode(json)
        } throws: { error in
            "\(error)".contains(message) && "\(error)".contains("test.json:2:")
        }
    }

    @Test(arguments: [
        (#"{}"#, AppRefreshTiming.realistic),
        (#"{"timing": "punctual"}"#, .punctual),
        (#"{"timing": "opportunistic"}"#, .realistic),
        (#"{"meanDelay": "30m"}"#, .opportunistic(meanDelay: 1_800)),
    ])
    func theTimingSettingDecodes(refresh: String, timing: AppRefreshTiming) throws {
        let scenario = try decode(
            """
            {"format": 1, "name": "t", "start": "2026-11-23T00:00:00Z", "items": [{"id": "a", "title": "A"}],
             "reminders": {"refresh": \(refresh)}, "script": []}
            """)
        #expect(scenario.sections.reminders?.refresh.timing == timing)
    }

    /// The run summary says which timing the background-refresh strategy's misses rest on.
    @Test(arguments: [
        ("reminders-iphone-refresh.json", "opportunistic"), ("reminders-iphone-refresh-punctual.json", "punctual"),
    ])
    func theSummaryStatesTheRefreshTiming(file: String, timing: String) throws {
        let (simulation, _) = run(try ShippedScenarios.decoded(file))
        let rows = simulation.phone.summary(in: simulation).flatMap(\.rows)
        #expect(rows.first { $0.key == "refreshTiming" }?.value == .string(timing))
    }

    /// `reminders --compare`: every strategy under the realistic and the punctual timing; only the
    /// background-refresh strategy depends on it.
    @Test func theComparisonShowsMissesUnderBothTimings() throws {
        let comparison = RemindersComparison(
            scenario: try ShippedScenarios.decoded("reminders-iphone-refresh-punctual.json"), seed: nil)
        let refresh = try #require(comparison.rows.first { $0.strategy == .backgroundRefresh })
        #expect(refresh.missed == 0 && refresh.missedPunctual == 0 && refresh.missedRealistic == 27)
        for row in comparison.rows where row.strategy != .backgroundRefresh {
            #expect(row.missedRealistic == row.missedPunctual, "\(row.strategy)")
        }
        #expect(comparison.realisticMeanDelay == 7_200)
        #expect(comparison.text.contains("realistic"))
        guard case .object(let document) = comparison.document, case .array(let rows)? = document["strategies"],
            case .object(let last)? = rows.last
        else {
            Issue.record("no strategies in \(comparison.document)")
            return
        }
        #expect(last["missedRealistic"] == .int(27))
        #expect(last["missedPunctual"] == .int(0))
        #expect(document["realisticMeanDelay"] == .string("2h"))
    }
}
