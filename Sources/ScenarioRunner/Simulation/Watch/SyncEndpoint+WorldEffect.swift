import CompanionModel
import SimulationKernel

extension SyncEndpoint {
    /// What the world does for `effect` of this endpoint, the same on both devices but for the
    /// device: a link request with the operation (read in place from the replica's log), or, with
    /// the trace kept (``WorldContext/trace``), the trace of a refused edit or a line of the
    /// message trail. `nil` for those with the trace off, and for an item change, which each
    /// device's host performs its own way (the watch's list, the phone's reminders).
    ///
    /// - Complexity: O(1).
    func worldEffect(of effect: Effect, _ context: WorldContext) -> WorldEffect? {
        switch effect {
        case .sendMessage(let position):
            return .send(.link(.request(.sendMessage(.listOperation(replica.appliedLog[position]), from: device))))
        case .transferUserInfo(let position):
            return .send(
                .link(.request(.transferUserInfo(.listOperation(replica.appliedLog[position]), from: device))))
        case .itemChanged:
            return nil
        case .refused(let item, let edit, let refusal):
            guard case .recorded = context.trace else { return nil }
            return .trace(
                .syncRefused, at: context.now,
                [
                    "device": .string(device.name), "item": .string(item), "edit": .string(edit.name),
                    "reason": .string(refusal.rawValue),
                ])
        case .note(let entry):
            guard case .recorded = context.trace else { return nil }
            return .trace(entry.traceEvent)
        }
    }
}
