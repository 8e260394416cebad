import ReminderScheduling
import SimulationKernel
import Testing

@testable import ScenarioRunner

/// Work and memory follow what a report lists, not the simulated span (issue #33 item 8): the
/// phone keeps the first ``RecordLog/defaultLimit`` deliveries, misses and app runs in full and
/// counts every one, and every verdict (badges, misses by reason) covers every one.
@Suite struct RemindersBoundTests {
    private func run(
        _ reminders: String, items: String = #"{"id": "x", "title": "X"}"#, end: String
    ) throws -> ScenarioSimulation {
        let json = """
            {"format": 1, "name": "bound", "start": "2026-11-23T00:00:00Z", "items": [\(items)],
             "reminders": \(reminders), "script": [], "end": "\(end)"}
            """
        var simulation = ScenarioSimulation(
            scenario: try ScenarioDecoder.decode(Array(json.utf8), file: "bound.json"), trace: .off)
        let outcome = simulation.run()
        #expect(outcome.invariantFailures.isEmpty, "\(outcome.invariantFailures)")
        return simulation
    }

    /// Three reminders every ten minutes for a month: 12,960 deliveries, of which the first
    /// thousand are kept; the counts cover all of them, and the report says how many it leaves out.
    @Test func aMonthOfRepeatingRemindersKeepsTheBoundAndCountsEveryDelivery() throws {
        let simulation = try run(
            """
            {"repeating": [{"id": "r0", "start": "+10m", "every": "10m"}, {"id": "r1", "start": "+10m", "every": "10m"},
                           {"id": "r2", "start": "+10m", "every": "10m"}], "repeatingBadges": "noBadge"}
            """, end: "+30d5m")
        let phone = simulation.phone.reminders.advanced(to: simulation.now)
        let harness = phone.harness
        #expect(harness.deliveries.count == RecordLog<ReminderDelivery>.defaultLimit)
        #expect(harness.deliveries.recordedCount == 3 * 30 * 144)
        #expect(harness.alertCount == 3 * 30 * 144)
        #expect(harness.deliveries.droppedCount == 3 * 30 * 144 - 1_000)

        let report = RemindersReport(scenario: simulation.scenario, phone: phone, overdueAt: nil)
        let text = report.text
        #expect(text.contains("deliveries (12960 alerts, 0 badge-only)"))
        #expect(text.contains("  … and 11960 more deliveries not listed (a report lists the first 1000)"))
        #expect(text.split(separator: "\n").count < 1_100)
        guard case .object(let document) = report.document, case .array(let listed)? = document["deliveries"],
            case .object(let notListed)? = document["notListed"]
        else {
            Issue.record("the JSON has no deliveries list or no notListed object")
            return
        }
        #expect(listed.count == 1_000)
        #expect(notListed["deliveries"] == .int(11_960))
        #expect(notListed["windows"] == .int(0))
    }

    /// A repeating reminder whose badge is fixed when scheduled (R12) goes wrong once an item
    /// comes due at +25h: every minutely delivery from then on (101 of them, all past the first
    /// thousand) leaves a wrong app badge, and the count of wrong badges says so.
    @Test func wrongBadgesAreCountedPastTheKeptDeliveries() throws {
        let simulation = try run(
            """
            {"repeating": [{"id": "minutely", "start": "+1m", "every": "1m"}], "repeatingBadges": "fixedAtScheduling"}
            """, items: #"{"id": "a", "title": "A", "due": "+25h"}"#, end: "+1600m")
        let phone = simulation.phone.reminders.advanced(to: simulation.now)
        #expect(phone.harness.deliveries.recordedCount == 1_601)
        // The kept deliveries all came before the item was due: none is wrong.
        #expect(phone.harness.deliveries.allSatisfy { $0.appBadge == $0.overdueAtFire })
        #expect(phone.wrongBadges == 101)
        let text = RemindersReport(scenario: simulation.scenario, phone: phone, overdueAt: nil).text
        #expect(text.contains("wrong badges  101 "))
    }

    /// Without permission every occurrence is missed: the misses past the first thousand are
    /// counted, by reason, as the sweep reads them.
    @Test func missesAreTalliedByReasonPastTheKeptOnes() throws {
        let simulation = try run(
            """
            {"authorization": "denied", "repeating": [{"id": "minutely", "start": "+1m", "every": "1m"}]}
            """, end: "+1100m")
        let harness = simulation.phone.reminders.harness
        #expect(harness.missed.count == 1_000)
        #expect(harness.missed.recordedCount == 1_100)
        #expect(harness.missedByCode[MissedReminder.Reason.Code.notAuthorized.rawValue] == 1_100)
        #expect(harness.missedByCode.reduce(0, +) == 1_100)
        let observation = SweepObservation.EndOfRun(simulation)
        #expect(observation.missed == [0, 0, 0, 0, 0, 1_100])
    }
}
