import SimulationKernel
import Testing

@testable import ReminderScheduling

/// Rule P10 (`docs/reminders.md`): an iPhone background app refresh runs when the system decides, a
/// seeded delay after its earliest begin date (or at it, punctual); and rule S6's iPhone limit:
/// about 30 s of runtime, an overrun ends with the watchdog's 0x8badf00d.
@Suite struct AppRefreshTimingTests {
    @Test func punctualDrawsNothingAndAddsNoDelay() {
        var rng = SplitMix64(seed: 7)
        let before = rng
        #expect(AppRefreshTiming.punctual.delay(using: &rng) == 0)
        #expect(rng == before, "punctual draws nothing: the stream is left as it was")
    }

    /// The delays are whole seconds, never negative, the same for the same seed, and average the
    /// mean (an exponential draw per request).
    @Test(arguments: [UInt64(1), 2, 3, 42, 1_000])
    func opportunisticDelaysAreSeededAndAverageTheMean(seed: UInt64) {
        var first = SplitMix64(seed: seed)
        var second = SplitMix64(seed: seed)
        let timing = AppRefreshTiming.realistic
        var total: Int64 = 0
        let count = 4_000
        for _ in 0..<count {
            let delay = timing.delay(using: &first)
            #expect(delay >= 0 && delay <= AppRefreshTiming.maximumDelay, "seed \(seed): delay \(delay)")
            #expect(delay == timing.delay(using: &second), "seed \(seed): not reproducible")
            total += delay
        }
        let mean = Double(total) / Double(count)
        // The mean of 4,000 exponential draws is within 10 % of 7,200 s with probability > 0.9999.
        #expect(abs(mean - 7_200) < 720, "seed \(seed): mean delay \(mean) s")
    }

    @Test func theDefaultIsOpportunisticWithAMeanOfTwoHours() {
        #expect(AppRefreshTiming.realistic == .opportunistic(meanDelay: 7_200))
        #expect(AppRefreshDelays().timing == .punctual, "the library harness stays punctual unless told")
    }

    /// The harness asks the system for a refresh at `now + every`; the system runs it the drawn
    /// delay later (and within its budget).
    @Test func theHarnessRunsTheRefreshTheDrawnDelayAfterItsEarliestBeginDate() throws {
        var phone = ReminderHarness(
            configuration: try SchedulerConfiguration(mode: .backgroundRefresh, windowSize: 3), rules: PlatformRules(),
            start: .zero)
        phone.refreshDelays = AppRefreshDelays(timing: .realistic, random: SplitMix64(seed: 9))
        var expected = SplitMix64(seed: 9)
        let delay = AppRefreshTiming.realistic.delay(using: &expected)
        try phone.run(at: .zero, reason: .launch) { $0.setItem("milk", due: minutes(600), now: .zero) }
        #expect(delay > 0)
        #expect(phone.scheduledRefresh == minutes(60) + delay)
        #expect(
            phone.snapshots.last?.refreshRequest == RefreshRequest(earliest: minutes(60), runsAt: minutes(60) + delay))
        phone.advance(to: minutes(60) + delay)
        #expect(phone.snapshots.map(\.reason) == [.launch, .backgroundRefresh])
        #expect(phone.snapshots.last?.at == minutes(60) + delay)
    }

    /// The iPhone's limit is the task's runtime (30 s): CPU time over watchOS's 4 s is fine; past 30 s
    /// the watchdog ends the task with 0x8badf00d.
    @Test(arguments: [
        (cpu: Int64(27), wall: Int64(0), terminated: false),
        (cpu: 30, wall: 0, terminated: false),
        (cpu: 1, wall: 30, terminated: false),
        (cpu: 31, wall: 0, terminated: true),
        (cpu: 0, wall: 31, terminated: true),
    ])
    func aRefreshTaskHasThirtySecondsOfRuntime(cpu: Int64, wall: Int64, terminated: Bool) {
        let verdict = AppRefreshTaskLimits().verdict(cpu: .seconds(cpu), wall: .seconds(wall), wantedReminders: 5)
        #expect(verdict.isTerminated == terminated, "cpu \(cpu) s, wall \(wall) s: \(verdict)")
        if terminated {
            #expect(verdict.code == "0x8badf00d")
            #expect(
                verdict
                    == .terminated(
                        code: "0x8badf00d",
                        detail:
                            "watchdog: refilling 5 reminders takes \(SimDuration.seconds(max(cpu, wall))), over the 30s a background app refresh task may run (terminated after 30s)"
                    ))
        }
    }
}
