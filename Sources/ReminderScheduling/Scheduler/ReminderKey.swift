/// What a wanted reminder is for; the raw value orders kinds like their identifier prefixes.
public enum ReminderKind: UInt8, Hashable, Sendable, CaseIterable, Comparable {
    /// A badge-only one-shot at a repeating reminder's next occurrence (see ``RepeatingBadgePolicy``).
    case badgeCarrier = 0
    /// An incomplete item's due-date reminder.
    case item = 1
    /// A repeating reminder (one pending slot however often it fires).
    case repeating = 2
    /// A "remind me in 30 minutes" one-shot.
    case snooze = 3

    /// The notification identifier prefix (`"item:"`). Prefixes start with distinct letters in
    /// raw-value order, so ordering by (kind, owner) equals ordering by identifier.
    public var prefix: String {
        switch self {
        case .badgeCarrier: "badge:"
        case .item: "item:"
        case .repeating: "repeat:"
        case .snooze: "snooze:"
        }
    }

    public static func < (lhs: ReminderKind, rhs: ReminderKind) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A wanted reminder's place in the queue: ordered by (fire date, identifier).
public struct ReminderKey: Hashable, Sendable, Comparable {
    // Stored in this order (8 + 16 + 1 bytes) so a tree node packs the key into 25 bytes.
    /// When it fires next.
    public var fire: ReminderTime
    /// The item or repeating-reminder identifier it belongs to.
    public var owner: String
    public var kind: ReminderKind

    public init(fire: ReminderTime, kind: ReminderKind, owner: String) {
        self.fire = fire
        self.kind = kind
        self.owner = owner
    }

    /// The notification identifier: kind prefix + owner (`"item:milk"`).
    public var identifier: NotificationIdentifier { kind.prefix + owner }

    public static func < (lhs: ReminderKey, rhs: ReminderKey) -> Bool {
        if lhs.fire != rhs.fire { return lhs.fire < rhs.fire }
        if lhs.kind != rhs.kind { return lhs.kind < rhs.kind }
        return lhs.owner < rhs.owner
    }
}

/// An open item's due date in the badge index, with its identifier: ordered like the item's
/// ``ReminderKey`` (due date, then identifier), so the index is also the queue of item reminders.
struct DueKey: Hashable, Sendable, Comparable {
    var due: Int64
    var id: String

    /// The item reminder this key stands for.
    var reminderKey: ReminderKey { ReminderKey(fire: ReminderTime(seconds: due), kind: .item, owner: id) }

    static func < (lhs: DueKey, rhs: DueKey) -> Bool {
        lhs.due != rhs.due ? lhs.due < rhs.due : lhs.id < rhs.id
    }
}
