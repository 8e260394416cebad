/// One value of an `xctrace export` table cell as calibrate keeps it: its number (durations,
/// times), its text (names, subsystems; only for the columns calibrate reads) and whether its
/// `fmt` names the main thread. A value given once with `id="N"` is kept under N for later
/// `ref="N"` cells.
package struct ExportValue: Hashable, Sendable {
    /// The element's text as a whole number, if it is one (and its text is not kept).
    package var number: Int64?
    /// The index of the element's text in the reader's string table, or -1 when not kept.
    package var text: Int32
    /// Whether the `fmt` attribute begins with "Main Thread" (a `<thread>` value).
    package var isMainThread: Bool
    /// Whether the element was a `<sentinel/>` (an empty cell).
    package var isSentinel: Bool

    package init(number: Int64?, text: Int32, isMainThread: Bool, isSentinel: Bool) {
        self.number = text >= 0 ? nil : number
        self.text = text
        self.isMainThread = isMainThread
        self.isSentinel = isSentinel
    }

    /// An empty cell.
    package static let sentinel = ExportValue(number: nil, text: -1, isMainThread: false, isSentinel: true)

    // MARK: - Packed in 8 bytes (the value table)

    /// The packed form of no value.
    static let undefined: UInt64 = 0
    private static let numberTag: UInt64 = 1 << 62
    private static let otherTag: UInt64 = 2 << 62
    private static let sentinelTag: UInt64 = 3 << 62
    private static let payload: UInt64 = (1 << 62) - 1

    /// The value in 8 bytes: a 2-bit tag, then a number from 0 to 2⁶²−1, or the text index + 1
    /// (bits 1…32) and the main-thread flag (bit 0). A negative or larger number is kept as no
    /// number (no start or duration is one).
    var packed: UInt64 {
        if isSentinel { return ExportValue.sentinelTag }
        if text < 0, let number, number >= 0, UInt64(number) <= ExportValue.payload {
            return ExportValue.numberTag | UInt64(number)
        }
        return ExportValue.otherTag | UInt64(UInt32(bitPattern: text &+ 1)) << 1 | (isMainThread ? 1 : 0)
    }

    /// The value `packed` holds, or `nil` for ``undefined``.
    init?(packed: UInt64) {
        switch packed & ~ExportValue.payload {
        case ExportValue.numberTag:
            self.init(number: Int64(packed & ExportValue.payload), text: -1, isMainThread: false, isSentinel: false)
        case ExportValue.otherTag:
            self.init(
                number: nil, text: Int32(truncatingIfNeeded: (packed >> 1) & 0xFFFF_FFFF) &- 1,
                isMainThread: packed & 1 == 1, isSentinel: false)
        case ExportValue.sentinelTag:
            self = .sentinel
        default:
            return nil
        }
    }
}
