import CompanionModel
import SimulationKernel
import Testing

@testable import ScenarioRunner

/// A complication wake no longer wanted is cancelled on the loop (``ComplicationTimers``), not
/// left to fire and be ignored: after every event the loop holds at most one wake of each kind,
/// exactly the ones the complication keeps handles of.
@Suite struct ComplicationTimersTests {
    /// Background refreshes every 15 minutes, a reload policy and WidgetKit's spacing; the face is
    /// left and taken again while a refresh is scheduled, so the refresh is scheduled again.
    static let scenario = ComplicationScenarioTests.scenario(
        complication: #"""
            {"budget": {"rules": "widgetKit", "reloadPolicy": {"after": "10m"}},
             "backgroundRefresh": {"every": "15m", "from": "+0s"}}
            """#,
        script: #"""
            [{"at": "+5m", "do": "complicationOffFace"}, {"at": "+6m", "do": "complicationOnFace"},
             {"at": "+7m", "do": "reloadComplication"}, {"at": "+8m", "do": "reloadComplication"},
             {"at": "+9m", "do": "tap", "item": "kale"}, {"at": "+40m", "do": "complicationOffFace"},
             {"at": "+41m", "do": "complicationOnFace"}, {"at": "+2h", "do": "tap", "item": "eggs"}]
            """#)

    @Test(arguments: UInt64(0)..<12)
    func aRescheduledRefreshLeavesNoOldWakePending(seed: UInt64) throws {
        let scenario = try ScenarioDecoder.decode(Array(Self.scenario.utf8), file: "c.json")
        var simulation = ScenarioSimulation(scenario: scenario, seed: seed, trace: .off)
        var monitor = PendingWakes(label: "seed \(seed)")
        _ = simulation.run(RunOptions(keeps: .verdict), monitor: &monitor)
        #expect(monitor.events > 0, "seed \(seed): no event checked")
        #expect(monitor.rescheduled > 0, "seed \(seed): no refresh was scheduled again while one was pending")
    }

    @Test(arguments: [
        "complication-not-on-face.json", "complication-widgetkit-spacing.json", "complication-tube-status.json",
        "complication-background-overrun.json", "complication-saturday-shop.json",
    ])
    func shippedScenariosKeepOneWakeOfEachKind(name: String) throws {
        let runs = try ShippedScenarios.monitoredRuns(name, seeds: 0..<6) { PendingWakes(label: "\(name) seed \($0)") }
        for (seed, monitor) in runs {
            #expect(monitor.events > 0, "\(name) seed \(seed): no event checked")
        }
    }
}

/// After each event, reads the loop's pending events (from a copy) and checks that the
/// complication's wakes there are at most one of each kind, exactly as many as it keeps handles
/// of; counts the times the pending refresh moved to another time before it was due.
private struct PendingWakes: RunMonitor {
    let label: String
    var events = 0
    var rescheduled = 0
    /// The time of the refresh timer last seen pending.
    var refreshDue: SimTime?

    mutating func handled(_ simulation: ScenarioSimulation) {
        events += 1
        var loop = simulation.loop
        var pending: [ComplicationWake: [SimTime]] = [:]
        while let event = loop.next() {
            if case .complication(.timer(let timer)) = event { pending[timer.kind, default: []].append(loop.now) }
        }
        for (kind, times) in pending {
            #expect(times.count == 1, "\(label) at \(simulation.now): \(times.count) \(kind) wakes pending \(times)")
        }
        let kept = simulation.complication.timers.handles.count(where: { $0 != nil })
        #expect(pending.count == kept, "\(label) at \(simulation.now): \(pending.count) kinds pending, \(kept) kept")
        guard let due = pending[.refresh]?.first else { return }
        if let old = refreshDue, due != old, simulation.now < old { rescheduled += 1 }
        refreshDue = due
    }
}
