import CompanionModel
import SimulationKernel

/// `wristsim watches`: every watch model with its screen, rows visible and chip.
///
/// JSON: ``json(_:)``, schema `wristsim.watches/1`.
package enum WatchesReport {
    /// The table, one model per line, catalogue order.
    package static func text(_ models: [WatchModel] = WatchModel.catalog) -> String {
        var rows = [["name", "screen (pt)", "pixels", "insets t/b", "rows", "chip", "speed", "cores"]]
        for model in models {
            rows.append([
                model.name, "\(model.widthPoints)×\(model.heightPoints)", "\(model.widthPixels)×\(model.heightPixels)",
                "\(points(model.insets.top))/\(points(model.insets.bottom))"
                    + (model.insetSource == .measured ? "" : "*"),
                String(model.rowsVisible), model.chip.name,
                "×" + tenths(model.relativeSpeed).compact + (model.chip.isSpeedConfirmed ? "" : "?"),
                String(model.cores),
            ])
        }
        var lines = LatencyReport.table(rows)
        lines.append("")
        lines.append(
            "rows: whole \(points(WatchModel.defaultRowHeight)) pt rows between the safe insets (docs/platform.md)")
        lines.append("*  bottom inset derived (≈ 27 pt, docs/platform.md); no measurement for this size")
        lines.append("?  relative CPU speed UNCONFIRMED (S9/S10, docs/platform.md)")
        return lines.joined(separator: "\n")
    }

    /// The JSON schema identifier.
    package static let jsonSchema = "wristsim.watches/1"

    /// One JSON document, schema `wristsim.watches/1`: `{"schema", "watches": [{"name",
    /// "displayName", "widthPt", "heightPt", "widthPx", "heightPx", "insetTopPt", "insetBottomPt",
    /// "rowHeightPt", "rowsVisible", "chip", "relativeSpeed", "cores", "speedConfirmed", "insets"}]}`.
    package static func json(_ models: [WatchModel] = WatchModel.catalog) -> String {
        JSONValue.object([
            "schema": .string(jsonSchema),
            "watches": .array(
                models.map { model in
                    [
                        "name": .string(model.name), "displayName": .string(model.displayName),
                        "widthPt": .count(model.widthPoints), "heightPt": .count(model.heightPoints),
                        "widthPx": .count(model.widthPixels), "heightPx": .count(model.heightPixels),
                        "insetTopPt": tenths(model.insets.top), "insetBottomPt": tenths(model.insets.bottom),
                        "rowHeightPt": tenths(model.rowHeight), "rowsVisible": .count(model.rowsVisible),
                        "chip": .string(model.chip.name), "relativeSpeed": tenths(model.relativeSpeed),
                        "cores": .count(model.cores), "speedConfirmed": .bool(model.chip.isSpeedConfirmed),
                        "insets": .string(model.insetSource.rawValue),
                    ]
                }),
        ]).compact
    }

    /// Whole points as an integer (`"2"`), else to one decimal (`"2.5"`).
    private static func points(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : tenths(value).compact
    }

    /// `value` to one decimal as a JSON number (`1.5`); its ``JSONValue/compact`` text is `"1.5"`.
    static func tenths(_ value: Double) -> JSONValue { .decimal(Int64((value * 10).rounded()), scale: 1) }
}
