/// The values an export gave with `id="N"`, for cells that say `ref="N"`.
///
/// A later `ref` may name any earlier `id`, so every id'd value is kept — packed in 8 bytes
/// (``ExportValue/packed``). `xctrace` numbers its ids densely from 1, so the values sit in an
/// array indexed by id; an id far beyond the ones seen so far goes to a dictionary instead, so a
/// file with a huge id costs one entry, not a huge array.
package struct ExportValueTable {
    private var dense: [UInt64] = []
    private var sparse: [Int: UInt64] = [:]

    /// How far past the dense array an id may land and still extend it.
    private static let denseSlack = 1 << 16

    package init() {}

    /// Keeps `value` under `id` (a later definition of the same id replaces it).
    package mutating func define(_ id: Int, _ value: ExportValue) {
        let packed = value.packed
        if id >= 0, id < dense.count {
            dense[id] = packed
        } else if id >= 0, id < dense.count + ExportValueTable.denseSlack {
            dense.append(contentsOf: repeatElement(ExportValue.undefined, count: id - dense.count + 1))
            dense[id] = packed
        } else {
            sparse[id] = packed
        }
    }

    /// The value defined under `id`, or `nil`.
    package func value(_ id: Int) -> ExportValue? {
        let packed = id >= 0 && id < dense.count ? dense[id] : sparse[id] ?? ExportValue.undefined
        return ExportValue(packed: packed)
    }
}
