/// Labels laid out in a few fixed rows without overlapping: each label goes into the first row
/// where it does not touch a label already there, as near its wished `x` as the picture allows;
/// a label with no room in any row is left to the tooltip.
struct LabelRows {
    /// Each row's baseline.
    let rows: [Double]
    let left: Double
    let right: Double
    /// The spans taken in each row.
    private var taken: [[(Double, Double)]]

    init(rows: [Double], left: Double, right: Double) {
        self.rows = rows
        self.left = left
        self.right = right
        taken = rows.map { _ in [] }
    }

    /// Places `label` starting at `x` (kept inside `left…right`); returns whether it was drawn.
    ///
    /// - Complexity: O(*r* · *n*) for *r* rows of *n* labels.
    @discardableResult
    mutating func place(
        _ label: String, x: Double, size: Double, color: String, on canvas: inout SVGCanvas, tooltip: String? = nil
    ) -> Bool {
        let width = SVGText.width(label, size: size)
        guard width <= right - left else { return false }
        let start = min(max(left, x), right - width)
        for (index, baseline) in rows.enumerated()
        where !taken[index].contains(where: { start < $0.1 + 6 && $0.0 < start + width + 6 }) {
            taken[index].append((start, start + width))
            canvas.ground(x: start, width: width, y: baseline - size, height: size * 1.3)
            canvas.text(label, x: start, y: baseline, size: size, fill: color, tooltip: tooltip)
            return true
        }
        return false
    }
}
