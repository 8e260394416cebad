import CompanionModel
import SimulationKernel

/// Where the user's wrist is. (The watch feature refines this into the full wrist and
/// frontmost-app lifecycle.)
public enum WristPosition: String, Hashable, Sendable {
    case raised
    case lowered

    /// Whether a tap can reach the list.
    public var acceptsTaps: Bool { self == .raised }
}

extension ScenarioSimulation {
    /// The user taps `item`'s row on the watch. Default: if the wrist is up, the item is
    /// checked off at once (tapping a checked item un-checks it, as the app's toggle does).
    mutating func userTapped(_ item: ItemID) {
        guard wrist.acceptsTaps else {
            tapCounts.ignore("wristDown")
            record("watch.tapIgnored", ["item": .string(item), "reason": "wristDown"])
            return
        }
        tapCounts.accepted += 1
        let kind: CheckOffKind = watchList.state(of: item)?.isRemaining ?? true ? .check : .uncheck
        record("watch.tap", ["item": .string(item), "action": .string(kind.rawValue)])
        commitOnWatch(kind, item)
    }

    /// The watch's list changes; the operation is sent to the phone.
    mutating func commitOnWatch(_ kind: CheckOffKind, _ item: ItemID) {
        guard watchList.apply(kind, to: item, at: now) == .changed else { return }
        let operation = CheckOffOperation(item: item, kind: kind, sequence: nextSequence(for: item))
        intents.append(operation)
        record(
            "watch.listChanged",
            [
                "item": .string(item), "action": .string(kind.rawValue), "remaining": .int(Int64(watchList.remainingCount)),
                "next": .string(watchList.nextItem?.id ?? "-"),
            ])
        sendToPhone(operation)
        requestComplicationUpdate(source: "app")
    }

    /// The user raises or lowers the wrist.
    mutating func setWrist(_ position: WristPosition) {
        wrist = position
        record(position == .raised ? "watch.wristRaised" : "watch.wristLowered")
    }
}
