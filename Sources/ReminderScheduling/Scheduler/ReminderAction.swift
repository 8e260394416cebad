/// The actions of a reminder notification, in display order (both fit a banner's two buttons).
public enum ReminderAction: String, Hashable, Sendable, CaseIterable {
    /// Mark the item done everywhere; the pending badges are recomputed.
    case complete
    /// A one-shot reminder 30 minutes later; the item's due date stays.
    case snooze

    /// The button title.
    public var title: String {
        switch self {
        case .complete: "Done"
        case .snooze: "Remind me in 30 minutes"
        }
    }

    /// The category to register with the system center for reminder notifications.
    public static func category(identifier: String) -> NotificationCategory {
        NotificationCategory(
            identifier: identifier,
            checkedActions: allCases.map { NotificationAction(identifier: $0.rawValue, title: $0.title) })
    }
}

/// What a notification action did in the scheduler.
public enum ActionOutcome: Hashable, Sendable {
    /// The item was completed.
    case completed
    /// A one-shot reminder was scheduled at `until`.
    case snoozed(until: ReminderTime)
    /// The item was already completed (on the watch, or by an earlier tap): nothing changed,
    /// but the app ran and refilled.
    case ignoredCompleted
    /// The item was removed from the list: nothing changed, but the app ran and refilled.
    case ignoredRemoved

    /// A stable name for reports: `completed`, `snoozed`, `ignoredCompleted` or `ignoredRemoved`.
    public var name: String {
        switch self {
        case .completed: "completed"
        case .snoozed: "snoozed"
        case .ignoredCompleted: "ignoredCompleted"
        case .ignoredRemoved: "ignoredRemoved"
        }
    }
}
