import SimulationKernel
import Testing

@testable import CompanionModel

@Suite struct FrameClockTests {
    @Test func sixtyHertzBoundaries() {
        #expect((0..<4).map { FrameClock.boundary($0).nanoseconds } == [0, 16_666_667, 33_333_334, 50_000_000])
        #expect(FrameClock.boundary(60) == SimTime(offset: .seconds(Int64(1))))
    }

    @Test func firstBoundaryAtOrAfter() {
        func first(_ nanoseconds: Int64) -> Int64 {
            FrameClock.firstBoundary(atOrAfter: SimTime(nanoseconds: nanoseconds)).nanoseconds
        }
        #expect(first(0) == 0)
        #expect(first(1) == 16_666_667)
        #expect(first(16_666_667) == 16_666_667)
        #expect(first(16_666_668) == 33_333_334)
        #expect(first(-5) == 0)
        #expect(first(983_333_335) == 1_000_000_000)
        #expect(first(1_000_000_000) == 1_000_000_000)
        #expect(first(1_000_000_001) == 1_016_666_667)
    }

    /// The 60 Hz boundary is `ceil(index × 10⁹ / 60)` for every index tried: small, around each second, negative, and
    /// seeded up to 10¹⁰ frames (about five years).
    @Test func sixtyHertzBoundaryIsTheGeneralArithmetics() {
        var indexes = Array(Int64(-130)...130) + (1...50).flatMap { second in (-2...2).map { Int64(second) * 60 + $0 } }
        var rng = SplitMix64(seed: 60)
        indexes += (0..<5_000).map { _ in Int64(rng.next() % 10_000_000_000) }
        for index in indexes {
            let whole = index / 60
            let expected = whole * 1_000_000_000 + ((index - whole * 60) * 1_000_000_000 + 59) / 60
            #expect(FrameClock.boundary(index).nanoseconds == expected, "index \(index)")
        }
    }

    @Test func firstBoundaryIsTheEarliestQualifyingFrame() {
        for seed in UInt64(0)..<200 {
            var rng = SplitMix64(seed: seed)
            let time = SimTime(nanoseconds: Int64(rng.next() % 10_000_000_000_000))
            let index = FrameClock.frameIndex(atOrAfter: time)
            #expect(FrameClock.boundary(index) >= time, "seed \(seed)")
            #expect(index == 0 || FrameClock.boundary(index - 1) < time, "seed \(seed)")
        }
    }

    /// The first boundary at or after a time, straight from the definition: the earliest
    /// `ceil(k × 10⁹ / fps)` (in 128-bit arithmetic) that is not before the time, found by
    /// stepping up from a frame at or before it; 0 for a time at or before the start.
    private static func referenceFirstBoundary(_ time: Int64) -> Int64 {
        guard time > 0 else { return 0 }
        let fps = Int128(FrameClock.framesPerSecond)
        func boundary(_ k: Int128) -> Int128 { (k * 1_000_000_000 + fps - 1) / fps }
        var k = max(0, Int128(time) * fps / 1_000_000_000 - 1)
        precondition(boundary(k) <= Int128(time), "the search starts at or before the time")
        while boundary(k) < Int128(time) { k += 1 }
        return Int64(boundary(k))
    }

    /// The first boundary at or after a time is the definition's, for seeded times (up to about
    /// three years, and on, just before and just after whole seconds and the frames themselves).
    @Test func firstBoundaryIsTheDefinitionsForSeededTimes() {
        var rng = SplitMix64(seed: 60)
        var times: [Int64] = Array(-3...3)
        for _ in 0..<10_000 {
            let time = Int64(rng.next() % 100_000_000_000_000_000)
            let second = time / 1_000_000_000 * 1_000_000_000
            let frame = FrameClock.boundary(FrameClock.frameIndex(atOrAfter: SimTime(nanoseconds: time))).nanoseconds
            times += [time, second - 1, second, second + 1, frame - 1, frame, frame + 1]
        }
        for time in times {
            #expect(
                FrameClock.firstBoundary(atOrAfter: SimTime(nanoseconds: time)).nanoseconds
                    == Self.referenceFirstBoundary(time), "time \(time)")
        }
    }
}

/// The frame grid's plain formulas, the oracle ``FrameClock/firstBoundary(atOrAfter:)`` is
/// checked against (it works out the same with one division instead of three).
extension FrameClock {
    /// The instant frame `index` is drawn: `ceil(index × 10⁹ / framesPerSecond)` ns (overflow-safe).
    ///
    /// - Complexity: O(1).
    static func boundary(_ index: Int64) -> SimTime {
        let whole = index / framesPerSecond
        let part = index % framesPerSecond
        return SimTime(
            nanoseconds: whole * 1_000_000_000 + (part * 1_000_000_000 + framesPerSecond - 1) / framesPerSecond)
    }

    /// The index of the first frame drawn at or after `time`.
    ///
    /// Frame *k* qualifies when `ceil(k·10⁹/f) ≥ t`, i.e. `k·10⁹ > (t − 1)·f`, so
    /// `k = floor((t − 1)·f / 10⁹) + 1` for `t ≥ 1`, and 0 otherwise.
    ///
    /// - Complexity: O(1).
    static func frameIndex(atOrAfter time: SimTime) -> Int64 {
        guard time.nanoseconds >= 1 else { return 0 }
        let before = time.nanoseconds - 1
        let seconds = before / 1_000_000_000
        let rest = before % 1_000_000_000
        return seconds * framesPerSecond + rest * framesPerSecond / 1_000_000_000 + 1
    }
}
