import SimulationKernel
import Testing

@testable import CompanionModel

/// A session that records only the effects its driver acts on (``PipelineEffectSelection/actedOn``)
/// and hands them over one by one (``PipelineSession/takeEffect()``) reports exactly what a
/// session recording every step reports, filtered by the steps' roles, each at a wake at its own
/// time (it asks to be woken only when it has something to report or a queue goes idle).
@Suite struct PipelineEffectSelectionTests {
    /// Taps every ~250 ms (with a seeded offset), so taps overlap on slow watches.
    func taps(_ count: Int, seed: UInt64) -> [SimTime] {
        seededTapTimes(count, seed: seed, spacing: .milliseconds(250), jitter: .milliseconds(80))
    }

    /// The effects of each wake of a session driven tap by tap, which wakes it at each tap's time
    /// too (as the watch does); `batch` runs one wake.
    func wakes(
        _ session: PipelineSession, taps: [SimTime], batch: (inout PipelineSession, SimTime) -> [PipelineEffect]
    ) -> [[PipelineEffect]] {
        var session = session
        var batches: [[PipelineEffect]] = []
        for time in taps {
            while let next = session.nextEventTime, next < time { batches.append(batch(&session, next)) }
            _ = session.tap(at: time)
            batches.append(batch(&session, time))
        }
        while let next = session.nextEventTime { batches.append(batch(&session, next)) }
        // What happened at the last instant with nothing due after it (the `instant` pipeline).
        batches.append(batch(&session, session.nextEventTime ?? taps.last ?? .zero))
        return batches
    }

    /// Whether a driver acting on `roles` acts on `effect`; with `complication` `false`, it has
    /// no complication to reload (``PipelineEffectSelection/actedOnWithoutComplication``).
    func isActedOn(_ effect: PipelineEffect, _ roles: PipelineStepRoles, complication: Bool) -> Bool {
        switch effect {
        case .stepStarted(_, let step, _): return roles.byStep[step] == .sendsMessage(awaitsOutcome: false)
        case .stepEnded(_, let step, _):
            return roles.byStep[step] == .commitsCheckOff
                || (complication && roles.byStep[step] == .updatesComplication)
        case .awaitingOutcome, .removalCommitted: return true
        }
    }

    @Test(arguments: [CheckOffPipeline.naive, .optimized, .instant], [true, false])
    func actedOnIsEveryStepFilteredByRoles(_ pipeline: CheckOffPipeline, complication: Bool) throws {
        let selection: PipelineEffectSelection = complication ? .actedOn : .actedOnWithoutComplication
        for watchName in ["series0-42mm", "series7-45mm"] {
            let watch = try WatchModel.named(watchName)
            for seed in UInt64(0)..<40 {
                let times = taps(12, seed: seed)
                let every = PipelineSession(pipeline: pipeline, watch: watch, jitter: .standard, jitterSeed: seed)
                let actedOn = PipelineSession(
                    pipeline: pipeline, watch: watch, jitter: .standard, jitterSeed: seed, effects: selection,
                    expectedTaps: 4)
                let all = wakes(every, taps: times) { $0.wakeTakingAll(at: $1) }
                let taken = wakes(actedOn, taps: times) { session, time in
                    let ready = session.wake(at: time)
                    var batch: [PipelineEffect] = []
                    for _ in 0..<ready {
                        guard let effect = session.takeEffect() else { break }
                        batch.append(effect)
                    }
                    #expect(batch.count == ready, "\(pipeline.name) \(watchName) seed \(seed)")
                    #expect(
                        batch.allSatisfy { $0.time == time }, "\(pipeline.name) \(watchName) seed \(seed): on time")
                    #expect(session.takeEffect() == nil, "\(pipeline.name) \(watchName) seed \(seed): all taken")
                    return batch
                }
                let filtered = all.map { $0.filter { isActedOn($0, every.roles, complication: complication) } }
                #expect(
                    taken.filter { !$0.isEmpty } == filtered.filter { !$0.isEmpty },
                    "\(pipeline.name) \(watchName) seed \(seed)")
                #expect(
                    taken.joined().count >= 12 * 2, "\(pipeline.name) \(watchName) seed \(seed): commit and removal")
            }
        }
    }

    /// A driver learns each tap's handler start from the removal's commit (the one report of
    /// it): the time the tap's outcome gives.
    @Test(arguments: [CheckOffPipeline.naive, .optimized, .instant])
    func theRemovalCarriesTheHandlerStart(_ pipeline: CheckOffPipeline) throws {
        let watch = try WatchModel.named("series0-38mm")
        for seed in UInt64(0)..<20 {
            let times = taps(8, seed: seed)
            var session = PipelineSession(pipeline: pipeline, watch: watch, jitter: .standard, jitterSeed: seed)
            var carried: [Int: SimTime] = [:]
            for case .removalCommitted(let tap, _, let handlerStarted) in wakes(
                session, taps: times, batch: { $0.wakeTakingAll(at: $1) }
            ).joined() {
                carried[tap] = handlerStarted
            }
            for time in times { _ = session.tap(at: time) }
            let started = session.run(through: .distantFuture).taps.map { ($0.index, $0.handlerStarted) }
            #expect(carried.count == 8, "\(pipeline.name) seed \(seed)")
            #expect(carried == Dictionary(uniqueKeysWithValues: started), "\(pipeline.name) seed \(seed)")
        }
    }

    /// The step times (and so every outcome) do not depend on what is recorded.
    @Test func outcomesDoNotDependOnTheSelection() throws {
        let watch = try WatchModel.named("series0-38mm")
        for seed in UInt64(0)..<20 {
            var every = PipelineSession(pipeline: .naive, watch: watch, jitter: .standard, jitterSeed: seed)
            var actedOn = PipelineSession(
                pipeline: .naive, watch: watch, jitter: .standard, jitterSeed: seed, effects: .actedOn)
            for time in taps(6, seed: seed) {
                _ = every.tap(at: time)
                _ = actedOn.tap(at: time)
            }
            while let next = every.nextEventTime { _ = every.wake(at: next) }
            while let next = actedOn.nextEventTime { _ = actedOn.wake(at: next) }
            let end = SimTime(offset: .seconds(Int64(60)))
            #expect(every.run(through: end) == actedOn.run(through: end), "seed \(seed)")
        }
    }

    /// A batch that records nothing (``PipelineEffectSelection/nothing``) hands over no effect,
    /// not even a synchronous send's wait or a removal, and its taps end as when every step is
    /// recorded.
    @Test(arguments: [CheckOffPipeline.naive, .optimized, .instant])
    func nothingRecordsNoEffectAndTheSameOutcomes(_ pipeline: CheckOffPipeline) throws {
        let watch = try WatchModel.named("series0-38mm")
        for seed in UInt64(0)..<10 {
            var every = PipelineSession(pipeline: pipeline, watch: watch, jitter: .standard, jitterSeed: seed)
            var nothing = PipelineSession(
                pipeline: pipeline, watch: watch, jitter: .standard, jitterSeed: seed, effects: .nothing)
            for time in taps(6, seed: seed) {
                _ = every.tap(at: time)
                #expect(nothing.tap(at: time) == 0, "\(pipeline.name) seed \(seed)")
            }
            let end = SimTime(offset: .seconds(Int64(60)))
            #expect(nothing.wake(at: end) == 0, "\(pipeline.name) seed \(seed)")
            #expect(nothing.takeEffect() == nil, "\(pipeline.name) seed \(seed)")
            #expect(nothing.nextEventTime == nil, "\(pipeline.name) seed \(seed)")
            #expect(every.run(through: end) == nothing.run(through: end), "\(pipeline.name) seed \(seed)")
        }
    }

    /// Effects not taken yet stay ahead of those a later call records (a wake's driver leaves
    /// for the next wake what acting on its effects set off).
    @Test func untakenEffectsStayAheadOfLaterOnes() throws {
        var session = PipelineSession(pipeline: .optimized, watch: try WatchModel.named("series3-38mm"))
        _ = session.tap(at: .zero)
        let ready = session.wake(at: .zero)
        #expect(ready == 1)
        let more = session.wake(at: SimTime(offset: .seconds(Int64(1))))
        #expect(more > ready)
        var rest: [PipelineEffect] = []
        while let effect = session.takeEffect() { rest.append(effect) }
        #expect(rest.count == more)
        #expect(rest.first == .stepStarted(tap: 0, step: 0, at: .zero))
        #expect(zip(rest, rest.dropFirst()).allSatisfy { $0.time <= $1.time })
        #expect(session.wake(at: SimTime(offset: .seconds(Int64(2)))) == 0)
    }

    /// What each selection records of each role: the start of a send that does not await its
    /// outcome, the ends of the commit and (with a complication) of its update.
    @Test func eachSelectionRecordsWhatItsDriverActsOn() {
        typealias Role = PipelineStepRoles.Role
        let roles: [Role] = [.commitsCheckOff, .sendsMessage(awaitsOutcome: false), .updatesComplication, .none]
        let awaited = Role.sendsMessage(awaitsOutcome: true)
        for selection in [PipelineEffectSelection.actedOn, .actedOnWithoutComplication] {
            #expect(roles.map(selection.recordsStart(of:)) == [false, true, false, false], "\(selection)")
            #expect(!selection.recordsStart(of: awaited) && !selection.recordsEnd(of: awaited), "\(selection)")
        }
        #expect(roles.map(PipelineEffectSelection.actedOn.recordsEnd(of:)) == [true, false, true, false])
        #expect(
            roles.map(PipelineEffectSelection.actedOnWithoutComplication.recordsEnd(of:)) == [
                true, false, false, false,
            ])
        for role in roles + [awaited] {
            #expect(PipelineEffectSelection.everyStep.recordsStart(of: role))
            #expect(PipelineEffectSelection.everyStep.recordsEnd(of: role))
            #expect(!PipelineEffectSelection.nothing.recordsStart(of: role))
            #expect(!PipelineEffectSelection.nothing.recordsEnd(of: role))
        }
    }
}
