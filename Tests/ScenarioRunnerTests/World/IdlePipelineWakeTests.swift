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

    /// One run and what settling it gives, in comparable form.
    struct Observed: Equatable {
        var trace: [String]
        var expectations: [String]
        var summary: [String]
        var endTime: SimTime
        var scheduled: Int
        var stopped: Bool
        var settledNow: SimTime
        var settledScheduled: Int

        init(_ prepared: PreparedScenario, seed: UInt64, path: PipelineWakePath) {
            var simulation = ScenarioSimulation(prepared: prepared, seed: seed)
            simulation.pipelineWakePath = path
            let outcome = simulation.run()
            let formatter = TraceFormatter(start: prepared.scenario.start)
            trace = outcome.trace.indices.map { formatter.text(outcome.trace[$0]) }
            expectations = outcome.expectations.map { "\($0.time) \($0.label) \($0.failure ?? "held")" }
            summary = outcome.summary.flatMap { section in
                section.rows.map { "\(section.title).\($0.key) \($0.text ?? $0.value.text)" }
            }
            endTime = outcome.endTime
            scheduled = simulation.loop.scheduledCount
            stopped = simulation.loop.status.isStopped
            let settled = simulation.settled()
            settledNow = settled.now
            settledScheduled = settled.loop.scheduledCount
        }
    }

    /// Each scenario at three seeds, and under faults drawn as `explore` draws them (app kills,
    /// drop-outs, session flaps), some cut short at a drawn instant with taps in the pipeline.
    @Test(arguments: names)
    func quickIdleWakesAgreeWithFullOnes(name: String) throws {
        let base = try ShippedScenarios.decoded(name)
        let transform = ExploreTransform(scenario: base)
        var variants: [(label: String, scenario: Scenario)] = (UInt64(1)...3).map { ("seed \($0)", base) }
        for seed in UInt64(1)...12 {
            let faults = ExploreDraw.faults(
                seed: seed, span: base.end.offset, hasReminders: base.sections.reminders != nil)
            guard var scenario = transform.scenario(seed: seed, faults: faults) else { continue }
            variants.append(("explore seed \(seed)", scenario))
            scenario.end = SimTime(
                nanoseconds: Int64(seed &* 0x9E37_79B9_7F4A_7C15 % UInt64(max(1, scenario.end.nanoseconds))))
            variants.append(("explore seed \(seed), cut at \(scenario.end)", scenario))
        }
        for (label, scenario) in variants {
            let prepared = PreparedScenario(scenario)
            let full = Observed(prepared, seed: scenario.seed, path: .full)
            let quick = Observed(prepared, seed: scenario.seed, path: .quickWhenIdle)
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
                verdicts.append(simulation.runForVerdict(monitor: &monitor, observingEnd: { _ in () }).verdict)
                latencies.append(simulation.watch.app.latencies)
            }
            #expect(verdicts[0].expectationsFailed == verdicts[1].expectationsFailed, "seed \(seed)")
            #expect(verdicts[0].loopStatus == verdicts[1].loopStatus, "seed \(seed)")
            #expect(verdicts[0].linkDeliveries == verdicts[1].linkDeliveries, "seed \(seed)")
            #expect(latencies[0] == latencies[1], "seed \(seed)")
        }
    }
}
