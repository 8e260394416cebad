/// The exponential and the natural logarithm computed with IEEE 754 arithmetic alone (`+`, `−`,
/// `×`, `÷`, no fused multiply-add, no C library), so every platform and every C library gives
/// the same bits for the same argument.
///
/// The C library's `exp` and `log` differ in their last bit between glibc versions and between
/// Linux and Darwin; a random draw made with them would make the same seed give a different run
/// on another machine. Every draw in WristSim that needs either function uses these instead.
/// They are also faster in a draw: no special-case handling beyond what a draw can reach.
///
/// Both are accurate to about 2 units in the last place (`PortableMathTests` checks them
/// against the C library over the ranges they are used on).
///
/// ```swift
/// PortableMath.exp(1)        // 2.718281828459045
/// PortableMath.log(0.5)      // -0.6931471805599453
/// ```
package enum PortableMath {
    /// e raised to `x`.
    ///
    /// Reduces `x = (64k + j)·ln 2 / 64 + r` with `|r| ≤ ln 2 / 128` (ln 2 / 64 split in two
    /// parts, so the product with the whole number is exact), takes `2^(j/64)` from a table of
    /// correctly rounded constants, and `e^r − 1` from its Taylor polynomial of degree 5
    /// (truncation below 4·10⁻¹⁷), evaluated in two halves so the multiplications overlap;
    /// `2^k` goes into the exponent bits. Results below 2⁻¹⁰²¹ are flushed to zero (`x < -708`); `x > 709` gives
    /// infinity; NaN gives NaN.
    ///
    /// - Complexity: O(1).
    package static func exp(_ x: Double) -> Double {
        guard x >= -708 else { return x.isNaN ? x : 0 }
        guard x <= 709 else { return .infinity }
        let shifted = x * (64 * log2e) + roundingShift
        let whole = Int64(bitPattern: shifted.bitPattern &- roundingShift.bitPattern)  // x·64/ln 2, rounded
        let n = shifted - roundingShift
        let r = (x - n * (ln2High / 64)) - n * (ln2Low / 64)
        let r2 = r * r
        let belowOne = r + r2 * ((0.5 + r * (1.0 / 6)) + r2 * (1.0 / 24 + r * (1.0 / 120)))  // e^r − 1
        let power = Double(bitPattern: UInt64(bitPattern: ((whole >> 6) + 1_023) << 52))
        let scale = powersOfTwoBy64[Int(whole & 63)] * power  // exact: a power of two times the table
        return scale + scale * belowOne
    }

    /// `2^(j/64)` for `j` in `0..<64`, correctly rounded (computed to 60 digits, then rounded once).
    static let powersOfTwoBy64: [Double] = [
        0x1.0000000000000p0, 0x1.02c9a3e778061p0, 0x1.059b0d3158574p0, 0x1.0874518759bc8p0,
        0x1.0b5586cf9890fp0, 0x1.0e3ec32d3d1a2p0, 0x1.11301d0125b51p0, 0x1.1429aaea92de0p0,
        0x1.172b83c7d517bp0, 0x1.1a35beb6fcb75p0, 0x1.1d4873168b9aap0, 0x1.2063b88628cd6p0,
        0x1.2387a6e756238p0, 0x1.26b4565e27cddp0, 0x1.29e9df51fdee1p0, 0x1.2d285a6e4030bp0,
        0x1.306fe0a31b715p0, 0x1.33c08b26416ffp0, 0x1.371a7373aa9cbp0, 0x1.3a7db34e59ff7p0,
        0x1.3dea64c123422p0, 0x1.4160a21f72e2ap0, 0x1.44e086061892dp0, 0x1.486a2b5c13cd0p0,
        0x1.4bfdad5362a27p0, 0x1.4f9b2769d2ca7p0, 0x1.5342b569d4f82p0, 0x1.56f4736b527dap0,
        0x1.5ab07dd485429p0, 0x1.5e76f15ad2148p0, 0x1.6247eb03a5585p0, 0x1.6623882552225p0,
        0x1.6a09e667f3bcdp0, 0x1.6dfb23c651a2fp0, 0x1.71f75e8ec5f74p0, 0x1.75feb564267c9p0,
        0x1.7a11473eb0187p0, 0x1.7e2f336cf4e62p0, 0x1.82589994cce13p0, 0x1.868d99b4492edp0,
        0x1.8ace5422aa0dbp0, 0x1.8f1ae99157736p0, 0x1.93737b0cdc5e5p0, 0x1.97d829fde4e50p0,
        0x1.9c49182a3f090p0, 0x1.a0c667b5de565p0, 0x1.a5503b23e255dp0, 0x1.a9e6b5579fdbfp0,
        0x1.ae89f995ad3adp0, 0x1.b33a2b84f15fbp0, 0x1.b7f76f2fb5e47p0, 0x1.bcc1e904bc1d2p0,
        0x1.c199bdd85529cp0, 0x1.c67f12e57d14bp0, 0x1.cb720dcef9069p0, 0x1.d072d4a07897cp0,
        0x1.d5818dcfba487p0, 0x1.da9e603db3285p0, 0x1.dfc97337b9b5fp0, 0x1.e502ee78b3ff6p0,
        0x1.ea4afa2a490dap0, 0x1.efa1bee615a27p0, 0x1.f50765b6e4540p0, 0x1.fa7c1819e90d8p0,
    ]

    /// The natural logarithm of `x`: NaN below zero, −∞ at zero, +∞ at +∞.
    ///
    /// Splits `x = m·2^e` with `m` in `[√½, √2)`, and sums `ln m = 2·atanh(s)` with
    /// `s = (m − 1)/(m + 1)` (`|s| < 0.172`) to the term in `s²¹` (truncation below 10⁻¹⁸),
    /// then adds `e·ln 2` in two parts.
    ///
    /// - Complexity: O(1).
    package static func log(_ x: Double) -> Double {
        guard x > 0, x.isFinite else {
            if x == 0 { return -.infinity }
            return x == .infinity ? x : .nan
        }
        var value = x
        var exponent = 0
        if value < 0x1p-1022 {  // subnormal: bring it into the normal range first
            value *= 0x1p54
            exponent = -54
        }
        let bits = value.bitPattern
        exponent += Int((bits >> 52) & 0x7FF) - 1_023
        var m = Double(bitPattern: (bits & 0x000F_FFFF_FFFF_FFFF) | 0x3FF0_0000_0000_0000)  // [1, 2)
        if m > 0x1.6A09E667F3BCDp0 {  // √2
            m *= 0.5
            exponent += 1
        }
        let s = (m - 1) / (m + 1)
        let z = s * s
        var sum = 1.0 / 21  // 1/3 + z/5 + … + z⁹/21, by Horner's rule
        for odd in stride(from: 19, through: 3, by: -2) { sum = sum * z + 1 / Double(odd) }
        let series = 2 * s + 2 * s * z * sum
        let e = Double(exponent)
        return e * ln2High + (series + e * ln2Low)
    }

    /// 1 / ln 2.
    static var log2e: Double { 1.442_695_040_888_963_4 }
    /// ln 2 with its last 21 bits cleared: `k · ln2High` (and `k · ln2High / 64`) is exact for
    /// every `k` either function reaches (`|k| < 2¹⁷`).
    static var ln2High: Double { 6.931_471_803_691_238_164_90e-01 }
    /// ln 2 − `ln2High`.
    static var ln2Low: Double { 1.908_214_929_270_587_700_02e-10 }
    /// 1.5 · 2⁵²: adding and subtracting it rounds a double of magnitude below 2⁵¹ to a whole
    /// number (to nearest, ties to even), with no call to the C library's `rint`.
    static var roundingShift: Double { 0x1.8p52 }
}
