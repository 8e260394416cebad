/// A complication family the user can put on a watch face.
///
/// The four WidgetKit accessory families (`accessoryCircular`, `accessoryCorner`,
/// `accessoryRectangular`, `accessoryInline`) plus the legacy ClockKit `modularSmall`
/// (PLATFORM.md §3.1, §3.3). The raw value is the spelling used in scenario files and JSON.
package enum ComplicationFamily: String, CaseIterable, Hashable, Comparable, Sendable {
    case circular
    case corner
    case rectangular
    case inline
    case modularSmall

    /// Families in their fixed report order (the order of `allCases`).
    package static func < (lhs: ComplicationFamily, rhs: ComplicationFamily) -> Bool {
        lhs.order < rhs.order
    }

    /// The family's place in `allCases`.
    fileprivate var order: Int { ComplicationFamily.allCases.firstIndex(of: self) ?? 0 }
}

/// The number of characters (grapheme clusters) each family can show.
///
/// Apple documents **no** character counts per family ("Space for text is limited… keep
/// strings as short as possible", PLATFORM.md §3.1 and §3.3: UNCONFIRMED), so WristSim uses
/// these documented, configurable defaults, chosen from the families' sizes on a 45 mm face:
///
/// | family | default | shows |
/// |---|---|---|
/// | `circular` | 4 | the remaining count (`"12"`, `"3!"` when something is overdue) |
/// | `modularSmall` | 4 | same as circular |
/// | `corner` | 8 | `"3 left"` |
/// | `inline` | 20 | `"3 left · Milk 18:00"` |
/// | `rectangular` | 28 | `"3 left · Milk due 18:00"` |
package struct ComplicationTextLimits: Hashable, Sendable {
    /// Each family's limit, in `ComplicationFamily.allCases` order.
    private var limits = [4, 8, 28, 20, 4]

    /// The defaults in the table above.
    package static let standard = ComplicationTextLimits()

    /// The character limit of `family`.
    package subscript(family: ComplicationFamily) -> Int {
        get { limits[family.order] }
        set { limits[family.order] = newValue }
    }
}
