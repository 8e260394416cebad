/// What one ``ReminderReconciler/reconcile(items:now:)`` found and did.
public struct ReconcileReport: Hashable, Sendable {
    /// A request the system refused.
    public struct FailedAdd: Hashable, Sendable {
        /// The request's identifier.
        public var identifier: NotificationIdentifier
        /// The error's description.
        public var reason: String
    }

    /// The settings read from the center.
    public var settings: NotificationSettings
    /// Pending requests the app's other code scheduled (left alone; they take pending slots).
    public var foreignCount: Int
    /// The window size used: the configured W, less what foreign requests take of the 64.
    public var windowSize: Int
    /// Items held back beyond the window (scheduled at a later reconcile, when the window reaches them).
    public var heldCount: Int
    /// The requests wanted pending after this reconcile (the plan), in fire order.
    public var planned: [NotificationRequest]
    /// The identifiers removed.
    public var removed: [NotificationIdentifier]
    /// The identifiers added (new, or re-sent because their badge, title or date changed).
    public var added: [NotificationIdentifier]
    /// Adds the system refused; the next reconcile tries them again.
    public var failedAdds: [FailedAdd]
    /// The icon badge set (the number of overdue items), or `nil` when badges are off or setting it failed.
    public var badge: Int?

    /// Whether the center now holds the plan, as far as this reconcile knows (nothing failed).
    public var isComplete: Bool { failedAdds.isEmpty }
}
