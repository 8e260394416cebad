/// A simulated system notification center that enforces the platform's rules (PLATFORM.md §1, §6).
///
/// - At most ``limit`` (64) pending requests per app; the excess is dropped **silently** (no error),
///   and which one goes is ``retention`` (default ``OverflowRetention/mostRecentlyAdded``).
/// - Adding an identifier that is pending replaces it; a repeating request occupies one slot.
/// - A one-shot whose date is not in the future is not retained (silently).
/// - A repeating interval under 60 s, or a negative badge, is refused with a thrown error.
/// - At each fire date the notification is delivered and its badge (if not `nil`) becomes the app badge.
///
/// Time only moves through ``advance(to:)``, which returns the deliveries in (fire date, identifier)
/// order. Drops are recorded in ``drops`` (simulator knowledge; a real app never learns of them).
///
/// ```swift
/// var center = SimulatedNotificationCenter(now: .zero)
/// try center.add(NotificationRequest(identifier: "item:milk",
///                                    content: NotificationContent(title: "Milk", badge: 1),
///                                    trigger: .once(at: ReminderTime(seconds: 600))))
/// let deliveries = center.advance(to: ReminderTime(seconds: 3600))   // milk at +10m, badge 1
/// ```
public struct SimulatedNotificationCenter: SystemNotificationCenter, Sendable {
    /// The most pending requests an app may have (64, PLATFORM.md §1.1).
    public static let defaultLimit = 64

    /// A pending request with its bookkeeping.
    struct Pending: Sendable {
        var request: NotificationRequest
        var nextFire: ReminderTime
        var addedSequence: Int
    }

    /// The pending-request limit.
    public let limit: Int
    /// Which requests survive an overflow.
    public let retention: OverflowRetention
    /// The current simulated time (moved by ``advance(to:)``).
    public private(set) var now: ReminderTime
    /// The app icon badge (`0` = no badge).
    public private(set) var badge: Int = 0
    /// Every request the center dropped silently, in order.
    public private(set) var drops: [NotificationDrop] = []
    /// The registered categories, by identifier.
    public private(set) var categories: [String: NotificationCategory] = [:]

    var pending: [NotificationIdentifier: Pending] = [:]
    private var sequence = 0

    /// Creates an empty center at `now`.
    public init(
        now: ReminderTime, limit: Int = SimulatedNotificationCenter.defaultLimit,
        retention: OverflowRetention = .mostRecentlyAdded
    ) {
        self.now = now
        self.limit = max(1, limit)
        self.retention = retention
    }

    /// The number of pending requests (a repeating request counts once).
    public var pendingCount: Int { pending.count }

    /// Registers (or replaces) a category and its actions.
    public mutating func register(_ category: NotificationCategory) {
        categories[category.identifier] = category
    }

    /// The actions `request` offers on `surface` (none if its category is not registered).
    public func visibleActions(of request: NotificationRequest, on surface: NotificationSurface) -> [NotificationAction]
    {
        categories[request.content.categoryIdentifier]?.visibleActions(on: surface) ?? []
    }

    /// Schedules `request` (see the type's rules).
    ///
    /// - Complexity: O(1), plus O(``limit``) when the limit is exceeded.
    /// - Throws: ``NotificationRequestError`` for a repeating interval under 60 s or a negative badge.
    public mutating func add(_ request: NotificationRequest) throws(NotificationRequestError) {
        if case .repeating(_, let interval) = request.trigger, interval < NotificationTrigger.minimumRepeatInterval {
            throw .repeatIntervalTooShort(identifier: request.identifier, seconds: interval)
        }
        if let badge = request.content.badge, badge < 0 {
            throw .negativeBadge(identifier: request.identifier, badge: badge)
        }
        guard let fire = request.trigger.nextFireDate(after: now) else {
            pending[request.identifier] = nil
            drops.append(NotificationDrop(identifier: request.identifier, at: now, reason: .fireDatePassed))
            return
        }
        sequence += 1
        pending[request.identifier] = Pending(request: request, nextFire: fire, addedSequence: sequence)
        while pending.count > limit, let victim = overflowVictim() {
            pending[victim] = nil
            drops.append(NotificationDrop(identifier: victim, at: now, reason: .overLimit(retention)))
        }
    }

    /// Removes pending requests by identifier; unknown identifiers are ignored.
    ///
    /// - Complexity: O(k) for k identifiers.
    public mutating func removePendingRequests(withIdentifiers identifiers: [NotificationIdentifier]) {
        for identifier in identifiers { pending[identifier] = nil }
    }

    /// The pending requests ordered by (next fire date, identifier).
    ///
    /// - Complexity: O(p log p) for p pending (p ≤ 64).
    public func pendingRequests() -> [NotificationRequest] {
        pending.values.sorted { ($0.nextFire, $0.request.identifier) < ($1.nextFire, $1.request.identifier) }
            .map(\.request)
    }

    /// The next fire date of the pending request `identifier`, if pending.
    public func nextFireDate(of identifier: NotificationIdentifier) -> ReminderTime? {
        pending[identifier]?.nextFire
    }

    /// The earliest and latest next fire dates among pending requests.
    ///
    /// - Complexity: O(p).
    public var pendingFireRange: ClosedRange<ReminderTime>? {
        let fires = pending.values.map(\.nextFire)
        guard let first = fires.min(), let last = fires.max() else { return nil }
        return first...last
    }

    /// The earliest fire date among pending requests.
    ///
    /// - Complexity: O(p).
    public var nextFireDate: ReminderTime? { pending.values.map(\.nextFire).min() }

    /// Sets the app badge; `0` or less clears it.
    public mutating func setBadgeCount(_ count: Int) {
        badge = max(0, count)
    }

    /// Moves time to `time`, delivering every notification due at or before it in
    /// (fire date, identifier) order. One-shots leave the pending list; a repeating request
    /// stays with its next fire date. A delivered non-`nil` badge becomes the app badge.
    ///
    /// - Complexity: O(d · p) for d deliveries and p pending (p ≤ 64).
    public mutating func advance(to time: ReminderTime) -> [NotificationDelivery] {
        var deliveries: [NotificationDelivery] = []
        while let next = earliestPending(), next.fire <= time {
            guard let entry = pending[next.identifier] else { break }
            if let value = entry.request.content.badge { badge = value }
            deliveries.append(NotificationDelivery(at: next.fire, request: entry.request, badgeAfter: badge))
            if let following = entry.request.trigger.nextFireDate(after: next.fire) {
                pending[next.identifier]?.nextFire = following
            } else {
                pending[next.identifier] = nil
            }
        }
        if time > now { now = time }
        return deliveries
    }

    private func earliestPending() -> (fire: ReminderTime, identifier: NotificationIdentifier)? {
        var best: (fire: ReminderTime, identifier: NotificationIdentifier)?
        for (identifier, entry) in pending {
            if let current = best, (current.fire, current.identifier) <= (entry.nextFire, identifier) { continue }
            best = (entry.nextFire, identifier)
        }
        return best
    }

    private func overflowVictim() -> NotificationIdentifier? {
        var victim: (identifier: NotificationIdentifier, entry: Pending)?
        for (identifier, entry) in pending {
            guard let current = victim else {
                victim = (identifier, entry)
                continue
            }
            let worse: Bool
            switch retention {
            case .soonestFiring:
                worse = (entry.nextFire, identifier) > (current.entry.nextFire, current.identifier)
            case .mostRecentlyAdded:
                worse = entry.addedSequence < current.entry.addedSequence
            }
            if worse { victim = (identifier, entry) }
        }
        return victim?.identifier
    }
}

/// A notification the system delivered.
public struct NotificationDelivery: Hashable, Sendable {
    /// The fire date.
    public var at: ReminderTime
    public var request: NotificationRequest
    /// The app badge right after the delivery.
    public var badgeAfter: Int
}

/// A request the system dropped without telling the app.
public struct NotificationDrop: Hashable, Sendable {
    /// Why a request was dropped.
    public enum Reason: Hashable, Sendable {
        /// Over the pending limit; the retention policy chose it.
        case overLimit(OverflowRetention)
        /// A one-shot whose date was not in the future when added.
        case fireDatePassed
    }

    public var identifier: NotificationIdentifier
    /// When it was dropped.
    public var at: ReminderTime
    public var reason: Reason
}
