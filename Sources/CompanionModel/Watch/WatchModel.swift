/// A watch model as the simulator sees it: screen, safe area, list rows and CPU.
///
/// Every model of PLATFORM.md §4.1 is in ``WatchModel/catalog`` under a stable kebab-case
/// name (`"series3-38mm"`, `"ultra2-49mm"`); scenarios and `--watch` pick one with
/// ``WatchModel/named(_:)``.
///
/// ```swift
/// let watch = try WatchModel.named("series0-38mm")
/// watch.rowsVisible           // 2
/// watch.chip.relativeSpeed    // 1.0
/// watch.withRowHeight(56).rowsVisible
/// ```
package struct WatchModel: Hashable, Sendable {
    /// The stable lookup name (`"series3-38mm"`).
    package var name: String
    /// A human name (`"Apple Watch Series 3, 38 mm"`).
    package var displayName: String
    /// Screen width in points.
    package var widthPoints: Int
    /// Screen height in points.
    package var heightPoints: Int
    /// Scale factor; every Apple Watch is @2x (PLATFORM.md §4.1).
    package var scale = 2
    /// Safe-area insets in points.
    package var insets: SafeAreaInsets
    /// Where ``insets`` comes from.
    package var insetSource: SafeAreaInsets.Source
    /// Height of one list row in points. 44 pt is the default (PLATFORM.md §6; the watchOS
    /// figure itself is UNCONFIRMED, ~56 pt for two-line rows).
    package var rowHeight = WatchModel.defaultRowHeight
    /// The system in package.
    package var chip: WatchChip

    /// The default row height, 44 pt (PLATFORM.md §6).
    package static let defaultRowHeight: Double = 44

    /// Screen width in pixels.
    package var widthPixels: Int { widthPoints * scale }
    /// Screen height in pixels.
    package var heightPixels: Int { heightPoints * scale }

    /// How many whole rows fit between the safe insets without scrolling:
    /// `floor((height − top − bottom) / rowHeight)`, never negative.
    package var rowsVisible: Int {
        guard rowHeight > 0 else { return 0 }
        let listHeight = Double(heightPoints) - insets.top - insets.bottom
        return max(0, Int((listHeight / rowHeight).rounded(.down)))
    }

    /// CPU speed relative to the S1 (see ``WatchChip/relativeSpeed``).
    package var relativeSpeed: Double { chip.relativeSpeed }

    /// CPU cores.
    package var cores: Int { chip.cores }

    /// The same model with another row height (e.g. 56 pt for two-line rows).
    package func withRowHeight(_ points: Double) -> WatchModel {
        var copy = self
        copy.rowHeight = points
        return copy
    }
}
