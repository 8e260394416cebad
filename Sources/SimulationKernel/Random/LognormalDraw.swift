/// The first draws of a fresh ``SplitMix64`` stream as a lognormal factor and a uniform, made in
/// one call: what a jittered cost needs (a factor around 1, and a chance of a rare extra).
///
///     factor = exp(spread × Z)   (Z a standard normal by the ziggurat, ``ZigguratNormal``,
///                                 clamped to ±6, raised with ``PortableMath/exp(_:)``; 1 and
///                                 no draw when spread is 0)
///     uniform = the stream's next uniform in [0, 1) after Z's draws
///
/// A caller in another module makes one call here rather than one per generator step, normal
/// draw, `exp` and uniform (each a call across modules, the uniform a generic one).
///
/// ```swift
/// let draw = LognormalDraw(seed: 7, spread: 0.2)
/// draw.factor    // ≈ 1, between exp(-1.2) and exp(1.2)
/// draw.uniform   // in 0..<1
/// ```
package struct LognormalDraw: Sendable {
    /// `exp(spread × Z)` (1 when the spread is not positive).
    package let factor: Double
    /// A uniform in `[0, 1)`: the stream's next draw after the factor's.
    package let uniform: Double

    /// The draws of the stream seeded with `seed`, for a lognormal factor of `spread` (the
    /// standard deviation of its natural logarithm).
    ///
    /// - Complexity: O(1) expected.
    package init(seed: UInt64, spread: Double) {
        var rng = SplitMix64(seed: seed)
        factor = spread > 0 ? PortableMath.exp(spread * min(6, max(-6, ZigguratNormal.draw(using: &rng)))) : 1
        uniform = rng.uniform()
    }
}
