#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// MT19937, CPython-compatible, for reproducing reference workloads.
///
/// `MersenneTwister(seed: 42)` produces exactly the stream of CPython's `random.Random(42)`:
/// the state is seeded with `init_by_array` on the seed split into 32-bit words (least
/// significant first, as CPython does for a non-negative `int`), ``random()`` is CPython's
/// `random.random()` (`genrand_res53`) and ``expovariate(_:)`` is `random.expovariate` (the
/// CPython 3.11 formula `-log(1.0 - random()) / lambd`). It exists so that a benchmark can
/// replay a SimPy workload draw for draw and match its check values bit for bit.
///
/// Simulations use `SplitMix64` instead: it is smaller, faster and splittable.
///
/// ```swift
/// var rng = MersenneTwister(seed: 42)
/// rng.random()          // 0.6394267984578837, like random.Random(42).random()
/// rng.expovariate(1.0)  // like random.Random(42) after one draw: .expovariate(1.0)
/// ```
package struct MersenneTwister: RandomNumberGenerator, Sendable {
    static let stateSize = 624
    static let shift = 397
    static let matrixA: UInt32 = 0x9908_B0DF
    static let upperMask: UInt32 = 0x8000_0000
    static let lowerMask: UInt32 = 0x7FFF_FFFF

    var state: [UInt32]
    var index: Int

    /// Creates the generator of CPython's `random.Random(seed)` for a non-negative integer seed.
    ///
    /// - Complexity: O(624).
    package init(seed: UInt64) {
        let low = UInt32(truncatingIfNeeded: seed)
        let high = UInt32(truncatingIfNeeded: seed >> 32)
        self.init(key: high == 0 ? [low] : [low, high])
    }

    /// Creates a generator seeded with MT19937's `init_by_array(key)`.
    ///
    /// An empty key is treated as `[0]`, as CPython does for the seed 0.
    ///
    /// - Complexity: O(624 + `key.count`).
    package init(key: [UInt32]) {
        let n = Self.stateSize
        let key = key.isEmpty ? [0] : key
        var mt = [UInt32](repeating: 0, count: n)
        mt[0] = 19_650_218
        for i in 1..<n {
            mt[i] = 1_812_433_253 &* (mt[i - 1] ^ (mt[i - 1] >> 30)) &+ UInt32(i)
        }
        var i = 1
        var j = 0
        for _ in 0..<max(n, key.count) {
            mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) &* 1_664_525)) &+ key[j] &+ UInt32(truncatingIfNeeded: j)
            i += 1
            j += 1
            if i >= n {
                mt[0] = mt[n - 1]
                i = 1
            }
            if j >= key.count { j = 0 }
        }
        for _ in 0..<(n - 1) {
            mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) &* 1_566_083_941)) &- UInt32(truncatingIfNeeded: i)
            i += 1
            if i >= n {
                mt[0] = mt[n - 1]
                i = 1
            }
        }
        mt[0] = 0x8000_0000
        state = mt
        index = n
    }

    /// The next 32 random bits (`genrand_uint32`; CPython's `getrandbits(32)`).
    ///
    /// - Complexity: amortised O(1) (the state is regenerated every 624 draws).
    package mutating func next32() -> UInt32 {
        if index >= Self.stateSize { twist() }
        var y = state[index]
        index += 1
        y ^= y >> 11
        y ^= (y << 7) & 0x9D2C_5680
        y ^= (y << 15) & 0xEFC6_0000
        y ^= y >> 18
        return y
    }

    /// The next 64 random bits: two 32-bit outputs, the first in the high half.
    ///
    /// - Complexity: amortised O(1).
    package mutating func next() -> UInt64 {
        let high = UInt64(next32())
        return high << 32 | UInt64(next32())
    }

    /// A uniform double in `[0, 1)` with 53 random bits: CPython's `random.random()`
    /// (`genrand_res53`, two 32-bit draws).
    ///
    /// - Complexity: amortised O(1).
    package mutating func random() -> Double {
        let a = Double(next32() >> 5)
        let b = Double(next32() >> 6)
        return (a * 67_108_864.0 + b) / 9_007_199_254_740_992.0
    }

    /// An exponentially distributed double with rate `lambd` (mean `1 / lambd`): CPython's
    /// `random.expovariate(lambd)`, computed as `-log(1.0 - random()) / lambd`.
    ///
    /// - Complexity: amortised O(1).
    package mutating func expovariate(_ lambd: Double) -> Double {
        -log(1.0 - random()) / lambd
    }

    /// Regenerates the 624 words of state (the MT19937 "twist").
    mutating func twist() {
        let n = Self.stateSize
        let m = Self.shift
        state.withUnsafeMutableBufferPointer { mt in
            func mixed(_ upper: UInt32, _ lower: UInt32, _ far: UInt32) -> UInt32 {
                let y = (upper & Self.upperMask) | (lower & Self.lowerMask)
                return far ^ (y >> 1) ^ ((y & 1) &* Self.matrixA)
            }
            for k in 0..<(n - m) { mt[k] = mixed(mt[k], mt[k + 1], mt[k + m]) }
            for k in (n - m)..<(n - 1) { mt[k] = mixed(mt[k], mt[k + 1], mt[k + m - n]) }
            mt[n - 1] = mixed(mt[n - 1], mt[0], mt[m - 1])
        }
        index = 0
    }
}
