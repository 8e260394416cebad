import CompanionModel
import SimulationKernel

extension ScenarioSimulation {
    /// Sends a check-off from the watch to the phone. Default: a perfect link; the phone
    /// receives it at once.
    mutating func sendToPhone(_ operation: CheckOffOperation) {
        phoneReceived(operation)
    }

    /// The phone receives an operation and applies it exactly once, in order per item:
    /// an operation whose sequence number was already applied is a duplicate and changes
    /// nothing; one that arrives ahead of a missing predecessor waits for it.
    mutating func phoneReceived(_ operation: CheckOffOperation) {
        let applied = phoneAppliedSequence[operation.item, default: 0]
        guard operation.sequence > applied else {
            record("phone.duplicateIgnored", ["item": .string(operation.item), "seq": .int(Int64(operation.sequence))])
            return
        }
        guard operation.sequence == applied + 1 else {
            phoneWaiting.append(operation)
            record("phone.heldForOrder", ["item": .string(operation.item), "seq": .int(Int64(operation.sequence))])
            return
        }
        phoneList.apply(operation.kind, to: operation.item, at: now)
        phoneAppliedSequence[operation.item] = operation.sequence
        record(
            "phone.applied",
            ["item": .string(operation.item), "action": .string(operation.kind.rawValue), "seq": .int(Int64(operation.sequence))])
        phoneDidApply(operation)
        if let index = phoneWaiting.firstIndex(where: { $0.item == operation.item && $0.sequence == operation.sequence + 1 }) {
            phoneReceived(phoneWaiting.remove(at: index))
        }
    }

    /// Checks that the phone's list matches what the user did on the watch.
    func linkInvariantFailures() -> [String] {
        var failures: [String] = []
        for item in watchList.items {
            let watchState = watchList.state(of: item.id)?.isRemaining ?? true
            let phoneState = phoneList.state(of: item.id)?.isRemaining ?? true
            if watchState != phoneState {
                let trail = intents.filter { $0.item == item.id }.map { "\($0.kind.rawValue)#\($0.sequence)" }
                failures.append(
                    "item \"\(item.id)\" is \(watchState ? "remaining" : "checked") on the watch but "
                        + "\(phoneState ? "remaining" : "checked") on the phone (operations: \(trail.joined(separator: ", ")))")
            }
        }
        return failures
    }
}
