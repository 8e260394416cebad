import SimulationKernel
import Testing

@testable import CompanionModel

/// A session asks its driver to wake it only when something it sees happens: with a core per
/// queue, the background thread going idle is not such a moment, yet a tap whose last step ends
/// then has finished by that time for a reader of the run.
@Suite struct PipelineSessionTests {
    func at(_ milliseconds: Int64) -> SimTime { SimTime(offset: .milliseconds(milliseconds)) }

    /// Calls `body` with a single-core and a dual-core watch and each seed below `seeds`, and a
    /// label naming `pipeline`, the watch and the seed for a failing expectation.
    func forEachWatchAndSeed(
        _ pipeline: CheckOffPipeline, seeds: UInt64, _ body: (WatchModel, UInt64, String) throws -> Void
    ) throws {
        for watchName in ["series0-38mm", "series7-45mm"] {
            let watch = try WatchModel.named(watchName)
            for seed in UInt64(0)..<seeds { try body(watch, seed, "\(pipeline.name) \(watchName) seed \(seed)") }
        }
    }

    /// One tap of the optimized pipeline on a dual-core watch, driven by a watch without a
    /// complication: once the removal is taken, no wake is asked for the background's end.
    @Test func aDualCoreBackgroundGoingIdleAsksNoWake() throws {
        let watch = try WatchModel.named("series7-45mm")
        var session = PipelineSession(pipeline: .optimized, watch: watch, effects: .actedOnWithoutComplication)
        _ = session.tap(at: .zero)
        var wakes: [SimTime] = []
        var last = SimTime.zero
        while let next = session.nextEventTime {
            wakes.append(next)
            last = next
            _ = session.wakeTakingAll(at: next)
        }
        let finished = PipelineSession.run(.optimized, on: watch, taps: [.zero]).taps
        let backgroundEnd = try #require(finished.first?.steps.last?.end)
        #expect(backgroundEnd > last, "the background's end (\(backgroundEnd)) comes after the last wake (\(last))")
        #expect(session.run(through: last).taps.isEmpty, "the tap has not finished by the last wake")
        #expect(session.run(through: at(1_000)).taps == finished)
        #expect(session.nextEventTime == nil)
    }

    /// On a single core the background going idle speeds the main thread up: it is a wake.
    @Test func aSingleCoreBackgroundGoingIdleIsAWake() throws {
        let watch = try WatchModel.named("series0-38mm")
        var session = PipelineSession(pipeline: .optimized, watch: watch, effects: .actedOnWithoutComplication)
        _ = session.tap(at: .zero)
        var last = SimTime.zero
        while let next = session.nextEventTime {
            last = next
            _ = session.wakeTakingAll(at: next)
        }
        let finished = PipelineSession.run(.optimized, on: watch, taps: [.zero]).taps
        #expect(finished.first?.steps.map(\.end).max() == last)
        #expect(session.run(through: last).taps == finished)
    }

    /// An outcome that comes before its send awaits it (here before the tap's handler starts)
    /// is a driver's error, reported: a driver releases only a send it saw await
    /// (``PipelineEffect/awaitingOutcome(tap:step:at:)``).
    @Test func anOutcomeBeforeItsSendAwaitsIsReported() async {
        await #expect(processExitsWith: .failure) {
            var session = PipelineSession(
                pipeline: .naive, watch: try WatchModel.named("series7-45mm"), syncSendAwaitsOutcome: true)
            _ = session.tap(at: .zero)
            _ = session.tap(at: SimTime(offset: .seconds(Int64(1))))
            session.releaseSend(tap: 1, at: SimTime(offset: .seconds(Int64(2))))
        }
    }

    /// A second outcome for a send that has had its own is a driver's error, reported rather
    /// than kept where nothing would read it.
    @Test func aSecondOutcomeForOneSendIsReported() async {
        await #expect(processExitsWith: .failure) {
            var session = PipelineSession(
                pipeline: .naive, watch: try WatchModel.named("series7-45mm"), syncSendAwaitsOutcome: true)
            _ = session.tap(at: .zero)
            while let next = session.nextEventTime {
                for case .awaitingOutcome(let tap, _, let time) in session.wakeTakingAll(at: next) {
                    session.releaseSend(tap: tap, at: time)
                }
            }
            session.releaseSend(tap: 0, at: SimTime(offset: .seconds(Int64(60))))
        }
    }

    /// A tap is a wake at its time: what it returns, what it hands over and when it asks to be
    /// woken next are what a wake at that time right after it gives, on one core and two, for
    /// every preset, with jitter.
    @Test(arguments: [CheckOffPipeline.naive, .optimized, .instant])
    func aTapIsAWakeAtItsTime(_ pipeline: CheckOffPipeline) throws {
        try forEachWatchAndSeed(pipeline, seeds: 20) { watch, seed, label in
            var tapped = PipelineSession(pipeline: pipeline, watch: watch, jitter: .standard, jitterSeed: seed)
            var woken = tapped
            for time in seededTapTimes(10, seed: seed, spacing: .milliseconds(120), jitter: .milliseconds(100)) {
                while let next = tapped.nextEventTime, next < time {
                    #expect(tapped.wakeTakingAll(at: next) == woken.wakeTakingAll(at: next), "\(label)")
                }
                let ready = tapped.tap(at: time)
                _ = woken.tap(at: time)
                #expect(ready == woken.wake(at: time), "\(label)")
                #expect(tapped.wakeTakingAll(at: time) == woken.wakeTakingAll(at: time), "\(label)")
                #expect(tapped.nextEventTime == woken.nextEventTime, "\(label)")
            }
        }
    }

    /// A session that keeps no runs (``PipelineSession/keepsRuns``, what the world's session does
    /// unless a run's options ask) hands over the same effects at the same wakes, asks for the same
    /// next wakes and counts the same taps as one that keeps them, for every preset on one core and
    /// two, with jitter and synchronous sends released when they await their outcome.
    @Test(arguments: [CheckOffPipeline.naive, .optimized, .instant])
    func aSessionKeepingNoRunsHandsOverTheSameEffects(_ pipeline: CheckOffPipeline) throws {
        try forEachWatchAndSeed(pipeline, seeds: 50) { watch, seed, label in
            var kept = PipelineSession(
                pipeline: pipeline, watch: watch, jitter: .standard, jitterSeed: seed, syncSendAwaitsOutcome: true)
            var unkept = PipelineSession(
                pipeline: pipeline, watch: watch, jitter: .standard, jitterSeed: seed, syncSendAwaitsOutcome: true)
            unkept.keepRuns(false)
            #expect(kept.keepsRuns && !unkept.keepsRuns, "\(label)")
            /// Takes every effect both sessions hand over at `time`, releasing each send that
            /// awaits its outcome at once, and expects the same of both.
            func wakeBoth(at time: SimTime, tapping: Bool) {
                let ready = tapping ? kept.tap(at: time) : kept.wake(at: time)
                #expect(ready == (tapping ? unkept.tap(at: time) : unkept.wake(at: time)), "\(label)")
                while let effect = kept.takeEffect() {
                    #expect(unkept.takeEffect() == effect, "\(label)")
                    if case .awaitingOutcome(let tap, _, _) = effect {
                        kept.releaseSend(tap: tap, at: time)
                        unkept.releaseSend(tap: tap, at: time)
                    }
                }
                #expect(unkept.takeEffect() == nil, "\(label)")
                #expect(kept.nextEventTime == unkept.nextEventTime, "\(label)")
            }
            for time in seededTapTimes(12, seed: seed, spacing: .milliseconds(120), jitter: .milliseconds(100)) {
                while let next = kept.nextEventTime, next < time { wakeBoth(at: next, tapping: false) }
                wakeBoth(at: time, tapping: true)
            }
            while let next = kept.nextEventTime { wakeBoth(at: next, tapping: false) }
            #expect(kept.tapCount == 12 && unkept.tapCount == 12, "\(label)")
            #expect(kept.run(through: at(3_600_000)).taps.count == 12, "\(label)")
        }
    }
}
