/// One value of an `xctrace export` table cell as calibrate keeps it: its number (durations,
/// times), its text (names, subsystems; only for the columns calibrate reads) and whether its
/// `fmt` names the main thread. A value given once with `id="N"` is kept under N for later
/// `ref="N"` cells.
package struct ExportValue: Hashable, Sendable {
    /// The element's text as a whole number, if it is one.
    package var number: Int64?
    /// The index of the element's text in the reader's string table, or -1 when not kept.
    package var text: Int32
    /// Whether the `fmt` attribute begins with "Main Thread" (a `<thread>` value).
    package var isMainThread: Bool
    /// Whether the element was a `<sentinel/>` (an empty cell).
    package var isSentinel: Bool

    /// An empty cell.
    package static let sentinel = ExportValue(number: nil, text: -1, isMainThread: false, isSentinel: true)
}
