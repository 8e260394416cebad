import CompanionModel

/// The colours the pictures share, so one thing has one colour everywhere in the report.
package enum SVGPalette {
    package static let muted = "#6c757d"
    package static let grid = "#e9ecef"
    package static let lane = "#f1f3f5"
    package static let good = "#2f9e44"
    package static let bad = "#e03131"
    package static let warn = "#f08c00"
    package static let accent = "#1c7ed6"
    package static let offFace = "#868e96"

    /// The colour of a pipeline step, by its kind (custom steps share one).
    package static func step(_ kind: PipelineStepKind) -> String {
        switch kind {
        case .updateSortingDatabase: return "#e8590c"
        case .updateTableModel: return "#1c7ed6"
        case .removeRow: return "#2f9e44"
        case .sendMessageToPhone: return "#ae3ec9"
        case .playHaptic: return "#f59f00"
        case .updateRemainingCount: return "#15aabf"
        case .hidePlaceholder: return "#74b816"
        case .updateComplication: return "#d6336c"
        case .custom: return "#868e96"
        }
    }

    /// A pipeline's colour in the latency pictures (by position: the first run blue, …).
    package static func series(_ index: Int) -> String {
        let colors = ["#e8590c", "#1c7ed6", "#2f9e44", "#ae3ec9", "#f59f00", "#15aabf"]
        return colors[((index % colors.count) + colors.count) % colors.count]
    }
}
