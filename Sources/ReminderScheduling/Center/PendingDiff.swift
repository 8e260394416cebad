/// The smallest set of changes that turns the requests an app has pending into the ones it wants.
///
/// Adding a request with a pending identifier replaces it, so a request whose content, trigger or
/// badge changed is one add, not a remove and an add. Only requests for which `isOwned` is true are
/// ever removed: requests that other code of the app scheduled are left alone.
public struct PendingDiff: Hashable, Sendable {
    /// Identifiers to remove: owned pending requests that are not wanted, in the pending list's order.
    public var removals: [NotificationIdentifier]
    /// Requests to add, in the order wanted: wanted requests not pending as they are.
    public var additions: [NotificationRequest]

    /// The changes from `pending` to `wanted`.
    ///
    /// - Parameters:
    ///   - pending: what the system reports pending (any order; foreign requests included).
    ///   - wanted: what should be pending, identifiers distinct.
    ///   - time: now: a repeating request pending since before `time` is still the one wanted
    ///     when its series (identifier, content, period and next fire date after `time`) is the
    ///     same — re-adding it would only restart it (rule R14 of docs/reminders.md).
    ///   - isOwned: whether a pending identifier belongs to the caller (may be removed).
    /// - Complexity: O(p + w) hashing for p pending and w wanted.
    public init(
        pending: [NotificationRequest], wanted: [NotificationRequest], at time: ReminderTime,
        isOwned: (NotificationIdentifier) -> Bool
    ) {
        var system: [NotificationIdentifier: NotificationRequest] = [:]
        system.reserveCapacity(pending.count)
        for request in pending where isOwned(request.identifier) { system[request.identifier] = request }
        var wantedIdentifiers = Set<NotificationIdentifier>()
        wantedIdentifiers.reserveCapacity(wanted.count)
        additions = []
        for request in wanted {
            wantedIdentifiers.insert(request.identifier)
            let current = system[request.identifier]
            if current.map({ ReminderScheduler.isSame($0, as: request, after: time) }) != true {
                additions.append(request)
            }
        }
        removals = pending.lazy.map(\.identifier).filter { isOwned($0) && !wantedIdentifiers.contains($0) }
    }

    /// Whether there is nothing to do.
    public var isEmpty: Bool { removals.isEmpty && additions.isEmpty }
}
