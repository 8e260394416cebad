/// What a check-off pipeline step does. The built-in kinds carry the side effects the rest of
/// the simulation listens for (the commit, the message to the phone, the complication).
package enum PipelineStepKind: Hashable, Sendable {
    /// Rewrite the learned store order (needless at check-off time: it can be learned at the trip's end).
    case updateSortingDatabase
    /// Mark the item done in the list's model of record: the check-off is **committed** when it ends.
    case updateTableModel
    /// Remove the row from the table (UI: must run on the main queue).
    case removeRow
    /// Send the check-off to the phone: the message send **starts** when the step starts and
    /// **finishes** when it ends.
    case sendMessageToPhone
    /// Play the success haptic.
    case playHaptic
    /// Update the "N left" label (UI).
    case updateRemainingCount
    /// Hide the "nothing left" placeholder or show it (UI).
    case hidePlaceholder
    /// Update the complication and the strike-through: a complication update is **requested** when it ends.
    case updateComplication
    /// A user-defined step with no side effect the simulation tracks.
    case custom(String)

    /// Every built-in kind, in the order of the naive handler.
    package static let builtIn: [PipelineStepKind] = [
        .updateSortingDatabase, .updateTableModel, .removeRow, .sendMessageToPhone, .playHaptic,
        .updateRemainingCount, .hidePlaceholder, .updateComplication,
    ]

    /// The name used in scenario files, reports and JSON (`"removeRow"`, or the custom name).
    package var name: String {
        switch self {
        case .updateSortingDatabase: return "updateSortingDatabase"
        case .updateTableModel: return "updateTableModel"
        case .removeRow: return "removeRow"
        case .sendMessageToPhone: return "sendMessageToPhone"
        case .playHaptic: return "playHaptic"
        case .updateRemainingCount: return "updateRemainingCount"
        case .hidePlaceholder: return "hidePlaceholder"
        case .updateComplication: return "updateComplication"
        case .custom(let name): return name
        }
    }

    /// The kind called `name`: a built-in kind by its name, anything else a custom step.
    package init(name: String) {
        self = PipelineStepKind.builtIn.first { $0.name == name } ?? .custom(name)
    }

    /// Whether the step touches the UI and so must run on the main queue (UIKit/WatchKit rule).
    package var touchesUI: Bool {
        switch self {
        case .removeRow, .updateRemainingCount, .hidePlaceholder: return true
        case .updateSortingDatabase, .updateTableModel, .sendMessageToPhone, .playHaptic, .updateComplication,
            .custom:
            return false
        }
    }
}
