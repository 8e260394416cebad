import SimulationKernel

/// Whether an item is still to buy or has been picked up.
package enum ItemStatus: Hashable, Sendable {
    case open
    case checkedOff

    /// `"open"` or `"checkedOff"`.
    package var name: String { self == .open ? "open" : "checkedOff" }
}

/// What a message carries, in either direction; the transport never looks inside but for its
/// size. A new payload gets a ``byteCount`` and a ``summary``, and is handled, idempotently, by
/// the receiving side's `received(_:duplicate:_:)` (`WatchFeature+Link`, `PhoneFeature+Link`).
///
/// Every case holds exactly one reference (the other cases are `indirect`), so copying a payload
/// is a single retain.
package enum LinkPayload: Hashable, Sendable {
    /// An edit of the shared list made on either device (two-way sync, `Sync/`).
    case listOperation(ListOperation)
    /// The phone's view of the list for the watch face (remaining items).
    indirect case complicationUpdate(remaining: Int)
    /// Any other app data, of a given serialized size (for payload-cap rules and tests).
    indirect case data(label: String, bytes: Int)

    /// The serialized size in bytes (a property-list estimate: keys, values and framing).
    package var byteCount: Int {
        switch self {
        case .listOperation(let operation): return operation.byteCount
        case .complicationUpdate: return 40
        case .data(_, let bytes): return bytes
        }
    }

    /// The list operation it carries, if any.
    package var listOperation: ListOperation? {
        if case .listOperation(let operation) = self { return operation }
        return nil
    }

    /// A short text for traces: `"list watch#2 check kale v3@watch"`, `"complication remaining=3"`.
    package var summary: String {
        switch self {
        case .listOperation(let operation): return "list \(operation)"
        case .complicationUpdate(let remaining): return "complication remaining=\(remaining)"
        case .data(let label, let bytes): return "\(label) \(bytes)B"
        }
    }
}

/// One message or transfer as sent.
package struct LinkMessage: Hashable, Sendable {
    /// Its send-order identifier.
    package var id: MessageID
    /// The channel it travels on.
    package var channel: LinkChannel
    /// Who sends it to whom.
    package var route: LinkRoute
    /// What it carries.
    package var payload: LinkPayload
    /// When it was sent (for delivery delays).
    package var sentAt: SimTime
}
