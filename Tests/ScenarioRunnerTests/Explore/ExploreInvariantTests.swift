import Foundation
import ReminderScheduling
import SimulationKernel
import Testing

@testable import CompanionModel
@testable import ScenarioRunner

/// `explore`'s invariants beyond convergence: each can fail, the real rules keep them, and the
/// fast run path agrees with the full one.
@Suite struct ExploreInvariantTests {
    static func scenario(_ name: String) throws -> Scenario { try ShippedScenarios.decoded(name) }

    /// A message that arrives after one sent later on the same channel and direction breaks FIFO;
    /// other channels, the other direction and in-order arrivals do not.
    @Test func fifoPerChannelFailsOnAnOvertakenMessageOnly() {
        let start = EpochTime(secondsSinceEpoch: 0)
        func at(_ seconds: Int64) -> SimTime { .zero + .seconds(seconds) }
        // A first delivery of message `id`, sent by `from` on `channel`, arriving `at`.
        func arrival(channel: LinkChannel, from: LinkSide, id: MessageID, at: SimTime) -> LinkDeliveryRecord {
            LinkDeliveryRecord(
                id: id, channel: channel, route: from == .watch ? .watchToPhone : .phoneToWatch, sentAt: at, at: at)
        }
        let inOrder = [
            arrival(channel: .userInfo, from: .watch, id: 1, at: at(1)),
            arrival(channel: .interactive, from: .watch, id: 3, at: at(2)),
            arrival(channel: .userInfo, from: .phone, id: 2, at: at(3)),
            arrival(channel: .userInfo, from: .watch, id: 4, at: at(4)),
            arrival(channel: .applicationContext, from: .watch, id: 6, at: at(5)),
            arrival(channel: .applicationContext, from: .watch, id: 5, at: at(6)),
        ]
        #expect(LinkOrderCheck.failures(inOrder, start: start).isEmpty)
        let overtaken = inOrder + [arrival(channel: .userInfo, from: .watch, id: 2, at: at(7))]
        let failures = LinkOrderCheck.failures(overtaken, start: start)
        #expect(
            failures == [
                InvariantFailure(
                    .channelOrder,
                    "link: fifo userInfo watch→phone: message #2 arrived at 1970-01-01T00:00:07Z after #4, "
                        + "sent later; expected send order on each channel")
            ])
    }

    /// The badge invariant: a delivered item notification whose badge differs from the overdue
    /// count the scheduler knew breaks it. The real rules keep it on a reminders day, and every
    /// run (not only explore's) really checked badges there.
    @Test func badgeInvariantHoldsWithTheRealRulesAndFailsOnAWrongBadge() throws {
        let scenario = try Self.scenario("reminders-weekday.json")
        var simulation = ScenarioSimulation(scenario: scenario)
        let outcome = simulation.run()
        #expect(outcome.invariantFailures.isEmpty, "\(outcome.invariantFailures)")
        let harness = simulation.phone.reminders.harness
        // The run's checks saw every delivery, at least 8 of them item notifications with a badge
        // (not the naive strategy's: its badges are not checked).
        #expect(harness.scheduler.configuration.mode != .naive)
        #expect(simulation.checks.deliveriesSeen == harness.deliveries.recordedCount)
        #expect(
            harness.deliveries.count(where: { $0.item != nil && $0.badge != nil }) >= 8,
            "item notifications with badges")
        let delivery = try #require(harness.deliveries.last { $0.item != nil && $0.badge != nil })
        let known = harness.scheduler
        var checks = RunChecks()
        var right = delivery
        right.badge = known.badge(at: delivery.at)
        checks.check(right, against: known)
        #expect(checks.failures(pendingMax: 0, linkDeliveries: [], start: scenario.start).isEmpty)
        var wrong = delivery
        wrong.badge = known.badge(at: delivery.at) + 1
        checks.check(wrong, against: known)
        let failure = try #require(checks.failures(pendingMax: 0, linkDeliveries: [], start: scenario.start).first)
        #expect(failure.message.hasPrefix("reminders: badge \(known.badge(at: delivery.at) + 1) on "), "\(failure)")
        #expect(failure.invariant == .badges)
    }

    /// Issue #33 item 7 (one list): the run's own checks — badges, notifications pending, each
    /// channel's order — are invariants of every run: `run` reports a broken one (and fails), and
    /// the verdict `explore` and `sweep` read counts it, with the same message.
    @Test func aBrokenRunCheckFailsRunAndTheVerdictAlike() throws {
        let scenario = try Self.scenario("reminders-weekday.json")
        var probe = ScenarioSimulation(scenario: scenario)
        _ = probe.run()
        let harness = probe.phone.reminders.harness
        var wrong = try #require(harness.deliveries.last { $0.item != nil && $0.badge != nil })
        wrong.badge = harness.scheduler.badge(at: wrong.at) + 1
        // A world whose checks have already seen one wrong badge, as if a delivery carried it.
        func planted() -> ScenarioSimulation {
            var simulation = ScenarioSimulation(scenario: scenario)
            simulation.checks.check(wrong, against: harness.scheduler)
            return simulation
        }
        var full = planted()
        let outcome = full.run()
        #expect(!outcome.passed)
        #expect(outcome.invariantFailures.map(\.invariant) == [.badges])
        var fast = planted()
        let verdict = fast.run(RunOptions(keeps: .verdict)).verdict
        #expect(!verdict.passed)
        #expect(verdict.checkFailures == outcome.invariantFailures)
        #expect(RunInvariant.results(of: outcome).contains { $0.invariant == .badges && $0.failures.count == 1 })
    }

    /// A run keeping only its verdict (no trace, no summary) agrees with `run()` on every shipped scenario's
    /// pass/fail, failed expectations and broken invariants, over several seeds.
    @Test func verdictAgreesWithTheFullOutcome() throws {
        for name in [
            "weekly-shop.json", "duplicating-link.json", "phone-app-killed-mid-trip.json", "reminders-weekday.json",
        ] {
            let scenario = try Self.scenario(name)
            for seed in UInt64(1)...4 {
                var fast = ScenarioSimulation(scenario: scenario, seed: seed)
                let verdict = fast.run(RunOptions(keeps: .verdict)).verdict
                var full = ScenarioSimulation(scenario: scenario, seed: seed)
                let outcome = full.run()
                #expect(verdict.passed == outcome.passed, "\(name) seed \(seed)")
                #expect(verdict.expectationsFailed == outcome.failedExpectations.count, "\(name) seed \(seed)")
                #expect(verdict.invariantsBroken == outcome.invariantFailures.count, "\(name) seed \(seed)")
                #expect(fast.watch.app.latencies == full.watch.app.latencies, "\(name) seed \(seed)")
            }
        }
    }

    /// Explore's partial reports merge into the single report: any split, any order, same bytes
    /// (with failures, under the planted bug, so the kept failures are merged too).
    @Test func shardsOfAnExplorationMergeToTheSameReportInAnyOrder() throws {
        let explorer = try ExploreRunner(
            file: "e.json", root: try JSONParser.parse(Array(ExploreTests.scenarioText.utf8), file: "e.json"), seed: 1)
        let plan = explorer.plan(runs: 60)
        PlantedLinkBug.$current.withValue(.phoneIgnoresSequence) {
            let whole = explorer.explore(runs: 0..<60, of: plan)
            #expect(whole.failed > 0, "the planted bug makes some runs fail")
            let expected = whole.json.pretty()
            var rng = SplitMix64(seed: 5)
            for split in 0..<4 {
                let count = 2 + split * 2
                var parts = (0..<count).map { explorer.explore(runs: plan.shard($0, of: count), of: plan) }
                parts.shuffle(using: &rng)
                let reread = parts.map { part in
                    (try? ExploreReport.read(Array(part.partLines.joined(separator: "\n").utf8), file: "p")) ?? part
                }
                let merged = try? reread.dropFirst().reduce(reread[0]) { try $0.merging($1) }
                #expect(merged?.json.pretty() == expected, "split into \(count)")
                #expect(merged?.missing.isEmpty == true)
            }
            #expect(throws: SweepError.self) { try whole.merging(whole) }
        }
    }
}

extension ExploreReport {
    /// Both reports added up as `wristsim merge` adds parts (``ExploreMerge``).
    fileprivate func merging(_ other: ExploreReport) throws(SweepError) -> ExploreReport {
        var merge = ExploreMerge()
        try merge.add(self, file: "first")
        try merge.add(other, file: "second")
        return try merge.result()
    }
}

extension RunChecks {
    /// Checks one delivery's badge against the overdue count `known` gives for its fire time
    /// (what a delivery's ``ReminderDelivery/overdueAtFire`` records during a run).
    mutating func check(_ delivery: ReminderDelivery, against known: ReminderScheduler) {
        guard known.configuration.mode != .naive else { return }
        check(delivery, expected: known.badge(at: delivery.at))
    }
}
