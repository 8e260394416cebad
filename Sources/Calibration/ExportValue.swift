/// One value of an `xctrace export` table cell as calibrate keeps it. A value given once with
/// `id="N"` is kept under N for later `ref="N"` cells (``ExportValueTable``).
package enum ExportValue: Hashable, Sendable {
    /// A `<sentinel/>`: an empty cell.
    case empty
    /// A value whose text is a whole number from 0 to ``largestNumber`` (a start, a duration);
    /// its text is not kept.
    case number(Int64)
    /// A value of a column calibrate reads as text (a name, a subsystem, a category): the index
    /// of its trimmed text in the reader's string table, and whether its `fmt` names the main
    /// thread.
    case text(index: Int32, isMainThread: Bool)
    /// Any other value: its text is neither kept nor a number calibrate uses (a thread, whose
    /// `fmt` says whether it is the main thread; a negative or too large number).
    case other(isMainThread: Bool)

    /// The largest number a value keeps (2⁶²−1): no start or duration comes near it.
    package static let largestNumber: Int64 = (1 << 62) - 1

    /// The value of an element whose text is `raw`: its kept text when `textIndex` is given,
    /// else its number when `raw` is one calibrate can use, else neither.
    package init(raw: [UInt8], textIndex: Int32?, isMainThread: Bool) {
        if let textIndex {
            self = .text(index: textIndex, isMainThread: isMainThread)
        } else if let number = Int64(decimal: raw), (0...ExportValue.largestNumber).contains(number) {
            self = .number(number)
        } else {
            self = .other(isMainThread: isMainThread)
        }
    }

    /// The value's own number, if it is one.
    package var number: Int64? {
        switch self {
        case .number(let number): number
        case .empty, .text, .other: nil
        }
    }

    /// The index of the value's kept text, if it has one.
    package var textIndex: Int32? {
        switch self {
        case .text(let index, _): index
        case .empty, .number, .other: nil
        }
    }

    /// Whether the value's `fmt` names the main thread (a `<thread>` value).
    package var isMainThread: Bool {
        switch self {
        case .text(_, let isMainThread), .other(let isMainThread): isMainThread
        case .empty, .number: false
        }
    }

    // MARK: - Packed in 8 bytes (the value table)

    /// The packed form of no value.
    static let undefined: UInt64 = 0
    private static let numberTag: UInt64 = 1 << 62
    private static let otherTag: UInt64 = 2 << 62
    private static let emptyTag: UInt64 = 3 << 62
    private static let payload: UInt64 = (1 << 62) - 1

    /// The value in 8 bytes: a 2-bit tag, then the number, or the text index + 1 (bits 1…32, 0
    /// for no text) and the main-thread flag (bit 0).
    var packed: UInt64 {
        switch self {
        case .empty:
            ExportValue.emptyTag
        case .number(let number):
            ExportValue.numberTag | UInt64(number)
        case .text(let index, let isMainThread):
            ExportValue.otherTag | UInt64(UInt32(bitPattern: index) &+ 1) << 1 | (isMainThread ? 1 : 0)
        case .other(let isMainThread):
            ExportValue.otherTag | (isMainThread ? 1 : 0)
        }
    }

    /// The value `packed` holds, or `nil` for ``undefined``.
    init?(packed: UInt64) {
        let payload = packed & ExportValue.payload
        switch packed & ~ExportValue.payload {
        case ExportValue.numberTag:
            self = .number(Int64(payload))
        case ExportValue.otherTag:
            let isMainThread = payload & 1 == 1
            let textSlot = UInt32(truncatingIfNeeded: payload >> 1)
            self =
                textSlot == 0
                ? .other(isMainThread: isMainThread)
                : .text(index: Int32(bitPattern: textSlot &- 1), isMainThread: isMainThread)
        case ExportValue.emptyTag:
            self = .empty
        default:
            return nil
        }
    }
}
