/// The values an export gave with `id="N"`, for cells that say `ref="N"`.
///
/// `xctrace` numbers its ids densely from 1, so the values sit in an array indexed by id
/// (16 bytes a value); an id far beyond the ones seen so far goes to a dictionary instead, so a
/// file with a huge id costs one entry, not a huge array.
package struct ExportValueTable {
    private var dense: [ExportValue?] = []
    private var sparse: [Int: ExportValue] = [:]

    /// How far past the dense array an id may land and still extend it.
    private static let denseSlack = 1 << 16

    package init() {}

    /// Keeps `value` under `id` (a later definition of the same id replaces it).
    package mutating func define(_ id: Int, _ value: ExportValue) {
        if id >= 0, id < dense.count {
            dense[id] = value
        } else if id >= 0, id < dense.count + ExportValueTable.denseSlack {
            dense.append(contentsOf: repeatElement(nil, count: id - dense.count + 1))
            dense[id] = value
        } else {
            sparse[id] = value
        }
    }

    /// The value defined under `id`, or `nil`.
    package func value(_ id: Int) -> ExportValue? {
        if id >= 0, id < dense.count { return dense[id] }
        return sparse[id]
    }
}
