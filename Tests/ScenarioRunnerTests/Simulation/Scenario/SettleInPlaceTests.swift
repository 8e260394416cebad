import CompanionModel
import SimulationKernel
import Testing

@testable import ScenarioRunner

/// A run keeping only its verdict (``RunOptions/Keeping/verdict``, what `sweep` and `explore`
/// run), which reads the world at the scenario's end once and then settles the world itself,
/// gives the verdict and the sweep figures of a full run (which settles a copy), seed for seed,
/// and leaves the world its settled copy would be.
@Suite struct SettleInPlaceTests {
    static let names = [
        "weekly-shop.json", "duplicating-link.json", "phone-app-killed-mid-trip.json", "reminders-weekday.json",
        "complication-saturday-shop.json", "phone-edits-mid-trip.json", "basement-aisle-no-signal.json",
    ]

    @Test(arguments: names)
    func settlingInPlaceAgreesWithSettlingACopy(name: String) throws {
        let prepared = PreparedScenario(try ShippedScenarios.decoded(name))
        for seed in UInt64(1)...8 {
            let label = "\(name) seed \(seed)"
            var copied = ScenarioSimulation(prepared: prepared, seed: seed, trace: .off)
            let verdict = copied.run().verdict
            let observed = SweepObservation(end: .init(copied), verdict: verdict)
            let settledCopy = copied.settled()

            var inPlace = ScenarioSimulation(prepared: prepared, seed: seed, trace: .off)
            var monitor = SweepObservation.EndMonitor()
            let again = inPlace.run(RunOptions(keeps: .verdict), monitor: &monitor).verdict
            let observedAgain = SweepObservation(end: try #require(monitor.end), verdict: again)

            #expect(again.expectationsChecked == verdict.expectationsChecked, "\(label)")
            #expect(again.expectationsFailed == verdict.expectationsFailed, "\(label)")
            #expect(again.loopStatus == verdict.loopStatus, "\(label)")
            #expect(
                again.discrepanciesSettled.map(\.description) == verdict.discrepanciesSettled.map(\.description),
                "\(label)")
            #expect(again.checkFailures == verdict.checkFailures, "\(label)")

            #expect(observedAgain.verdict.passed == observed.verdict.passed, "\(label)")
            #expect(observedAgain.end.latencies == observed.end.latencies, "\(label)")
            #expect(observedAgain.lost == observed.lost && observedAgain.doubled == observed.doubled, "\(label)")
            #expect(
                observedAgain.reordered == observed.reordered && observedAgain.end.late == observed.end.late, "\(label)"
            )
            #expect(observedAgain.end.missed == observed.end.missed, "\(label)")
            #expect(observedAgain.end.staleComplication == observed.end.staleComplication, "\(label)")

            #expect(inPlace.now == settledCopy.now, "\(label)")
            #expect(inPlace.link.transport.deliveries == settledCopy.link.transport.deliveries, "\(label)")
            #expect(inPlace.phone.sync.replica == settledCopy.phone.sync.replica, "\(label)")
            #expect(
                inPlace.syncDiscrepancies().map(\.description) == settledCopy.syncDiscrepancies().map(\.description),
                "\(label)")
        }
    }

    /// The in-place verdict does not check convergence again when settling merged, held or
    /// released nothing (``ListReplica/progress``). Under `explore`'s faults, runs cut short by a
    /// low event limit and the planted phone bug, where settling does change the lists and where
    /// discrepancies remain, its settled discrepancies are still those of a settled copy checked
    /// in full, seed for seed; the cases where settling changed something, and where something is
    /// broken at the end, both occur (so the comparison can fail).
    @Test(arguments: [PlantedLinkBug.none, .phoneIgnoresSequence])
    func settledDiscrepanciesAgreeWhenSettlingChangesTheLists(bug: PlantedLinkBug) throws {
        var settlingMerged = 0
        var brokenAtEnd = 0
        for name in Self.names {
            let base = try ShippedScenarios.decoded(name)
            let explorer = try ShippedScenarios.explorer(name)
            var variants: [(String, Scenario)] = []
            for seed in UInt64(1)...6 {
                let faults = ExploreDraw.faults(
                    seed: seed, span: base.end.offset, hasReminders: base.sections.reminders != nil)
                if let scenario = explorer.scenario(seed: seed, faults: faults) {
                    variants.append(("\(name) explore seed \(seed)", scenario))
                }
            }
            for limit in [60, 150] {
                var cut = base
                cut.eventLimit = EventLimit(limit)
                variants.append(("\(name) event limit \(limit)", cut))
            }
            for (label, scenario) in variants {
                let prepared = PreparedScenario(scenario)
                PlantedLinkBug.$current.withValue(bug) {
                    var copied = ScenarioSimulation(prepared: prepared, trace: .off)
                    let verdict = copied.run().verdict
                    var inPlace = ScenarioSimulation(prepared: prepared, trace: .off)
                    var monitor = EndProgress()
                    let again = inPlace.run(RunOptions(keeps: .verdict), monitor: &monitor).verdict
                    let atEnd = (broken: monitor.broken, progress: monitor.progress)
                    if atEnd.progress != [inPlace.watch.sync.replica.progress, inPlace.phone.sync.replica.progress] {
                        settlingMerged += 1
                    }
                    if atEnd.broken > 0 { brokenAtEnd += 1 }
                    #expect(
                        again.discrepanciesSettled.map(\.description)
                            == verdict.discrepanciesSettled.map(\.description),
                        "\(label), \(bug): the settled world's discrepancies")
                }
            }
        }
        #expect(settlingMerged > 0, "no run had settling change the lists")
        #expect(brokenAtEnd > 0, "no run ended with a discrepancy")
    }
}

/// Reads, at the scenario's end, how many discrepancies the lists have and how far each
/// replica's merging got.
private struct EndProgress: RunMonitor {
    var broken = 0
    var progress: [ListReplica.Progress] = []
    mutating func handled(_ simulation: ScenarioSimulation) {}
    mutating func reachedEnd(_ world: ScenarioSimulation) {
        broken = world.syncDiscrepancies().count
        progress = [world.watch.sync.replica.progress, world.phone.sync.replica.progress]
    }
}
