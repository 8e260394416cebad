/// Safe-area insets of a watch screen, in points.
///
/// The list sits between `top` and `bottom`; `sides` is the horizontal margin.
package struct SafeAreaInsets: Hashable, Sendable {
    package var top: Double
    package var bottom: Double
    package var sides: Double = 2

    /// Where an inset figure comes from, so reports can say how trustworthy a model's
    /// rows-visible count is.
    package enum Source: String, Hashable, Sendable {
        /// Top and bottom measured on the simulator by a third party (PLATFORM.md §4.1, Xcode 27 /
        /// watchOS 26–27 measurement).
        case measured
        /// Top measured (developer forums thread 687996, PLATFORM.md §4.1); bottom derived with the
        /// PLATFORM.md §6 rule (bottom ≈ 27 pt) because no measurement exists for that size.
        case measuredTopDerivedBottom = "measured-top-derived-bottom"
    }
}
