#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One of the app's to-do items, as the app stores it: the app's own store is the source of truth,
/// and ``ReminderReconciler`` only ever reads a list of these.
///
/// An open item reminds once, at ``due``, with a badge that counts every open item due at or before
/// that moment. A done item neither reminds nor counts.
public struct ReminderItem: Hashable, Sendable, Identifiable {
    /// The app's identifier for the item (unique in the list passed to
    /// ``ReminderReconciler/reconcile(items:now:)``).
    public var id: String
    /// The text the notification shows.
    public var title: String
    /// When the item is due: its notification fires then, and from then on it counts as overdue.
    public var due: Date
    /// How the item comes back after it is completed, or `nil` for a one-off item.
    public var repeatRule: RepeatRule?
    /// Whether the user has completed the item.
    public var isDone: Bool

    /// Creates an item.
    public init(id: String, title: String, due: Date, repeatRule: RepeatRule? = nil, isDone: Bool = false) {
        self.id = id
        self.title = title
        self.due = due
        self.repeatRule = repeatRule
        self.isDone = isDone
    }

    /// The item after `change` (unchanged if the change is about another item or is ``ReminderChange/none``).
    public func applying(_ change: ReminderChange) -> ReminderItem {
        var item = self
        switch change {
        case .complete(let id) where id == self.id:
            item.isDone = true
        case .reschedule(let id, let due) where id == self.id:
            item.due = due
            item.isDone = false
        case .complete, .reschedule, .none:
            break
        }
        return item
    }
}

/// What the app should store after the user answered a notification
/// (``ReminderReconciler/change(for:item:now:)``).
public enum ReminderChange: Hashable, Sendable {
    /// Mark the item done.
    case complete(id: String)
    /// Keep the item open with a new due date (a repeating item's next occurrence, or
    /// "Remind me in 30 minutes").
    case reschedule(id: String, due: Date)
    /// Nothing to store (the user opened the notification without choosing an action).
    case none
}
