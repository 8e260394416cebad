import SimulationKernel
import Testing

@testable import CompanionModel

/// A background task gets about 4 s of CPU and 15 s of wall time; past either the app is terminated.
@Suite struct BackgroundTaskLimitsTests {
    private func work(cpu: Int64, on chip: WatchChip = .s3, wall: Int64 = 0) -> BackgroundTaskWork {
        BackgroundTaskWork(cpu: ComplicationWork(cost: .seconds(cpu), on: chip), wall: .seconds(wall))
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var cpu: Int64
        var wall: Int64
        var chip: WatchChip
        var result: BackgroundTaskResult
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "within both limits", cpu: 1, wall: 3, chip: .s3, result: .completed(after: .seconds(3))),
        Case(
            name: "CPU-bound task takes its CPU time", cpu: 3, wall: 0, chip: .s3,
            result: .completed(after: .seconds(3))),
        Case(
            name: "too much CPU: 0xc51bad01 at 4 s", cpu: 6, wall: 8, chip: .s3,
            result: .terminated(.cpuTime, after: .seconds(4))),
        Case(
            name: "too much wall time: 0xc51bad02 at 15 s", cpu: 1, wall: 20, chip: .s3,
            result: .terminated(.wallTime, after: .seconds(15))),
        Case(
            name: "a faster chip fits the same work", cpu: 6, wall: 0, chip: .s7,
            result: .completed(after: .milliseconds(2_500))),
    ]

    @Test(arguments: cases) func aTaskEndsAtTheFirstLimitItCrosses(_ c: Case) {
        #expect(BackgroundTaskLimits().run(work(cpu: c.cpu, wall: c.wall), on: c.chip) == c.result)
    }

    @Test func terminationCodesAreThePlatforms() {
        #expect(BackgroundTaskTermination.cpuTime.code == "0xc51bad01")
        #expect(BackgroundTaskTermination.wallTime.code == "0xc51bad02")
    }

    @Test func aWallLimitBelowTheCPULimitWinsWhenBothAreCrossed() {
        let limits = BackgroundTaskLimits(cpu: .seconds(10), wall: .seconds(5))
        #expect(limits.run(work(cpu: 20, wall: 0), on: .s3) == .terminated(.wallTime, after: .seconds(5)))
    }

    @Test func aTerminatedTaskAsksForNoReloadAndACompletedOneDoes() {
        var budget = ComplicationBudget(presence: .onActiveFace)
        _ = budget.reduce(.scheduleBackgroundRefresh(at: .zero, preferred: SimTime(offset: .minutes(15))))
        let woke = budget.reduce(.backgroundRefreshWoke(at: SimTime(offset: .minutes(15))))
        #expect(woke == [.runBackgroundTask(at: SimTime(offset: .minutes(15)))])
        #expect(budget.phase == .onActiveFace(.running(preferred: SimTime(offset: .minutes(15)))))
        let crashedAt = SimTime(offset: .minutes(15)) + .seconds(4)
        let crashed = budget.reduce(
            .backgroundTaskEnded(at: crashedAt, result: .terminated(.cpuTime, after: .seconds(4))))
        #expect(
            crashed == [
                .backgroundTaskRecord(
                    BackgroundTaskRecord(
                        startedAt: SimTime(offset: .minutes(15)), result: .terminated(.cpuTime, after: .seconds(4)),
                        preferredAt: SimTime(offset: .minutes(15))))
            ])
        #expect(budget.reloadsLeft == 50, "the terminated task's reload never happened")
        #expect(budget.phase == .onActiveFace(.idle))
        _ = budget.reduce(.scheduleBackgroundRefresh(at: crashedAt, preferred: SimTime(offset: .minutes(30))))
        _ = budget.reduce(.backgroundRefreshWoke(at: SimTime(offset: .minutes(30))))
        let done = budget.reduce(
            .backgroundTaskEnded(at: SimTime(offset: .minutes(30)), result: .completed(after: .zero)))
        #expect(done.contains(.reloadTimeline(at: SimTime(offset: .minutes(30)), source: .backgroundRefresh)))
    }

    @Test func aRunningTaskCountsAsTheOutstandingRefresh() {
        var budget = ComplicationBudget(presence: .onActiveFace)
        _ = budget.reduce(.scheduleBackgroundRefresh(at: .zero, preferred: SimTime(offset: .minutes(15))))
        _ = budget.reduce(.backgroundRefreshWoke(at: SimTime(offset: .minutes(15))))
        let during = budget.reduce(
            .scheduleBackgroundRefresh(at: SimTime(offset: .minutes(15)), preferred: SimTime(offset: .hours(1))))
        let outcomes: [ComplicationRequestOutcome] = during.compactMap {
            if case .record(let record) = $0 { return record.outcome } else { return nil }
        }
        #expect(outcomes == [.refused(.refreshOutstanding)])
    }
}
