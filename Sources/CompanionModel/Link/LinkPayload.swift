import SimulationKernel

/// Whether an item is still to buy or has been picked up.
package enum ItemStatus: Hashable, Sendable {
    case open
    case checkedOff

    /// `"open"` or `"checkedOff"`.
    package var name: String { self == .open ? "open" : "checkedOff" }
}

/// What a message carries, in either direction.
///
/// **Adding a payload** (for example a list edit made on the phone):
/// 1. add a case here with its data (value types only);
/// 2. give it a ``byteCount`` (a property-list estimate; the channels' payload caps apply to it)
///    and a ``summary`` for traces;
/// 3. handle it where it is received: in the scenario simulation, the receiving side's
///    `received(_:duplicate:_:)` (`WatchFeature+Link.swift`, `PhoneFeature+Link.swift`), which
///    applies it to that side's own state, idempotently (duplicates are delivered with
///    `duplicate: true`).
///
/// The transport never looks inside a payload except for its size.
///
/// A payload is one reference (8 bytes), so the messages, link events and world events that carry
/// it (copied on every step of the event queue) stay small, and copying or destroying one is a
/// single retain or release whatever its case: every case holds exactly one reference. A list
/// operation is already one (its shared, immutable fields, ``ListOperation``), so it is held as
/// it is, not boxed a second time: making a message for a check-off allocates nothing more, and
/// reading the operation is one load. The other cases are `indirect` (boxed), so that no case
/// holds more than one reference and none holds a plain value beside it (either would make the
/// enum larger than a reference, with a tag byte of its own, and every copy a switch).
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

    /// Creates a message.
    package init(id: MessageID, channel: LinkChannel, route: LinkRoute, payload: LinkPayload, sentAt: SimTime) {
        self.id = id
        self.channel = channel
        self.route = route
        self.payload = payload
        self.sentAt = sentAt
    }
}
