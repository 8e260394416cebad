import CompanionModel
import SimulationKernel

extension WorldEffect {
    /// The trace of an edit a device's replica refused (``SyncEndpoint/Effect/refused(_:_:_:)``),
    /// the same on both devices but for `device`.
    ///
    /// - Complexity: O(1).
    static func syncRefused(
        on device: LinkSide, item: ItemID, edit: ListEdit, refusal: ListReplica.Refusal, at time: SimTime
    ) -> WorldEffect {
        .trace(
            .syncRefused, at: time,
            [
                "device": .string(device.name), "item": .string(item), "edit": .string(edit.name),
                "reason": .string(refusal.name),
            ])
    }
}
