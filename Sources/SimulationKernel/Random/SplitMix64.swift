/// SplitMix64: a small, fast, seeded pseudo-random generator (Steele, Lea & Flood, 2014).
///
/// Every random choice in WristSim draws from one of these, created from the scenario's
/// seed and passed explicitly (`using: &rng`); the system generator is never used, so the same
/// seed always gives the same run.
///
/// ```swift
/// var rng = SplitMix64(seed: 42)
/// let delay = rng.exponential(mean: 30)      // seconds
/// let lost = rng.bernoulli(0.05)
/// let pick = Int.random(in: 0..<10, using: &rng)
/// ```
public struct SplitMix64: RandomNumberGenerator, Hashable, Sendable {
    var state: UInt64

    /// Creates a generator whose sequence is fully determined by `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    ///
    /// - Complexity: O(1).
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The independent sub-stream `label` of `seed`, `SplitMix64(seed: seed).split(label: label)`:
    /// how each feature of a run draws from the run's one seed without shifting another's draws.
    package init(seed: UInt64, label: UInt64) {
        var base = SplitMix64(seed: seed)
        self = base.split(label: label)
    }

    /// A generator for an independent sub-stream (for example one per fault source),
    /// derived deterministically from this one's next output and `label`.
    package mutating func split(label: UInt64 = 0) -> SplitMix64 {
        SplitMix64(seed: next() ^ (label &* 0xD6E8_FEB8_6659_FD93))
    }
}

extension RandomNumberGenerator {
    /// A uniform double in `[0, 1)` with 53 random bits.
    package mutating func uniform() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// A uniform double in `range`.
    package mutating func uniform(in range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * uniform()
    }

    /// An exponentially distributed double with the given mean (inverse-CDF method, with
    /// ``PortableMath/log(_:)``, so every platform draws the same bits; `1 − u` is exact for
    /// every `u` that ``uniform()`` returns).
    package mutating func exponential(mean: Double) -> Double {
        -mean * PortableMath.log(1 - uniform())
    }

    /// `true` with probability `probability` (clamped to `[0, 1]`).
    package mutating func bernoulli(_ probability: Double) -> Bool {
        uniform() < probability
    }
}
