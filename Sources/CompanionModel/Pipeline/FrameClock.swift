import SimulationKernel

/// The display's frame grid: when a committed UI change actually reaches the screen.
///
/// Frame *k* is drawn at `ceil(k × 10⁹ / framesPerSecond)` ns after the scenario's start (frame 0
/// at +0s; at 60 Hz: 0, 16 666 667, 33 333 334, 50 000 000 ns, …). A change committed at time *c*
/// is on screen at the **first frame boundary at or after *c*** (a commit exactly on a boundary is
/// drawn in that frame). Commits before the scenario's start are drawn in frame 0.
package enum FrameClock {
    /// Frames per second (60 on every Apple Watch).
    package static let framesPerSecond: Int64 = 60

    /// The first frame boundary at or after `time`: when a change committed at `time` is visible.
    ///
    /// Frame *k* qualifies when `ceil(k·10⁹/f) ≥ t`, i.e. `k·10⁹ > (t − 1)·f`, so for `t ≥ 1`
    /// it is frame `floor((t − 1)·f / 10⁹) + 1`, and for `t < 1` frame 0. Worked out with one
    /// division by the frame rate: write `t − 1 = s·10⁹ + r` (`0 ≤ r < 10⁹`); the frame is
    /// `k = s·f + j`, `j = floor(r·f / 10⁹) + 1 ≤ f`, drawn `ceil(j·10⁹ / f)` ns into second
    /// *s* (exactly 10⁹ when `j = f`: the next second's first frame).
    ///
    /// - Complexity: O(1).
    package static func firstBoundary(atOrAfter time: SimTime) -> SimTime {
        guard time.nanoseconds >= 1 else { return .zero }
        let before = time.nanoseconds - 1
        let seconds = before / 1_000_000_000
        let frameInSecond = before % 1_000_000_000 * framesPerSecond / 1_000_000_000 + 1
        return SimTime(
            nanoseconds: seconds * 1_000_000_000 + (frameInSecond * 1_000_000_000 + framesPerSecond - 1)
                / framesPerSecond)
    }
}
