import SimulationKernel
import Testing

@testable import CompanionModel

/// The session's reusable effect buffer and its precomputed step roles: same effects as the
/// array-returning API, and roles that match the pipeline's steps.
@Suite struct PipelineSessionBufferTests {
    /// Taps every ~300 ms (with a seeded offset), so taps overlap on slow watches.
    func taps(_ count: Int, seed: UInt64) -> [SimTime] {
        seededTapTimes(count, seed: seed, spacing: .milliseconds(300), jitter: .milliseconds(50))
    }

    /// Drives a session tap by tap; `batch` returns the effects of one wake.
    func effects(
        _ pipeline: CheckOffPipeline, taps: [SimTime], jitterSeed: UInt64,
        batch: (inout PipelineSession, SimTime) -> [PipelineEffect]
    ) throws -> [[PipelineEffect]] {
        var session = PipelineSession(
            pipeline: pipeline, watch: try WatchModel.named("series0-42mm"), jitter: .standard, jitterSeed: jitterSeed)
        var batches: [[PipelineEffect]] = []
        for time in taps {
            while let next = session.nextEventTime, next < time { batches.append(batch(&session, next)) }
            _ = session.tap(at: time)
        }
        while let next = session.nextEventTime { batches.append(batch(&session, next)) }
        return batches
    }

    @Test(arguments: [CheckOffPipeline.naive, .optimized])
    func reusedBufferGivesTheSameEffectsAsFreshArrays(_ pipeline: CheckOffPipeline) throws {
        for seed in UInt64(0)..<4 {
            let times = taps(20, seed: seed)
            let fresh = try effects(pipeline, taps: times, jitterSeed: seed) { $0.advance(to: $1) }
            var buffer: [PipelineEffect] = []
            let reused = try effects(pipeline, taps: times, jitterSeed: seed) { session, time in
                buffer.removeAll(keepingCapacity: true)
                session.advance(to: time, into: &buffer)
                return buffer
            }
            #expect(fresh == reused, "\(pipeline.name) seed \(seed)")
            #expect(fresh.joined().count >= 20 * (pipeline.steps.count * 2 + 2), "\(pipeline.name) seed \(seed)")
        }
    }

    /// A wake gives what the two calls it stands for give: the number of effects due and, when
    /// there are none, the session's next time; the effects taken after it and the next time
    /// asked once they are acted on (a held send released at once) are the same too. Seeded taps
    /// over many seeds; a failure names the seed.
    @Test(arguments: [CheckOffPipeline.naive, .optimized, .instant])
    func aWakeGivesWhatAdvancingAndAskingTheNextTimeGive(_ pipeline: CheckOffPipeline) throws {
        let watch = try WatchModel.named("series0-42mm")
        for seed in UInt64(0)..<40 {
            if let difference = wakeDifference(pipeline, watch, seed: seed) {
                Issue.record("\(pipeline.name) seed \(seed): \(difference)")
                return
            }
        }
    }

    /// Drives one session with ``PipelineSession/wake(at:)`` and a copy with
    /// ``PipelineSession/advanceHoldingEffects(to:)`` and ``PipelineSession/nextEventTime``
    /// through the same taps and releases; returns the first difference.
    func wakeDifference(_ pipeline: CheckOffPipeline, _ watch: WatchModel, seed: UInt64) -> String? {
        var woken = PipelineSession(
            pipeline: pipeline, watch: watch, jitter: .standard, jitterSeed: seed, syncSendAwaitsOutcome: seed % 2 == 0,
            effects: seed % 3 == 0 ? .everyStep : .actedOn)
        var advanced = woken
        var pending = taps(12, seed: seed)[...]
        var wakes = 0
        while wakes < 10_000 {
            let next = advanced.nextEventTime
            let time: SimTime
            if let tap = pending.first, next.map({ tap <= $0 }) ?? true {
                // A tap, and a wake at its time (as the watch wakes its session at each tap).
                pending.removeFirst()
                if woken.tap(at: tap) != advanced.tap(at: tap) { return "tap index at \(tap)" }
                time = tap
            } else if let next {
                time = next
            } else {
                break
            }
            wakes += 1
            let due = advanced.advanceHoldingEffects(to: time)
            switch woken.wake(at: time) {
            case .idle(let until):
                if due != 0 { return "wake \(wakes): idle, \(due) effects due" }
                if until != advanced.nextEventTime { return "wake \(wakes): next \(String(describing: until))" }
            case .effectsDue(let count):
                if count != due || count == 0 { return "wake \(wakes): \(count) effects due, not \(due)" }
                for _ in 0..<count {
                    let effect = woken.takeEffect()
                    if effect != advanced.takeEffect() { return "wake \(wakes): effect \(String(describing: effect))" }
                    if case .awaitingOutcome(let tap, _, _) = effect {
                        woken.releaseSend(tap: tap, at: time)
                        advanced.releaseSend(tap: tap, at: time)
                    }
                }
                if woken.nextEventTime != advanced.nextEventTime { return "wake \(wakes): next event" }
            }
        }
        return pending.isEmpty && wakes > 0 ? nil : "ran \(wakes) wakes with \(pending.count) taps left"
    }

    @Test func advanceAppendsAfterWhatTheBufferHolds() throws {
        var session = PipelineSession(pipeline: .optimized, watch: try WatchModel.named("series3-38mm"))
        _ = session.tap(at: .zero)
        var buffer: [PipelineEffect] = [.handlerStarted(tap: 99, at: .zero)]
        session.advance(to: SimTime(offset: .seconds(Int64(1))), into: &buffer)
        #expect(buffer.first == .handlerStarted(tap: 99, at: .zero))
        #expect(buffer.dropFirst().first == .handlerStarted(tap: 0, at: .zero))
        #expect(buffer.contains { if case .removalCommitted(0, _) = $0 { true } else { false } })
        var none: [PipelineEffect] = []
        session.advance(to: SimTime(offset: .seconds(Int64(2))), into: &none)
        #expect(none.isEmpty, "effects are taken once")
    }

    @Test func rolesMatchTheSteps() {
        let naive = PipelineStepRoles(pipeline: .naive, syncSendAwaitsOutcome: true)
        #expect(
            naive.byStep == [
                .none, .commitsCheckOff, .none, .sendsMessage(awaitsOutcome: true), .none, .none, .none,
                .updatesComplication,
            ])
        #expect(naive.synchronousSends == [3])
        #expect(naive.tableModelStep == 1 && naive.messageStep == 3 && naive.complicationStep == 7)
        #expect(!naive.commitsAtRemoval && naive.hasSynchronousSend)

        let unawaited = PipelineStepRoles(pipeline: .naive, syncSendAwaitsOutcome: false)
        #expect(unawaited.byStep[3] == .sendsMessage(awaitsOutcome: false))
        #expect(unawaited.synchronousSends.isEmpty && !unawaited.hasSynchronousSend)

        let optimized = PipelineStepRoles(pipeline: .optimized, syncSendAwaitsOutcome: true)
        #expect(optimized.byStep[2] == .sendsMessage(awaitsOutcome: false), "no wait: not synchronous")
        #expect(optimized.synchronousSends.isEmpty)
    }

    @Test func aPipelineWithoutTableModelCommitsAtRemoval() throws {
        let pipeline = try CheckOffPipeline(
            name: "bare",
            steps: [
                PipelineStep(.removeRow, on: .main, cost: .milliseconds(18)),
                PipelineStep(.custom("log"), on: .background, cost: .milliseconds(5)),
            ])
        let roles = PipelineStepRoles(pipeline: pipeline, syncSendAwaitsOutcome: true)
        #expect(roles.byStep == [.none, .none])
        #expect(roles.commitsAtRemoval && roles.tableModelStep == nil && roles.messageStep == nil)
    }
}
