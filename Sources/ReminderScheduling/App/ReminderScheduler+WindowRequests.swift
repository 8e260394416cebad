/// What the app-facing reconciler reads of the planner.
extension ReminderScheduler {
    /// The requests the window wants pending, in (fire date, identifier) order, built by the same
    /// code that sends them to the simulated center (``refill(now:reason:center:)``).
    ///
    /// - Complexity: O(W).
    func windowRequests() -> [NotificationRequest] {
        entries.map { request(for: $0) }
    }
}
