/// Standard normal draws by the ziggurat method (Marsaglia & Tsang, "The Ziggurat Method for
/// Generating Random Variables", Journal of Statistical Software 5(8), 2000), with 128 layers.
///
/// The area under the half bell `f(x) = e^(−x²/2)` is covered by 128 layers of equal area `v`:
/// a base layer (a rectangle up to `r`, plus the tail beyond it) and 127 rectangles stacked on
/// it, layer `i` reaching out to `xᵢ`. A draw picks a layer and a point `x = u·xᵢ` across it
/// (`u` uniform in `[−1, 1)`) from one 64-bit output. 98.8 % of the time the point lies under
/// the layer above (`|x| < xᵢ₊₁`), so wholly under the curve, and is the result: one
/// multiplication and one comparison, no logarithm, no cosine. Otherwise it tests the point
/// against the curve (a wedge) or draws from the tail, and tries again when it falls outside.
///
/// Every step uses IEEE arithmetic and ``PortableMath`` only, and the layers' widths are
/// constants, so a seed gives the same draws on every platform.
///
/// ```swift
/// var rng = SplitMix64(seed: 7)
/// let z = ZigguratNormal.draw(using: &rng)   // mean 0, standard deviation 1
/// ```
package enum ZigguratNormal {
    /// Where the tail begins: the base layer's rectangle ends at `r` (Marsaglia & Tsang's
    /// constant for 128 layers).
    static let tailStart = 3.442_619_855_899

    /// One standard normal draw.
    ///
    /// Uses one output of `rng` 98.8 % of the time (bits 0–6 pick the layer, bits 11–63 the
    /// point), more when the point needs the curve or the tail.
    ///
    /// - Complexity: O(1) expected.
    package static func draw(using rng: inout SplitMix64) -> Double {
        let (layer, x) = point(rng.next())
        if abs(x) < widths[layer + 1] { return x }
        return drawAtTheEdge(layer, x: x, using: &rng)
    }

    /// The layer and the point across it that one output picks: bits 0–6 the layer, bits
    /// 11–63 where across its width, `x = u·xᵢ` with `u` uniform in `[−1, 1)`.
    ///
    /// - Complexity: O(1).
    static func point(_ bits: UInt64) -> (layer: Int, x: Double) {
        let layer = Int(truncatingIfNeeded: bits & 0x7F)
        return (layer, (Double(bits >> 11) * 0x1p-52 - 1) * widths[layer])
    }

    /// The rest of a draw whose point `x` in layer `layer` is not under the layer above: the
    /// tail for the base layer, the test against the curve for the others, and new tries until
    /// one is accepted.
    ///
    /// - Complexity: O(1) expected (a try is accepted with probability above 0.98).
    static func drawAtTheEdge(_ firstLayer: Int, x firstX: Double, using rng: inout SplitMix64) -> Double {
        var layer = firstLayer
        var x = firstX
        while true {
            if layer == 0 {
                let beyond = tailStart + tailBeyondStart(using: &rng)
                return x < 0 ? -beyond : beyond
            }
            let height = heights[layer] + rng.uniform() * (heights[layer + 1] - heights[layer])
            if height < PortableMath.exp(-0.5 * x * x) { return x }
            (layer, x) = point(rng.next())
            if abs(x) < widths[layer + 1] { return x }
        }
    }

    /// How far beyond `r` a tail draw lies (Marsaglia's method: an exponential proposal
    /// accepted under the curve).
    ///
    /// - Complexity: O(1) expected.
    static func tailBeyondStart(using rng: inout SplitMix64) -> Double {
        while true {
            let x = -PortableMath.log(1 - rng.uniform()) / tailStart
            let y = -PortableMath.log(1 - rng.uniform())
            if y + y >= x * x { return x }
        }
    }

    /// `xᵢ` for `i` in `0...128`: `x₀ = v / f(r)` (the base layer's rectangle and tail as one
    /// rectangle of the same area), `x₁ = r`, then each next edge where the layer below has area
    /// `v`, `xᵢ₊₁ = f⁻¹(f(xᵢ) + v / xᵢ)`, and `x₁₂₈ = 0` at the top. Worked out in 80-digit decimal
    /// arithmetic and rounded once (`ZigguratNormalTests` checks them against the recursion);
    /// constants, so every platform draws with the same bits.
    static let widths: [Double] = [
        0x1.db4668fe7e49dp1, 0x1.b8a7c476d2be8p1, 0x1.9c8e0c7c8098fp1,
        0x1.8aa73e440ffbbp1, 0x1.7d45eb36eb841p1, 0x1.7279dd4ac3f9dp1,
        0x1.695c2be68edc9p1, 0x1.616dff7c8f54ap1, 0x1.5a61edf7e8f32p1,
        0x1.54052012a04a4p1, 0x1.4e3456b0e3a1bp1, 0x1.48d61806d600fp1,
        0x1.43d75b60bca1dp1, 0x1.3f29848d3b416p1, 0x1.3ac11b8e206d6p1,
        0x1.3694f3a3740d9p1, 0x1.329d9725e32f7p1, 0x1.2ed4df8099571p1,
        0x1.2b35aa5ebee3ep1, 0x1.27bba2b5dbc92p1, 0x1.246317a6b53c0p1,
        0x1.2128dd36bdf08p1, 0x1.1e0a342cf08f5p1, 0x1.1b04b731f6bcbp1,
        0x1.18164be0c1c37p1, 0x1.153d16d45743cp1, 0x1.12777201834f2p1,
        0x1.0fc3e4d95f277p1, 0x1.0d211dd28b00dp1, 0x1.0a8ded0ec3719p1,
        0x1.08093fe3e40e0p1, 0x1.05921d1c4d768p1, 0x1.0327a1cc4cf5cp1,
        0x1.00c8fea1720d2p1, 0x1.fceaeb2ca5f12p0, 0x1.f858aff31cbebp0,
        0x1.f3da09746081ep0, 0x1.ef6dcddc7d38dp0, 0x1.eb12e91486bb7p0,
        0x1.e6c85a849b011p0, 0x1.e28d331c67237p0, 0x1.de609397e09b4p0,
        0x1.da41aaf79a33ep0, 0x1.d62fb52580b80p0, 0x1.d229f9bfeefd5p0,
        0x1.ce2fcb05f8c2ep0, 0x1.ca4084e091e2ep0, 0x1.c65b8c04dbabcp0,
        0x1.c2804d2c6b16ap0, 0x1.beae3c60cd0dep0, 0x1.bae4d457ee113p0,
        0x1.b72395df5b735p0, 0x1.b36a075498d5ep0, 0x1.afb7b428fe79bp0,
        0x1.ac0c2c6fc637dp0, 0x1.a867047516e4ap0, 0x1.a4c7d45d01a2cp0,
        0x1.a12e37c983364p0, 0x1.9d99cd86b58aep0, 0x1.9a0a373c73f1ap0,
        0x1.967f1924c7affp0, 0x1.92f819c682beep0, 0x1.8f74e1b37c6b1p0,
        0x1.8bf51b49ef330p0, 0x1.887872788109fp0, 0x1.84fe9484873b1p0,
        0x1.81872fd21db6cp0, 0x1.7e11f3adaeb8bp0, 0x1.7a9e90168b8e7p0,
        0x1.772cb58a39dcdp0, 0x1.73bc14d01a2c0p0, 0x1.704c5ec50cb78p0,
        0x1.6cdd4426b889cp0, 0x1.696e755e16b7bp0, 0x1.65ffa248e0164p0,
        0x1.62907a0176eb6p0, 0x1.5f20aaa4dfc11p0, 0x1.5bafe1165480dp0,
        0x1.583dc8bff320fp0, 0x1.54ca0b4ffd33fp0, 0x1.515450720f44bp0,
        0x1.4ddc3d83a5b7ap0, 0x1.4a617543306c3p0, 0x1.46e39778de059p0,
        0x1.436240982ad93p0, 0x1.3fdd09591d29bp0, 0x1.3c538647ef788p0,
        0x1.38c54749b9029p0, 0x1.3531d7146a433p0, 0x1.3198ba982d906p0,
        0x1.2df97057e7ef0p0, 0x1.2a536fae30e28p0, 0x1.26a627fb9d115p0,
        0x1.22f0ffbaa1e4ap0, 0x1.1f335374a10edp0, 0x1.1b6c7492c972bp0,
        0x1.179ba80463fe2p0, 0x1.13c024b2c7ebbp0, 0x1.0fd911b97f22ap0,
        0x1.0be58456ff4a1p0, 0x1.07e47d87a40e9p0, 0x1.03d4e7391c5a9p0,
        0x1.ff6b21fffe2fdp-1, 0x1.f70a5866c8f29p-1, 0x1.ee848e9568251p-1,
        0x1.e5d6909f51b4bp-1, 0x1.dcfccc51c59d0p-1, 0x1.d3f340dda60fcp-1,
        0x1.cab56ac6a38b2p-1, 0x1.c13e2b014e83ap-1, 0x1.b787a7c516f17p-1,
        0x1.ad8b2506a1358p-1, 0x1.a340d1baf5af2p-1, 0x1.989f85c753b05p-1,
        0x1.8d9c6a9d35e15p-1, 0x1.822a858af0e54p-1, 0x1.763a1600eec49p-1,
        0x1.69b7b213f3f3cp-1, 0x1.5c8afdbf0214cp-1, 0x1.4e94c08c0ba85p-1,
        0x1.3fabee1911ca1p-1, 0x1.2f98d6bb4f3e5p-1, 0x1.1e0ce6b596975p-1,
        0x1.0a936da5e5567p-1, 0x1.e8e576e43fb4ep-2, 0x1.b4c8fece48dc1p-2,
        0x1.73949184db8e3p-2, 0x1.16db47e193c8ep-2, 0x0.0p0,
    ]

    /// `f(xᵢ)` for `i` in `0...128` (`f(x₀)` is not used; `f(x₁₂₈) = 1`): the curve at each of
    /// ``widths``, worked out from them with ``PortableMath/exp(_:)``, the function the wedge test
    /// compares with, so the same on every platform.
    static let heights = widths.map { PortableMath.exp(-0.5 * $0 * $0) }
}
