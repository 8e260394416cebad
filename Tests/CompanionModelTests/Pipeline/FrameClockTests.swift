import SimulationKernel
import Testing

@testable import CompanionModel

@Suite struct FrameClockTests {
    @Test func sixtyHertzBoundaries() {
        let clock = FrameClock.sixtyHertz
        #expect((0..<4).map { clock.boundary($0).nanoseconds } == [0, 16_666_667, 33_333_334, 50_000_000])
        #expect(clock.boundary(60) == SimTime(offset: .seconds(Int64(1))))
    }

    @Test func firstBoundaryAtOrAfter() {
        let clock = FrameClock.sixtyHertz
        #expect(clock.firstBoundary(atOrAfter: .zero) == .zero)
        #expect(clock.firstBoundary(atOrAfter: SimTime(nanoseconds: 1)).nanoseconds == 16_666_667)
        #expect(clock.firstBoundary(atOrAfter: SimTime(nanoseconds: 16_666_667)).nanoseconds == 16_666_667)
        #expect(clock.firstBoundary(atOrAfter: SimTime(nanoseconds: 16_666_668)).nanoseconds == 33_333_334)
        #expect(clock.firstBoundary(atOrAfter: SimTime(nanoseconds: -5)) == .zero)
        #expect(clock.firstBoundary(atOrAfter: SimTime(nanoseconds: 983_333_335)).nanoseconds == 1_000_000_000)
        #expect(clock.firstBoundary(atOrAfter: SimTime(nanoseconds: 1_000_000_000)).nanoseconds == 1_000_000_000)
        #expect(clock.firstBoundary(atOrAfter: SimTime(nanoseconds: 1_000_000_001)).nanoseconds == 1_016_666_667)
    }

    /// The 60 Hz boundary is `ceil(index × 10⁹ / 60)` for every index tried: small, around each second, negative, and
    /// seeded up to 10¹⁰ frames (about five years).
    @Test func sixtyHertzBoundaryIsTheGeneralArithmetics() {
        let clock = FrameClock.sixtyHertz
        var indexes = Array(Int64(-130)...130) + (1...50).flatMap { second in (-2...2).map { Int64(second) * 60 + $0 } }
        var rng = SplitMix64(seed: 60)
        indexes += (0..<5_000).map { _ in Int64(rng.next() % 10_000_000_000) }
        for index in indexes {
            let whole = index / 60
            let expected = whole * 1_000_000_000 + ((index - whole * 60) * 1_000_000_000 + 59) / 60
            #expect(clock.boundary(index).nanoseconds == expected, "index \(index)")
        }
    }

    @Test func firstBoundaryIsTheEarliestQualifyingFrame() {
        for seed in UInt64(0)..<200 {
            var rng = SplitMix64(seed: seed)
            let time = SimTime(nanoseconds: Int64(rng.next() % 10_000_000_000_000))
            for fps in [Int64(60), 30, 120, 7] {
                let clock = FrameClock(framesPerSecond: fps)
                let index = clock.frameIndex(atOrAfter: time)
                #expect(clock.boundary(index) >= time, "seed \(seed) fps \(fps)")
                #expect(index == 0 || clock.boundary(index - 1) < time, "seed \(seed) fps \(fps)")
            }
        }
    }

    /// The first boundary at or after a time, straight from the definition: the earliest
    /// `ceil(k × 10⁹ / fps)` (in 128-bit arithmetic) that is not before the time, found by
    /// stepping up from a frame at or before it; 0 for a time at or before the start.
    private static func referenceFirstBoundary(_ time: Int64, fps: Int64) -> Int64 {
        guard time > 0 else { return 0 }
        func boundary(_ k: Int128) -> Int128 { (k * 1_000_000_000 + Int128(fps) - 1) / Int128(fps) }
        var k = max(0, Int128(time) * Int128(fps) / 1_000_000_000 - 1)
        precondition(boundary(k) <= Int128(time), "the search starts at or before the time")
        while boundary(k) < Int128(time) { k += 1 }
        return Int64(boundary(k))
    }

    /// The first boundary at or after a time is the definition's, for seeded times (up to about
    /// three years, and on, just before and just after whole seconds and the frames themselves)
    /// and frame rates from 1 to 10⁶.
    @Test func firstBoundaryIsTheDefinitionsForSeededTimes() {
        for fps in [Int64(1), 7, 24, 25, 30, 59, 60, 90, 120, 144, 240, 1_000, 999_983, 1_000_000] {
            let clock = FrameClock(framesPerSecond: fps)
            var rng = SplitMix64(seed: UInt64(fps))
            var times: [Int64] = Array(-3...3)
            for _ in 0..<1_000 {
                let time = Int64(rng.next() % 100_000_000_000_000_000)
                let second = time / 1_000_000_000 * 1_000_000_000
                let frame = clock.boundary(clock.frameIndex(atOrAfter: SimTime(nanoseconds: time))).nanoseconds
                times += [time, second - 1, second, second + 1, frame - 1, frame, frame + 1]
            }
            for time in times {
                #expect(
                    clock.firstBoundary(atOrAfter: SimTime(nanoseconds: time)).nanoseconds
                        == Self.referenceFirstBoundary(time, fps: fps), "time \(time) fps \(fps)")
            }
        }
    }
}

/// The frame grid's plain formulas, the oracle ``FrameClock/firstBoundary(atOrAfter:)`` is
/// checked against (it works out the same with one division instead of three).
extension FrameClock {
    /// The instant frame `index` is drawn: `ceil(index × 10⁹ / framesPerSecond)` ns (overflow-safe).
    ///
    /// - Complexity: O(1).
    func boundary(_ index: Int64) -> SimTime {
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
    func frameIndex(atOrAfter time: SimTime) -> Int64 {
        guard time.nanoseconds >= 1 else { return 0 }
        let before = time.nanoseconds - 1
        let seconds = before / 1_000_000_000
        let rest = before % 1_000_000_000
        return seconds * framesPerSecond + rest * framesPerSecond / 1_000_000_000 + 1
    }
}
