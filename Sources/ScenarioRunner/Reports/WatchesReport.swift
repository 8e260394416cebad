import CompanionModel
import SimulationKernel

/// `wristsim watches`: every watch model with its screen, rows visible and chip.
///
/// JSON: an array of `{"name", "displayName", "widthPt", "heightPt", "widthPx", "heightPx", "insetTopPt",
/// "insetBottomPt", "rowHeightPt", "rowsVisible", "chip", "relativeSpeed", "cores", "speedConfirmed", "insets"}`.
public enum WatchesReport {
    /// The table, one model per line, catalogue order.
    public static func text(_ models: [WatchModel] = WatchModel.catalog) -> String {
        var rows = [["name", "screen (pt)", "pixels", "insets t/b", "rows", "chip", "speed", "cores"]]
        for model in models {
            rows.append([
                model.name, "\(model.widthPoints)×\(model.heightPoints)", "\(model.widthPixels)×\(model.heightPixels)",
                "\(points(model.insets.top))/\(points(model.insets.bottom))"
                    + (model.insetSource == .measured ? "" : "*"),
                String(model.rowsVisible), model.chip.name,
                "×" + speed(model) + (model.chip.isSpeedConfirmed ? "" : "?"), String(model.cores),
            ])
        }
        var lines = LatencyReport.table(rows, rightAligned: true)
        lines.append("")
        lines.append(
            "rows: whole \(points(WatchModel.defaultRowHeight)) pt rows between the safe insets (PLATFORM.md §4.1, §6)")
        lines.append("*  bottom inset derived (≈ 27 pt, PLATFORM.md §6); no measurement for this size")
        lines.append("?  relative CPU speed UNCONFIRMED (S9/S10, PLATFORM.md §4.2)")
        return lines.joined(separator: "\n")
    }

    /// The JSON array.
    public static func json(_ models: [WatchModel] = WatchModel.catalog) -> String {
        models.map { model in
            var object = JSONObjectText()
            object.add("name", .string(model.name))
            object.add("displayName", .string(model.displayName))
            object.add("widthPt", .int(Int64(model.widthPoints)))
            object.add("heightPt", .int(Int64(model.heightPoints)))
            object.add("widthPx", .int(Int64(model.widthPixels)))
            object.add("heightPx", .int(Int64(model.heightPixels)))
            object.add("insetTopPt", .decimal(Int64((model.insets.top * 10).rounded()), scale: 1))
            object.add("insetBottomPt", .decimal(Int64((model.insets.bottom * 10).rounded()), scale: 1))
            object.add("rowHeightPt", .decimal(Int64((model.rowHeight * 10).rounded()), scale: 1))
            object.add("rowsVisible", .int(Int64(model.rowsVisible)))
            object.add("chip", .string(model.chip.name))
            object.add("relativeSpeed", .decimal(Int64((model.relativeSpeed * 10).rounded()), scale: 1))
            object.add("cores", .int(Int64(model.cores)))
            object.add("speedConfirmed", .bool(model.chip.isSpeedConfirmed))
            object.add("insets", .string(model.insetSource.rawValue))
            return object.text
        }.jsonArray
    }

    private static func points(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : TraceValue.decimalText(Int64((value * 10).rounded()), scale: 1)
    }

    private static func speed(_ model: WatchModel) -> String {
        TraceValue.decimalText(Int64((model.relativeSpeed * 10).rounded()), scale: 1)
    }
}
