import SimulationKernel

extension PipelineJitter {
    /// A jitter model on one chip, with what every draw needs worked out once (the pause's length
    /// on the chip, whether a pause can happen at all): a draw then only draws and multiplies.
    /// The one place a draw is made (``PipelineJitter/cost(_:speed:seed:tap:step:)`` and the
    /// pipeline session's step starts both use it), so both give the same bits.
    ///
    /// ```swift
    /// let onChip = PipelineJitter.OnChip(.standard, speed: 6)
    /// onChip.cost(.milliseconds(2), seed: 7, tap: 0, step: 1)   // ≈ 2 ms, varies by tap
    /// ```
    struct OnChip: Sendable {
        /// ``PipelineJitter/spread``.
        let spread: Double
        /// ``PipelineJitter/pauseProbability``, or 0 when a pause could not lengthen anything
        /// (a chip without a positive speed): then no pause is drawn.
        let pauseProbability: Double
        /// ``PipelineJitter/pause`` on this chip, in nanoseconds: the reference pause divided by
        /// the chip's relative speed.
        let pauseNanoseconds: Double

        /// `jitter` on a chip of relative speed `speed`.
        ///
        /// - Complexity: O(1).
        init(_ jitter: PipelineJitter, speed: Double) {
            spread = jitter.spread
            pauseProbability = speed > 0 ? jitter.pauseProbability : 0
            pauseNanoseconds = speed > 0 ? Double(jitter.pause.nanoseconds) / speed : 0
        }

        /// The draw of step `step` in tap `tap`, for a step whose figure on this chip is `scaled`,
        /// rounded to the nanosecond (``PipelineJitter/roundedToNearest(_:)``) and capped at
        /// 2⁶¹ ns: the cap is a whole number, so capping before rounding gives what capping the
        /// rounded figure gives.
        ///
        /// - Complexity: O(1).
        func cost(_ scaled: SimDuration, seed: UInt64, tap: Int, step: Int) -> SimDuration {
            // One call draws the whole step run's stream (``PipelineJitter/streamSeed(seed:tap:step:)``):
            // its normal (clamped to ±6) raised to a factor, then its uniform.
            let draw = LognormalDraw(seed: PipelineJitter.streamSeed(seed: seed, tap: tap, step: step), spread: spread)
            var nanoseconds = Double(scaled.nanoseconds) * draw.factor
            if pauseProbability > 0, draw.uniform < pauseProbability {
                nanoseconds += pauseNanoseconds
            }
            return SimDuration(nanoseconds: PipelineJitter.roundedToNearest(min(Double(Int64.max / 4), nanoseconds)))
        }
    }
}
