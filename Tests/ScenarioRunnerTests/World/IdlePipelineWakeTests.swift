import CompanionModel
import SimulationKernel
import Testing

@testable import ScenarioRunner

/// Pipeline wakes with nothing to act on, done on the world's quick path
/// (``ScenarioSimulation/handleTakenPipelineWake()``), change nothing but the cost: a run gives
/// exactly what it gives with every wake going the full way (``PipelineWakePath/full``), seed for
/// seed: the same trace, expectations, summary, number of scheduled events, and the same world
/// once the link is left to finish.
@Suite struct IdlePipelineWakeTests {
    /// Both shipped pipelines (naive with its synchronous send, optimized), the instant one, a
    /// complication, reminders, and faults.
    static let names = [
        "weekly-shop.json", "naive-send-waits-for-the-link.json", "latency-burst.json",
        "phone-app-killed-mid-trip.json", "complication-saturday-shop.json", "reminders-weekday.json",
        "basement-aisle-no-signal.json",
    ]

    /// Each scenario at three seeds, and under faults drawn as `explore` draws them (app kills,
    /// drop-outs, session flaps), some cut short at a drawn instant with taps in the pipeline.
    @Test(arguments: names)
    func quickIdleWakesAgreeWithFullOnes(name: String) throws {
        let base = try ShippedScenarios.decoded(name)
        var variants: [(label: String, scenario: Scenario)] = (UInt64(1)...3).map { ("seed \($0)", base) }
        for (label, seed, scenario) in ObservedRun.exploreVariants(of: base, seeds: 1...12) {
            variants.append((label, scenario))
            let cut = ObservedRun.cutShort(scenario, seed: seed)
            variants.append(("\(label), cut at \(cut.end)", cut))
        }
        for (label, scenario) in variants {
            let prepared = PreparedScenario(scenario)
            let full = ObservedRun(prepared, seed: scenario.seed) { $0.pipelineWakePath = .full }
            let quick = ObservedRun(prepared, seed: scenario.seed) { $0.pipelineWakePath = .quickWhenIdle }
            #expect(quick == full, "\(name) \(label) (seed \(scenario.seed)): quick idle wakes diverge")
        }
    }

    /// The verdict path (`sweep`, `explore`: no trace, the world settled in place) agrees too,
    /// with an event limit that stops runs part of the way, where the wakes' admissions count.
    @Test func verdictsAgree() throws {
        let base = try ShippedScenarios.decoded("weekly-shop.json")
        for seed in UInt64(1)...40 {
            var scenario = base
            if seed % 4 == 0 { scenario.eventLimit = EventLimit(Int(seed) * 7) }
            let prepared = PreparedScenario(scenario)
            var verdicts: [ScenarioVerdict] = []
            var latencies: [[SimDuration]] = []
            for path in [PipelineWakePath.full, .quickWhenIdle] {
                var simulation = ScenarioSimulation(prepared: prepared, seed: seed, trace: .off)
                simulation.pipelineWakePath = path
                var monitor = NoRunMonitor()
                verdicts.append(simulation.run(RunOptions(keeps: .verdict), monitor: &monitor).verdict)
                latencies.append(simulation.watch.app.latencies)
            }
            #expect(verdicts[0].expectationsFailed == verdicts[1].expectationsFailed, "seed \(seed)")
            #expect(verdicts[0].loopStatus == verdicts[1].loopStatus, "seed \(seed)")
            #expect(verdicts[0].linkDeliveries == verdicts[1].linkDeliveries, "seed \(seed)")
            #expect(latencies[0] == latencies[1], "seed \(seed)")
        }
    }
}
