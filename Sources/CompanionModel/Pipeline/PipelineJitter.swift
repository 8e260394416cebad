import SimulationKernel

/// How much a pipeline step's CPU cost varies from one run of the step to the next.
///
/// A preset gives each step one figure on the reference chip (``PipelineStep/cost``). Real
/// handlers never cost the same twice: caches are warm or cold, the flash is busy, the system
/// runs something else. With jitter, every run of a step draws its cost on **the watch's chip**
/// (the reference figure already divided by the chip's relative speed) from a lognormal
/// distribution whose median is that figure, and rarely adds a pause:
///
///     cost = scaled × exp(spread × Z)  (+ pause / speed, with probability pauseProbability)
///
/// where `Z` is a standard normal draw (clamped to ±6; drawn by the ziggurat method,
/// ``ZigguratNormal``, and raised with ``PortableMath/exp(_:)``). The median stays the preset's figure
/// and the mean grows by `exp(spread² / 2)` (2 % at the default 0.2). Pauses are stalls of the
/// whole chip, so a slower chip stalls longer (a 150 ms reference pause is 150 ms on an S1,
/// 25 ms on an S6). Zero-cost steps (the `instant` preset) stay free.
///
/// Each draw is a pure function of the run's jitter seed, the tap's index and the step's
/// index, so the cost of one step does not depend on the order the session happens to start
/// steps in, and the same scenario and seed give the same costs on every machine: no draw calls
/// the C library, whose `exp` and `log` differ in their last bits between platforms.
///
/// ```swift
/// let jitter = PipelineJitter.standard   // spread 0.2, 0.2 % pauses of 150 ms (reference chip)
/// jitter.cost(.milliseconds(40), speed: 2.5, seed: 7, tap: 0, step: 3)   // ≈ 16ms, varies by tap
/// PipelineJitter.exact.cost(.milliseconds(40), speed: 2.5, seed: 7, tap: 0, step: 3)   // 40ms
/// ```
package struct PipelineJitter: Hashable, Sendable {
    /// The standard deviation of the natural logarithm of the cost factor (0: exact costs).
    package var spread: Double
    /// The chance that one run of a (non-zero-cost) step is followed by a pause.
    package var pauseProbability: Double
    /// The pause's length on the reference chip (S1); divided by the chip's relative speed.
    package var pause: SimDuration

    /// The largest spread a scenario may ask for: beyond it the factor's tail covers several
    /// orders of magnitude and stops modelling anything.
    package static let maximumSpread = 2.0

    /// A jitter model. Values are clamped: `spread` to `0...maximumSpread`, `pauseProbability`
    /// to `0...1`, `pause` to at least zero.
    package init(spread: Double, pauseProbability: Double = 0, pause: SimDuration = .zero) {
        self.spread = spread.isFinite ? min(PipelineJitter.maximumSpread, max(0, spread)) : 0
        self.pauseProbability = pauseProbability.isFinite ? min(1, max(0, pauseProbability)) : 0
        self.pause = max(.zero, pause)
    }

    /// Today's exact costs: every run of a step costs exactly its scaled figure.
    package static let exact = PipelineJitter(spread: 0)

    /// The default of a scenario that does not say `"jitter"`: a **chosen** value, not a
    /// measured one (no package source gives the run-to-run variance of a watch app's handler).
    /// A spread of 0.2 puts 98 % of runs within ×0.63…×1.59 of the figure; one step run in 500
    /// also stalls for 150 ms on the reference chip.
    package static let standard = PipelineJitter(spread: 0.2, pauseProbability: 0.002, pause: .milliseconds(150))

    /// Whether every draw returns the scaled figure unchanged.
    package var isExact: Bool { spread == 0 && (pauseProbability == 0 || pause == .zero) }

    /// The CPU time of step `step` in tap `tap` on a chip of relative speed `speed`, whose
    /// figure on that chip is `scaled`.
    ///
    /// - Complexity: O(1).
    package func cost(_ scaled: SimDuration, speed: Double, seed: UInt64, tap: Int, step: Int) -> SimDuration {
        guard !isExact, scaled.nanoseconds > 0 else { return scaled }
        return OnChip(self, speed: speed).cost(scaled, seed: seed, tap: tap, step: step)
    }

    /// `value.rounded()` (to nearest, halves away from zero) as an integer, for `value` in
    /// `0...2⁶²`, without the C library's `round`: the whole part by truncation, plus one when
    /// the fraction is a half or more. Both steps are exact in this range (below 2⁵³ the whole
    /// part is representable and the fraction is its exact difference; from 2⁵³ on every double
    /// is a whole number).
    ///
    /// The half-up comparison adds 0 or 1 rather than branching: the branch is unpredictable.
    ///
    /// - Complexity: O(1).
    static func roundedToNearest(_ value: Double) -> Int64 {
        let whole = Int64(value)
        let roundsUp = value - Double(whole) >= 0.5
        return whole &+ Int64(unsafeBitCast(roundsUp, to: UInt8.self))
    }

    /// The seed of one step run's independent stream (SplitMix64, ``LognormalDraw``): the run's
    /// seed mixed with the tap and step indices (distinct odd multipliers keep (tap, step) pairs
    /// apart). Each output of SplitMix64 is already a full avalanche of its state, so a draw's
    /// first bits are one mixing step away from (seed, tap, step), not two.
    static func streamSeed(seed: UInt64, tap: Int, step: Int) -> UInt64 {
        seed ^ (UInt64(truncatingIfNeeded: tap) &* 0xD1B5_4A32_D192_ED03)
            ^ (UInt64(truncatingIfNeeded: step) &* 0x8CB9_2BA7_2F3D_8DD7)
    }
}
