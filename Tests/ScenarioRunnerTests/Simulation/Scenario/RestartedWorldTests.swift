import SimulationKernel
import Testing

@testable import CompanionModel
@testable import ScenarioRunner

/// A world started again (``ScenarioSimulation/restart(prepared:seed:trace:)``, what `sweep` runs
/// seed after seed) keeps only its buffers' room: every run in it gives exactly what a fresh world
/// gives, whatever the runs before it were (another seed, another scenario, a run cut short by its
/// event limit, or a run whose link was left to finish).
@Suite struct RestartedWorldTests {
    static let names = [
        "weekly-shop.json", "duplicating-link.json", "phone-app-killed-mid-trip.json", "basement-aisle-no-signal.json",
        "phone-edits-mid-trip.json", "complication-saturday-shop.json", "reminders-weekday.json",
    ]

    /// The scenarios a world is started again with, in turn: the shipped ones, some under the
    /// faults `explore` draws, and some stopped by a low event limit.
    static func variants() throws -> [(label: String, prepared: PreparedScenario)] {
        var variants: [(label: String, prepared: PreparedScenario)] = []
        for name in names {
            let base = try ShippedScenarios.decoded(name)
            variants.append((name, PreparedScenario(base)))
            let explorer = try ShippedScenarios.explorer(name)
            for seed in UInt64(1)...3 {
                let faults = ExploreDraw.faults(
                    seed: seed, span: base.end.offset, hasReminders: base.sections.reminders != nil)
                guard let scenario = explorer.scenario(seed: seed, faults: faults) else { continue }
                variants.append(("\(name) explore seed \(seed)", PreparedScenario(scenario)))
            }
            var limited = base
            limited.eventLimit = EventLimit(40 + name.count)
            variants.append(("\(name) event limit \(limited.eventLimit.maximum)", PreparedScenario(limited)))
        }
        return variants
    }

    /// The sweep's observation (every field, as text) and the verdict's own figures.
    static func sweepObservation(_ simulation: inout ScenarioSimulation) -> String {
        var monitor = SweepObservation.EndMonitor()
        let verdict = simulation.run(RunOptions(keeps: .verdict), monitor: &monitor).verdict
        let observation = SweepObservation(end: monitor.end!, verdict: verdict)
        return
            "\(observation) | \(verdict.expectationsChecked) \(verdict.loopStatus) \(simulation.link.transport.deliveries) "
            + "\(verdict.discrepanciesSettled.map(\.description)) | now \(simulation.now) "
            + "scheduled \(simulation.loop.scheduledCount) pending \(simulation.loop.pendingCount)"
    }

    /// A full run (`wristsim run`: trace, expectations, invariants, summary), and the settled world.
    static func fullRun(_ simulation: inout ScenarioSimulation) -> [String] {
        let outcome = simulation.run()
        let formatter = TraceFormatter(start: simulation.scenario.start)
        let settled = simulation.settled()
        return outcome.trace.indices.map { formatter.text(outcome.trace[$0]) }
            + outcome.expectations.map { "\($0.time) \($0.label) \($0.failure ?? "held")" }
            + outcome.invariantFailures.map { "\($0.invariant): \($0.message)" }
            + outcome.summary.flatMap { section in
                section.rows.map { "\(section.title).\($0.key) \($0.text ?? $0.value.text)" }
            }
            + [
                "end \(outcome.endTime) scheduled \(simulation.loop.scheduledCount) \(simulation.loop.status)",
                "settled \(settled.now) scheduled \(settled.loop.scheduledCount)",
            ]
            + settled.trace.indices.map { formatter.text(settled.trace[$0]) }
    }

    /// One world runs every variant for several seeds, started again for each run, on the sweep's
    /// path; each run observes exactly what a fresh world observes.
    @Test func restartedWorldObservesWhatAFreshOneDoes() throws {
        let variants = try Self.variants()
        var world: ScenarioSimulation?
        var stopped = 0
        for (label, prepared) in variants {
            for seed in UInt64(1)...6 {
                var fresh = ScenarioSimulation(prepared: prepared, seed: seed, trace: .off)
                let expected = Self.sweepObservation(&fresh)
                if world == nil {
                    world = ScenarioSimulation(prepared: prepared, seed: seed, trace: .off)
                } else {
                    world!.restart(prepared: prepared, seed: seed, trace: .off)
                }
                let observed = Self.sweepObservation(&world!)
                #expect(observed == expected, "\(label), seed \(seed): the restarted world differs")
                if expected.contains(" stopped(") { stopped += 1 }
            }
        }
        #expect(stopped > 0, "no run stopped at its event limit, so restarting a stopped loop was not exercised")
    }

    /// The same with full traced runs (`run()`, the link settled in a copy): every trace event,
    /// expectation, invariant and summary row, seed for seed, also when a sweep's untraced runs
    /// came before in the same world.
    @Test(arguments: names)
    func restartedWorldRunsWhatAFreshOneDoes(name: String) throws {
        let prepared = PreparedScenario(try ShippedScenarios.decoded(name))
        var world = ScenarioSimulation(prepared: prepared, seed: 99, trace: .off)
        _ = Self.sweepObservation(&world)
        for seed in UInt64(1)...4 {
            var fresh = ScenarioSimulation(prepared: prepared, seed: seed)
            let expected = Self.fullRun(&fresh)
            world.restart(prepared: prepared, seed: seed)
            #expect(
                world.loop.pendingCount == 0 && world.loop.scheduledCount == 0
                    && world.link.timers.replyTimeouts.isEmpty && world.expectationResults.isEmpty,
                "\(name), seed \(seed): the restarted world holds something from its last run")
            let observed = Self.fullRun(&world)
            #expect(observed == expected, "\(name), seed \(seed): the restarted world differs")
            world.restart(prepared: prepared, seed: seed &+ 1_000, trace: .off)
            _ = Self.sweepObservation(&world)
        }
    }

    /// A world that ran one scenario (traced, under `explore`'s faults, its link left to finish)
    /// and is started again with another gives, seed for seed, every trace event, expectation,
    /// invariant and summary row a fresh world gives: the features keep only the storage the last
    /// run grew (``StorageAdopting``), never its contents, whatever shape the other scenario had.
    @Test(arguments: names)
    func worldRestartedWithAnotherScenarioRunsWhatAFreshOneDoes(name: String) throws {
        let prepared = PreparedScenario(try ShippedScenarios.decoded(name))
        for (index, other) in Self.names.enumerated() where other != name {
            let base = try ShippedScenarios.decoded(other)
            let seed = UInt64(index + 1)
            let faults = ExploreDraw.faults(
                seed: seed, span: base.end.offset, hasReminders: base.sections.reminders != nil)
            let before = try ShippedScenarios.explorer(other).scenario(seed: seed, faults: faults) ?? base
            var world = ScenarioSimulation(prepared: PreparedScenario(before), seed: seed)
            _ = Self.fullRun(&world)
            world.restart(prepared: prepared, seed: seed &+ 7)
            let fresh = ScenarioSimulation(prepared: prepared, seed: seed &+ 7)
            let stateDiffers = Self.firstDifference(Self.state(of: world), Self.state(of: fresh))
            #expect(
                stateDiffers == nil,
                "\(name) after \(other): the restarted world's state differs: \(stateDiffers ?? "")")
            var expected = fresh
            let runDiffers = Self.firstDifference(Self.fullRun(&world), Self.fullRun(&expected))
            #expect(runDiffers == nil, "\(name) after \(other): the restarted world's run differs: \(runDiffers ?? "")")
        }
    }

    /// The first line where `observed` and `expected` differ, both shown, or `nil` when they are
    /// the same (a failure names one line, not two whole runs).
    static func firstDifference(_ observed: [String], _ expected: [String]) -> String? {
        guard observed != expected else { return nil }
        let common = min(observed.count, expected.count)
        let line = (0..<common).first { observed[$0] != expected[$0] } ?? common
        let seen = line < observed.count ? observed[line] : "(end)"
        let wanted = line < expected.count ? expected[line] : "(end)"
        return "line \(line): \(seen) instead of \(wanted)"
    }

    /// Each feature's whole state, field by field (`dump`): what a restarted world must hold before
    /// its run, exactly as a fresh one does.
    static func state(of simulation: ScenarioSimulation) -> [String] {
        var text = ""
        dump(simulation.watch, to: &text)
        dump(simulation.phone, to: &text)
        dump(simulation.link, to: &text)
        dump(simulation.complication, to: &text)
        return text.split(separator: "\n").map(String.init)
    }

    /// A sweep's result does not depend on its runs sharing a world: each run observed in a fresh
    /// world (``SweepRunner/observe(cell:seed:)``) gives the same statistics.
    @Test func sweepMatchesFreshWorlds() throws {
        let path = ShippedScenarios.path("weekly-shop.json")
        let root = try JSONParser.parse(try ShippedScenarios.bytes("weekly-shop.json"), file: path)
        let base = try ScenarioDecoder.decode(root: root, file: path)
        let plan = try SweepPlan(
            file: path, name: base.name, firstSeed: 1, lastSeed: 12, watches: [base.watch, "series3-38mm"],
            pipelines: [nil], settings: [])
        let runner = try SweepRunner(plan: plan, root: root)
        var cells = Array(repeating: SweepCellStatistics(), count: plan.cellCount)
        for run in 0..<plan.runCount {
            let (cell, seed) = plan.locate(run: run)
            cells[cell].add(try runner.observe(cell: cell, seed: seed))
        }
        let fresh = SweepResult(plan: plan, covered: RunCoverage(0..<plan.runCount), cells: cells)
        let shared = try runner.run(0..<plan.runCount)
        #expect(shared.text == fresh.text)
        #expect(shared.json == fresh.json)
    }
}
