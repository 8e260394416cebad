import SimulationKernel
import Testing

@testable import CompanionModel

/// The taps' outcomes a session's run reads (``PipelineSession/run(through:)``), from batches
/// of taps submitted in time order.
@Suite struct PipelineSessionOutcomeTests {
    func ms(_ value: Int64) -> SimDuration { .milliseconds(value) }
    func at(_ milliseconds: Int64) -> SimTime { SimTime(offset: .milliseconds(milliseconds)) }

    /// Taps every `gap` with a jitter drawn from `seed`, so taps fall at every phase of the frame grid.
    func trip(taps: Int, gap: SimDuration, seed: UInt64) -> [SimTime] {
        var rng = SplitMix64(seed: seed)
        var time = SimTime.zero
        return (0..<taps).map { _ in
            time += gap + SimDuration(nanoseconds: Int64(rng.next() % 50_000_000))
            return time
        }
    }

    @Test func naiveTakesFiveSecondsOrMoreOnTheSlowestWatch() throws {
        let watch = try WatchModel.named(WatchModel.slowestName)
        for seed in UInt64(0)..<5 {
            let run = PipelineSession.run(.naive, on: watch, taps: trip(taps: 12, gap: .seconds(Int64(20)), seed: seed))
            let p50 = try #require(run.statistics.percentile(50))
            #expect(p50 >= .seconds(Int64(5)), "seed \(seed): p50 \(p50)")
            #expect(run.taps.allSatisfy { $0.latency >= .seconds(Int64(5)) }, "seed \(seed)")
        }
    }

    @Test(arguments: WatchModel.catalog)
    func optimizedP99IsUnder100msOnEveryWatch(_ watch: WatchModel) throws {
        for seed in UInt64(0)..<5 {
            let run = PipelineSession.run(.optimized, on: watch, taps: trip(taps: 40, gap: ms(150), seed: seed))
            let p99 = try #require(run.statistics.percentile(99))
            #expect(p99 < ms(100), "\(watch.name) seed \(seed): p99 \(p99)")
        }
    }

    @Test func aBurstQueuesOnTheMainThread() throws {
        let watch = try WatchModel.named("series3-38mm")
        let run = PipelineSession.run(.naive, on: watch, taps: [at(0), at(100), at(200)])
        let handler = run.taps[0].handlerFinished - run.taps[0].handlerStarted
        #expect(run.taps[0].queueingDelay == .zero)
        #expect(run.taps[1].handlerStarted == run.taps[0].handlerFinished, "tap 2 waits for tap 1's handler")
        #expect(run.taps[2].handlerStarted == run.taps[1].handlerFinished)
        #expect(run.taps[1].queueingDelay == handler - ms(100))
        #expect(run.taps[2].queueingDelay == handler * 2 - ms(200))
        #expect(run.taps[0].latency < run.taps[1].latency && run.taps[1].latency < run.taps[2].latency)
        #expect(run.totalQueueingDelay == handler * 3 - ms(300))
    }

    /// A pipeline where a background step overlaps the handler's removal.
    func overlapping() throws -> CheckOffPipeline {
        try CheckOffPipeline(
            name: "overlap",
            steps: [
                PipelineStep(.sendMessageToPhone, on: .background, cost: ms(100)),
                PipelineStep(.removeRow, on: .main, cost: ms(100)),
            ])
    }

    @Test func singleCoreSharesTheCPUAndDualCoreDoesNot() throws {
        let pipeline = try overlapping()
        let single = PipelineSession.run(
            pipeline, on: try WatchModel.named("series0-38mm"), taps: [.zero]
        )
        #expect(single.taps[0].handlerFinished == at(200), "both halves share one core: 100 ms each at half speed")
        #expect(single.taps[0].messageSend?.finished == at(200))

        let priority = PipelineSession.run(
            pipeline, on: try WatchModel.named("series0-38mm"), sharing: .mainPriority, taps: [.zero])
        #expect(priority.taps[0].handlerFinished == at(100), "main preempts the background queue")
        #expect(priority.taps[0].messageSend?.finished == at(200))

        let dual = PipelineSession.run(pipeline, on: try WatchModel.named("series1-38mm"), taps: [.zero])
        #expect(
            dual.taps[0].handlerFinished == SimTime(nanoseconds: 66_666_667), "same speed class, two cores: in parallel"
        )
        #expect(dual.taps[0].messageSend?.finished == SimTime(nanoseconds: 66_666_667))
    }

    @Test func waitsLeaveTheCPUToTheOtherQueue() throws {
        let pipeline = try CheckOffPipeline(
            name: "wait",
            steps: [
                PipelineStep(.updateComplication, on: .background, cost: ms(100)),
                PipelineStep(.sendMessageToPhone, on: .main, cost: .zero, wait: ms(100)),
                PipelineStep(.removeRow, on: .main, cost: ms(10)),
            ])
        let run = PipelineSession.run(pipeline, on: try WatchModel.named("series0-38mm"), taps: [.zero])
        #expect(run.complicationUpdateRequested(0) == at(100), "main was blocked, not computing")
        #expect(run.taps[0].handlerFinished == at(110))
    }

    @Test func theRowGoesAtTheFirstFrameAtOrAfterTheHandler() throws {
        let pipeline = try CheckOffPipeline(name: "frame", steps: [PipelineStep(.removeRow, on: .main, cost: ms(10))])
        let watch = try WatchModel.named("series0-38mm")
        let run = PipelineSession.run(
            pipeline, on: watch,
            taps: [
                .zero, at(1_000), SimTime(nanoseconds: 2_006_666_667),
            ])
        #expect(run.taps[0].rowGone == SimTime(nanoseconds: 16_666_667))
        #expect(run.taps[1].rowGone == SimTime(nanoseconds: 1_016_666_667))
        #expect(run.taps[2].handlerFinished == SimTime(nanoseconds: 2_016_666_667), "a commit on a boundary")
        #expect(run.taps[2].rowGone == SimTime(nanoseconds: 2_016_666_667), "is drawn in that frame")
        for tap in run.taps {
            #expect(tap.rowGone >= tap.removalCommitted)
            #expect(tap.rowGone - tap.removalCommitted < SimDuration(nanoseconds: 16_666_667))
        }
    }

    @Test func mainAsyncWorkNoLongerDelaysTheRowButDelaysTheNextTap() throws {
        let pipeline = try CheckOffPipeline(
            name: "deferred",
            steps: [
                PipelineStep(.removeRow, on: .main, cost: ms(10)),
                PipelineStep(.updateComplication, on: .mainAsync, cost: ms(500)),
            ])
        let run = PipelineSession.run(
            pipeline, on: try WatchModel.named("series0-38mm"),
            taps: [
                .zero, at(20),
            ])
        #expect(run.taps[0].removalCommitted == at(10))
        #expect(run.complicationUpdateRequested(0) == at(510))
        #expect(run.taps[1].handlerStarted == at(510), "the deferred block was queued before tap 2 arrived")
        #expect(run.taps[1].queueingDelay == ms(490))
    }

    @Test func sideEffectTimesFollowTheSteps() throws {
        let watch = try WatchModel.named("series3-38mm")
        let run = PipelineSession.run(.optimized, on: watch, taps: [at(1_000)])
        let tap = run.taps[0]
        let send = try #require(tap.messageSend)
        #expect(send.started == at(1_000) + ms(30).scaled(by: 1 / 2.5), "dispatched after the table model and the row")
        #expect(send.finished == send.started + ms(40).scaled(by: 1 / 2.5))
        #expect(try #require(run.complicationUpdateRequested(0)) == send.finished + ms(10).scaled(by: 1 / 2.5))
        #expect(tap.finished == run.complicationUpdateRequested(0))
    }

    @Test func eachOutcomeCarriesItsTapsIndex() throws {
        let watch = try WatchModel.named("series3-38mm")
        let run = PipelineSession.run(.optimized, on: watch, taps: [at(0), at(500), at(500)])
        #expect(run.taps.map(\.index) == [0, 1, 2])
        #expect(run.taps.map(\.tap) == [at(0), at(500), at(500)])
    }

    @Test func runsAreDeterministicAndMatchADrivenSession() throws {
        for seed in UInt64(0)..<5 {
            let taps = trip(taps: 30, gap: ms(300), seed: seed)
            let watch = try WatchModel.named("series0-42mm")
            let first = PipelineSession.run(.naive, on: watch, taps: taps)
            #expect(first == PipelineSession.run(.naive, on: watch, taps: taps), "seed \(seed)")
            var session = PipelineSession(pipeline: .naive, watch: watch)
            var effects: [PipelineEffect] = []
            for time in taps {
                while let next = session.nextEventTime, next < time { effects += session.wakeTakingAll(at: next) }
                _ = session.tap(at: time)
            }
            while let next = session.nextEventTime { effects += session.wakeTakingAll(at: next) }
            #expect(session.run(through: SimTime(offset: .seconds(Int64(3_600)))).taps == first.taps, "seed \(seed)")
            #expect(effects.map(\.time) == effects.map(\.time).sorted(), "seed \(seed): effects in time order")
        }
    }

    @Test func stepTotalsAddUpPerQueue() throws {
        let watch = try WatchModel.named("series3-38mm")
        let run = PipelineSession.run(.naive, on: watch, taps: [at(0), at(10_000)])
        let totals = run.stepTotals
        #expect(totals.map(\.name) == CheckOffPipeline.naive.steps.map(\.name))
        #expect(totals.allSatisfy { $0.queue == .main })
        let send = try #require(totals.first { $0.name == "sendMessageToPhone" })
        #expect(send.wall == (ms(40).scaled(by: 1 / 2.5) + ms(1_200)) * 2)
        #expect(send.cpu == ms(40).scaled(by: 1 / 2.5) * 2)
    }
}
