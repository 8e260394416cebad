import SimulationKernel
import Testing

@testable import CompanionModel

/// When the system wakes the app for a granted background refresh (issue #38 item 2a).
@Suite struct BackgroundRefreshTimingTests {
    @Test func punctualWakesAtThePreferredDateAndDrawsNothing() {
        var rng = SplitMix64(seed: 4)
        let before = rng
        #expect(BackgroundRefreshTiming.punctual.delay(using: &rng) == .zero)
        #expect(rng == before, "no draw: other draws of the stream do not shift")
    }

    @Test func theDefaultIsThePlatformsMayDelayWithTheChosenDistribution() {
        #expect(ComplicationBudgetSettings().backgroundRefreshTiming == .platformDefault)
        #expect(ComplicationBudgetSettings.widgetKit.backgroundRefreshTiming == .platformDefault)
        #expect(BackgroundRefreshTiming.platformDefault == .mayDelay(mean: .minutes(5), atMost: .minutes(30)))
    }

    @Test(arguments: 0..<20 as Range<UInt64>) func delaysAreWholeSecondsWithinTheCap(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        for _ in 0..<200 {
            let delay = BackgroundRefreshTiming.platformDefault.delay(using: &rng)
            #expect(delay >= .zero && delay <= .minutes(30), "seed \(seed): \(delay)")
            #expect(delay.nanoseconds % 1_000_000_000 == 0, "seed \(seed): whole seconds, \(delay)")
        }
    }

    @Test func theMeanIsNearTheSetting() {
        var rng = SplitMix64(seed: 99)
        let timing = BackgroundRefreshTiming.mayDelay(mean: .minutes(5), atMost: .hours(10))
        let draws = 20_000
        var total: Int64 = 0
        for _ in 0..<draws { total += timing.delay(using: &rng).nanoseconds / 1_000_000_000 }
        let mean = Double(total) / Double(draws)
        #expect(abs(mean - 299.5) < 10, "mean \(mean) s (whole seconds, rounded down)")
    }

    @Test func theSameStreamGivesTheSameDelays() {
        var first = SplitMix64(seed: 7)
        var second = SplitMix64(seed: 7)
        let a = (0..<50).map { _ in BackgroundRefreshTiming.platformDefault.delay(using: &first) }
        let b = (0..<50).map { _ in BackgroundRefreshTiming.platformDefault.delay(using: &second) }
        #expect(a == b)
        #expect(Set(a).count > 10)
    }
}
