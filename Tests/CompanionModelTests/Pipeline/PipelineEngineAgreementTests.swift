import SimulationKernel
import Testing

@testable import CompanionModel

/// The engine keeps each running step's due time and brings its work up to date only when a
/// single core's shares change; the reference engine (`ReferencePipelineEngine`, the engine of
/// 7c713c2) recomputed both at every event. Driven by the same seeded mix of taps, advances and
/// releases, the two must agree after every operation: next event, clock, effects, every tap's
/// times and every step run.
@Suite struct PipelineEngineAgreementTests {
    /// A pipeline with every queue kind, a wait on main and a background step that overlaps the
    /// handler, so single-core sharing changes rates mid-step.
    static let mixed: CheckOffPipeline = {
        do {
            return try CheckOffPipeline(
                name: "mixed",
                steps: [
                    PipelineStep(
                        .sendMessageToPhone, on: .background, cost: .milliseconds(90), wait: .milliseconds(40)),
                    PipelineStep(.updateTableModel, on: .main, cost: .milliseconds(30)),
                    PipelineStep(.removeRow, on: .mainAsync, cost: .milliseconds(20)),
                    PipelineStep(.playHaptic, on: .main, cost: .zero, wait: .milliseconds(5)),
                    PipelineStep(.updateComplication, on: .background, cost: .milliseconds(25)),
                    PipelineStep(.hidePlaceholder, on: .mainAsync, cost: .milliseconds(7)),
                ])
        } catch {
            preconditionFailure("mixed pipeline: \(error)")
        }
    }()

    static let pipelines: [CheckOffPipeline] = [.naive, .optimized, .instant, mixed]
    static let watches = ["series0-38mm", "series3-38mm", "series7-45mm"]
    static let jitters: [PipelineJitter] = [
        .exact, .standard, PipelineJitter(spread: 1.2, pauseProbability: 0.3, pause: .milliseconds(40)),
    ]

    @Test(arguments: pipelines)
    func agreesWithTheReferenceEngineOverManySeeds(_ pipeline: CheckOffPipeline) throws {
        for watchName in Self.watches {
            let watch = try WatchModel.named(watchName)
            for sharing in CPUSharing.allCases {
                for (jitterIndex, jitter) in Self.jitters.enumerated() {
                    for seed in UInt64(0)..<12 {
                        let label =
                            "\(pipeline.name) \(watchName) \(sharing.rawValue) jitter \(jitterIndex) seed \(seed)"
                        if let disagreement = firstDisagreement(
                            pipeline, watch, sharing, jitter, seed: seed, awaits: seed % 3 != 0,
                            selection: seed % 2 == 0 ? .everyStep : .actedOn)
                        {
                            Issue.record("\(label): \(disagreement)")
                            return
                        }
                    }
                }
            }
        }
    }

    /// An engine made with room for taps (its runs laid out unstarted) and one restarted after a
    /// run of its own (its runs put back to unstarted, not removed) agree with the reference
    /// like a bare engine: with room for fewer, as many and more taps than are submitted.
    @Test(arguments: pipelines)
    func agreesWithRoomForTapsAndAfterARestart(_ pipeline: CheckOffPipeline) throws {
        for (watchIndex, watchName) in Self.watches.enumerated() {
            let watch = try WatchModel.named(watchName)
            for seed in UInt64(0)..<30 {
                let room = Int(seed % 6) * 12
                for restarted in [false, true] {
                    let label = "\(pipeline.name) \(watchName) seed \(seed) room \(room) restarted \(restarted)"
                    if let disagreement = firstDisagreement(
                        pipeline, watch, CPUSharing.allCases[Int(seed) % CPUSharing.allCases.count],
                        Self.jitters[(Int(seed) + watchIndex) % Self.jitters.count], seed: seed,
                        awaits: seed % 3 != 0, selection: seed % 2 == 0 ? .everyStep : .actedOn, expectedTaps: room,
                        restartedAfterARun: restarted)
                    {
                        Issue.record("\(label): \(disagreement)")
                        return
                    }
                }
            }
        }
    }

    /// Runs both engines through the same seeded operations and returns the first difference.
    /// The engine is made with room for `expectedTaps`, and first runs taps of its own and is
    /// restarted when `restartedAfterARun`.
    func firstDisagreement(
        _ pipeline: CheckOffPipeline, _ watch: WatchModel, _ sharing: CPUSharing, _ jitter: PipelineJitter,
        seed: UInt64, awaits: Bool, selection: PipelineEffectSelection, expectedTaps: Int = 0,
        restartedAfterARun: Bool = false
    ) -> String? {
        var engine = PipelineEngine(
            pipeline: pipeline, watch: watch, sharing: sharing, jitter: jitter, jitterSeed: seed &* 31 &+ 7,
            expectedTaps: expectedTaps, recordsEffects: true, selection: selection, syncSendAwaitsOutcome: awaits)
        if restartedAfterARun {
            for index in 0..<Int(seed % 7) * 3 {
                _ = engine.submitTap(at: SimTime(offset: .milliseconds(Int64(index) * 700)))
                if index % 4 == 3 { engine.advance(to: SimTime(offset: .milliseconds(Int64(index) * 700 + 350))) }
            }
            engine.restart(jitterSeed: seed &* 31 &+ 7)
        }
        var reference = ReferencePipelineEngine(
            pipeline: pipeline, watch: watch, sharing: sharing, jitter: jitter, jitterSeed: seed &* 31 &+ 7,
            recordsEffects: true, selection: selection, syncSendAwaitsOutcome: awaits)
        var rng = SplitMix64(seed: seed)
        var clock = SimTime.zero
        var held: [Int] = []
        for operation in 0..<160 {
            switch rng.next() % 8 {
            case 0, 1:
                clock += .nanoseconds(Int64(rng.next() % 400_000_000))
                let tap = engine.submitTap(at: clock)
                if tap != reference.submitTap(at: clock) { return "operation \(operation): tap index" }
                held.append(tap)
            case 2 where !held.isEmpty:
                // A held send's outcome: before, while or after its step runs (only synchronous
                // sends are affected; the others must ignore it alike).
                let tap = held.remove(at: Int(rng.next() % UInt64(held.count)))
                clock += .nanoseconds(Int64(rng.next() % 200_000_000))
                for step in pipeline.steps.indices {
                    engine.release(tap: tap, step: step, at: clock)
                    reference.release(tap: tap, step: step, at: clock)
                }
            case 3:
                clock += .nanoseconds(Int64(rng.next() % 50_000_000))
                engine.advance(to: clock)
                reference.advance(to: clock)
            default:
                let next = engine.nextEventTime()
                if next != reference.nextEventTime() { return "operation \(operation): next event" }
                guard let next, next != .distantFuture else { continue }
                clock = max(clock, next)
                engine.advance(to: next)
                reference.advance(to: next)
            }
            if let difference = compare(&engine, &reference) { return "operation \(operation): \(difference)" }
        }
        for tap in held {
            for step in pipeline.steps.indices {
                engine.release(tap: tap, step: step, at: clock)
                reference.release(tap: tap, step: step, at: clock)
            }
        }
        engine.drain()
        reference.drain()
        if let difference = compare(&engine, &reference) { return "drained: \(difference)" }
        return engine.taps.indices.allSatisfy({ engine.isFinished(tap: $0) }) ? nil : "not every tap finished"
    }

    func compare(_ engine: inout PipelineEngine, _ reference: inout ReferencePipelineEngine) -> String? {
        if engine.now != reference.now { return "clock \(engine.now) vs \(reference.now)" }
        if engine.nextEventTime() != reference.nextEventTime() { return "next event" }
        var effects: [PipelineEffect] = []
        while let effect = engine.takeEffect() { effects.append(effect) }
        var expected: [PipelineEffect] = []
        while let effect = reference.takeEffect() { expected.append(effect) }
        if effects != expected { return "effects \(effects) vs \(expected)" }
        if engine.stepRunsSoFar != reference.stepRuns { return "step runs" }
        guard engine.taps.count == reference.taps.count else { return "tap count" }
        for (tap, (mine, theirs)) in zip(engine.taps, reference.taps).enumerated() {
            let same =
                mine.tap == theirs.tap && mine.handlerStart == theirs.handlerStart
                && mine.handlerEnd == theirs.handlerEnd && mine.removalCommit == theirs.removalCommit
                && engine.stepsLeft(tap: tap) == theirs.stepsLeft
            if !same { return "tap \(tap): \(mine) vs \(theirs)" }
        }
        return nil
    }

    @Test func roundingWithoutLibmMatchesRounded() {
        var rng = SplitMix64(seed: 12)
        var values: [Double] = [
            0, 0.25, 0.5, 0.499_999_999_999_999_94, 1.5, 2.5, 1e15 + 0.5, 4_503_599_627_370_495.5,
            4_503_599_627_370_496,
            9_007_199_254_740_994, 2_305_843_009_213_693_952,
        ]
        for _ in 0..<20_000 {
            let magnitude = Double(rng.next() % 62)
            values.append(rng.uniform() * Double(sign: .plus, exponent: Int(magnitude), significand: 1))
        }
        for value in values {
            #expect(PipelineJitter.roundedToNearest(value) == Int64(value.rounded()), "\(value)")
        }
    }

    @Test func jitterDrawsAreTheReferenceDraws() {
        let jitters = Self.jitters + [PipelineJitter(spread: 2, pauseProbability: 1, pause: .seconds(Int64(40_000)))]
        for (index, jitter) in jitters.enumerated() {
            for seed in UInt64(0)..<200 {
                let scaled = SimDuration.nanoseconds(Int64(seed) * 7_919_777 + 1)
                for tap in 0..<5 {
                    for step in 0..<8 {
                        let drawn = jitter.cost(scaled, speed: 0.7, seed: seed, tap: tap, step: step)
                        let expected = jitter.referenceCost(scaled, speed: 0.7, seed: seed, tap: tap, step: step)
                        if drawn != expected {
                            Issue.record(
                                "jitter \(index) seed \(seed) tap \(tap) step \(step): \(drawn) vs \(expected)")
                            return
                        }
                    }
                }
            }
        }
        let huge = PipelineJitter.standard.cost(
            .nanoseconds(Int64.max / 8), speed: 1, seed: 3, tap: 0, step: 0)
        #expect(
            huge
                == PipelineJitter.standard.referenceCost(
                    .nanoseconds(Int64.max / 8), speed: 1, seed: 3, tap: 0, step: 0))
    }

    /// A submitted tap's costs are drawn at once, into its unstarted runs, and each step runs
    /// with the cost drawn for it: what ``PipelineJitter/cost(_:speed:seed:tap:step:)`` gives for
    /// the step at its start. Unstarted steps still show their scaled figure, before and after a
    /// restart.
    @Test func aTapsCostsAreDrawnWhenItComesAndRunAsDrawn() throws {
        for watchName in Self.watches {
            let watch = try WatchModel.named(watchName)
            for pipeline in Self.pipelines {
                for jitter in Self.jitters {
                    var engine = PipelineEngine(
                        pipeline: pipeline, watch: watch, sharing: .processorSharing, jitter: jitter,
                        jitterSeed: 41, expectedTaps: 2)
                    for round in 0..<2 {
                        for index in 0..<3 {
                            _ = engine.submitTap(at: SimTime(offset: .milliseconds(Int64(index) * 5)))
                        }
                        let plan = engine.plan
                        for (index, run) in engine.stepRunsSoFar.enumerated() where run.start == .distantFuture {
                            #expect(run.cpu == plan[index % plan.count].scaledCost)
                        }
                        engine.drain()
                        for (index, run) in engine.endedRuns.enumerated() {
                            let tap = index / plan.count
                            let step = index % plan.count
                            let expected = jitter.cost(
                                plan[step].scaledCost, speed: watch.relativeSpeed, seed: 41, tap: tap, step: step)
                            #expect(
                                run.cpu == expected,
                                "\(pipeline.name) \(watchName) round \(round) tap \(tap) step \(step)")
                        }
                        engine.restart(jitterSeed: 41)
                        #expect(engine.stepRunsSoFar.isEmpty)
                    }
                }
            }
        }
    }

    @Test func aRestartedSessionRunsAsAFreshOne() throws {
        let watch = try WatchModel.named("series0-38mm")
        let prepared = PipelineSession(
            pipeline: .naive, watch: watch, jitter: .standard, jitterSeed: 0, syncSendAwaitsOutcome: true,
            effects: .actedOn, expectedTaps: 8)
        var used = prepared
        _ = used.tap(at: .zero)
        _ = used.advance(to: SimTime(offset: .seconds(Int64(3))))
        for seed in UInt64(0)..<20 {
            let times = seededTapTimes(8, seed: seed, spacing: .milliseconds(900), jitter: .milliseconds(400))
            var fresh = PipelineSession(
                pipeline: .naive, watch: watch, jitter: .standard, jitterSeed: seed, syncSendAwaitsOutcome: true,
                effects: .actedOn)
            var restarted = prepared.restarted(jitterSeed: seed)
            var reused = used.restarted(jitterSeed: seed)
            var batches: [[[PipelineEffect]]] = [[], [], []]
            for (index, time) in times.enumerated() {
                for which in 0..<3 {
                    var session = [fresh, restarted, reused][which]
                    while let next = session.nextEventTime(), next < time {
                        batches[which].append(session.advance(to: next))
                    }
                    _ = session.tap(at: time)
                    session.releaseSend(tap: index, at: time + .milliseconds(300))
                    switch which {
                    case 0: fresh = session
                    case 1: restarted = session
                    default: reused = session
                    }
                }
            }
            #expect(batches[0] == batches[1], "seed \(seed): restarted from a prepared session")
            #expect(batches[0] == batches[2], "seed \(seed): restarted from a used session")
            #expect(fresh.run() == restarted.run() && fresh.run() == reused.run(), "seed \(seed)")
        }
    }
}
