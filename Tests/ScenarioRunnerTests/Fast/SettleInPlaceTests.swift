import CompanionModel
import SimulationKernel
import Testing

@testable import ScenarioRunner

/// The verdict path that reads the world at the scenario's end once and then settles the world
/// itself (`runForVerdict(monitor:observingEnd:)`, what `sweep` and `explore` run) gives the
/// verdict and the sweep figures of the path that settles a copy (`runForVerdict()`), seed for
/// seed, and leaves the world its settled copy would be.
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
            let verdict = copied.runForVerdict()
            let observed = SweepObservation(simulation: copied, verdict: verdict)
            let settledCopy = copied.settled()

            var inPlace = ScenarioSimulation(prepared: prepared, seed: seed, trace: .off)
            var monitor = NoRunMonitor()
            let (again, end) = inPlace.runForVerdict(monitor: &monitor, observingEnd: SweepObservation.EndOfRun.init)
            let observedAgain = SweepObservation(end: end, verdict: again)

            #expect(again.expectationsChecked == verdict.expectationsChecked, "\(label)")
            #expect(again.expectationsFailed == verdict.expectationsFailed, "\(label)")
            #expect(again.loopStatus == verdict.loopStatus, "\(label)")
            #expect(
                again.discrepanciesSettled.map(\.description) == verdict.discrepanciesSettled.map(\.description),
                "\(label)")
            #expect(again.linkDeliveries == verdict.linkDeliveries, "\(label)")

            #expect(observedAgain.passed == observed.passed, "\(label)")
            #expect(observedAgain.latencies == observed.latencies, "\(label)")
            #expect(observedAgain.lost == observed.lost && observedAgain.doubled == observed.doubled, "\(label)")
            #expect(observedAgain.reordered == observed.reordered && observedAgain.late == observed.late, "\(label)")
            #expect(observedAgain.missed == observed.missed, "\(label)")
            #expect(observedAgain.staleComplication == observed.staleComplication, "\(label)")

            #expect(inPlace.now == settledCopy.now, "\(label)")
            #expect(inPlace.link.transport.deliveries == settledCopy.link.transport.deliveries, "\(label)")
            #expect(inPlace.phone.sync.replica == settledCopy.phone.sync.replica, "\(label)")
            #expect(
                inPlace.syncDiscrepancies().map(\.description) == settledCopy.syncDiscrepancies().map(\.description),
                "\(label)")
        }
    }
}
