/// A simulated system notification center that enforces the platform's rules (``PlatformRules``;
/// `docs/reminders.md`, rules P1–P8).
///
/// - At most ``limit`` (64) pending slots per app; the excess is dropped **silently** (no error),
///   and which one goes is ``retention`` (the API's default unless set).
/// - Adding an identifier that is pending replaces it (keeping or renewing its place in the addition
///   order: ``PlatformRules/replacement``); a repeating request takes ``PlatformRules/repeatingSlots`` slots.
/// - A one-shot whose date is not in the future is not retained (silently); neither is anything added
///   while the user has not authorized notifications.
/// - A repeating interval the API cannot express, or (UserNotifications) a negative badge, is refused
///   with a thrown error.
/// - At each fire date the notification is delivered and its badge becomes the app badge by the API's
///   rule (legacy: 0 or less leaves it; UserNotifications: `nil` leaves it, 0 clears it).
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
    public static let defaultLimit = PlatformRules.defaultLimit

    /// A pending request with its bookkeeping.
    struct Pending: Sendable {
        var request: NotificationRequest
        var nextFire: ReminderTime
        var addedSequence: Int
    }

    /// The platform rules in force.
    public private(set) var rules: PlatformRules
    /// The pending-slot limit.
    public var limit: Int { rules.limit }
    /// Which requests survive an overflow.
    public var retention: OverflowRetention { rules.retention }
    /// The current simulated time (moved by ``advance(to:)``).
    public private(set) var now: ReminderTime
    /// The app icon badge (`0` = no badge).
    public private(set) var badge: Int = 0
    /// Every request the center dropped silently, in order.
    public private(set) var drops: [NotificationDrop] = []
    /// The registered categories, by identifier.
    public private(set) var categories: [String: NotificationCategory] = [:]

    var pending: [NotificationIdentifier: Pending] = [:]
    /// The pending request that fires first, as far as known (``earliestPending()`` scans when unknown).
    private var earliest: Earliest = .none
    private var sequence = 0
    private var repeatingCount = 0
    /// The index in ``drops`` of the latest drop of each identifier.
    private var lastDropIndex: [NotificationIdentifier: Int] = [:]

    /// Creates an empty center at `now` with `rules`.
    public init(now: ReminderTime, rules: PlatformRules) {
        self.now = now
        self.rules = rules
    }

    /// Creates an empty center at `now` (UserNotifications rules, authorized).
    public init(
        now: ReminderTime, limit: Int = SimulatedNotificationCenter.defaultLimit,
        retention: OverflowRetention = .mostRecentlyAdded
    ) {
        self.init(now: now, rules: PlatformRules(limit: limit, retention: retention))
    }

    /// The user's notification permission (what `getNotificationSettings` reports).
    public var authorizationStatus: NotificationAuthorization { rules.authorization }

    /// The user changes the app's notification permission in Settings. Requests already pending stay.
    public mutating func setAuthorization(_ status: NotificationAuthorization) {
        rules.authorization = status
    }

    /// The latest silent drop of `identifier`, if any.
    ///
    /// - Complexity: O(1).
    public func lastDrop(of identifier: NotificationIdentifier) -> NotificationDrop? {
        lastDropIndex[identifier].map { drops[$0] }
    }

    private mutating func recordDrop(_ drop: NotificationDrop) {
        lastDropIndex[drop.identifier] = drops.count
        drops.append(drop)
    }

    /// The number of pending requests (a repeating request counts once).
    public var pendingCount: Int { pending.count }

    /// The number of pending slots in use (a repeating request takes ``PlatformRules/repeatingSlots``).
    public var pendingSlots: Int { pending.count + repeatingCount * (rules.repeatingSlots - 1) }

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
    /// - Throws: ``NotificationRequestError`` for a repeating interval the API cannot express or
    ///   (UserNotifications) a negative badge.
    public mutating func add(_ request: NotificationRequest) throws(NotificationRequestError) {
        if case .repeating(_, let interval) = request.trigger, !rules.api.allowsRepeatInterval(interval) {
            switch rules.api {
            case .legacy: throw .repeatIntervalNotACalendarUnit(identifier: request.identifier, seconds: interval)
            case .userNotifications: throw .repeatIntervalTooShort(identifier: request.identifier, seconds: interval)
            }
        }
        if rules.api == .userNotifications, let badge = request.content.badge, badge < 0 {
            throw .negativeBadge(identifier: request.identifier, badge: badge)
        }
        guard rules.authorization.allowsDelivery else {
            recordDrop(
                NotificationDrop(
                    identifier: request.identifier, at: now, reason: .notAuthorized(rules.authorization)))
            return
        }
        guard let fire = request.trigger.nextFireDate(after: now) else {
            removePendingRequests(withIdentifiers: [request.identifier])
            recordDrop(NotificationDrop(identifier: request.identifier, at: now, reason: .fireDatePassed))
            return
        }
        let previous = pending[request.identifier]
        if previous?.request.trigger.repeats == true { repeatingCount -= 1 }
        if request.trigger.repeats { repeatingCount += 1 }
        let order: Int
        if let previous, rules.replacement == .inPlace {
            order = previous.addedSequence
        } else {
            sequence += 1
            order = sequence
        }
        pending[request.identifier] = Pending(request: request, nextFire: fire, addedSequence: order)
        noteAdded(request.identifier, fire: fire)
        while pendingSlots > limit, let victim = overflowVictim() {
            removePendingRequests(withIdentifiers: [victim])
            recordDrop(NotificationDrop(identifier: victim, at: now, reason: .overLimit(retention)))
        }
    }

    /// Removes pending requests by identifier; unknown identifiers are ignored.
    ///
    /// - Complexity: O(k) for k identifiers.
    public mutating func removePendingRequests(withIdentifiers identifiers: [NotificationIdentifier]) {
        for identifier in identifiers {
            guard let removed = pending.removeValue(forKey: identifier) else { continue }
            noteRemoved(identifier)
            if removed.request.trigger.repeats { repeatingCount -= 1 }
        }
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
        var range: ClosedRange<ReminderTime>?
        for entry in pending.values {
            let fire = entry.nextFire
            range = range.map { Swift.min($0.lowerBound, fire)...Swift.max($0.upperBound, fire) } ?? fire...fire
        }
        return range
    }

    /// The earliest fire date among pending requests.
    ///
    /// - Complexity: O(p), no allocation.
    public var nextFireDate: ReminderTime? { pending.values.lazy.map(\.nextFire).min() }

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
            if let value = rules.api.appliedBadge(entry.request.content.badge) { badge = value }
            deliveries.append(
                NotificationDelivery(
                    at: next.fire, request: entry.request, badgeAfter: badge,
                    presentation: rules.authorization.presentation))
            if let following = entry.request.trigger.nextFireDate(after: next.fire) {
                pending[next.identifier]?.nextFire = following
            } else {
                pending[next.identifier] = nil
            }
            earliest = .unknown
        }
        if time > now { now = time }
        return deliveries
    }

    /// What is known of the pending request that fires first.
    private enum Earliest: Sendable {
        /// Nothing is pending.
        case none
        /// This one (the smallest (fire date, identifier)).
        case known(fire: ReminderTime, identifier: NotificationIdentifier)
        /// A change may have moved it: scan.
        case unknown
    }

    /// Keeps ``earliest`` right after `identifier` was (re)added to fire at `fire`.
    private mutating func noteAdded(_ identifier: NotificationIdentifier, fire: ReminderTime) {
        switch earliest {
        case .none: earliest = .known(fire: fire, identifier: identifier)
        case .known(let current, let currentIdentifier):
            if currentIdentifier == identifier {
                earliest = .unknown
            } else if (fire, identifier) < (current, currentIdentifier) {
                earliest = .known(fire: fire, identifier: identifier)
            }
        case .unknown: break
        }
    }

    /// Keeps ``earliest`` right after `identifier` left the pending list (or moved to a later fire date).
    private mutating func noteRemoved(_ identifier: NotificationIdentifier) {
        if case .known(_, let currentIdentifier) = earliest, currentIdentifier == identifier { earliest = .unknown }
    }

    /// The pending request that fires first, by (fire date, identifier).
    ///
    /// - Complexity: O(1) when known, else O(p) (after the earliest one was delivered or removed).
    private mutating func earliestPending() -> (fire: ReminderTime, identifier: NotificationIdentifier)? {
        switch earliest {
        case .none: return nil
        case .known(let fire, let identifier): return (fire, identifier)
        case .unknown:
            var best: (fire: ReminderTime, identifier: NotificationIdentifier)?
            for (identifier, entry) in pending {
                if let current = best, (current.fire, current.identifier) <= (entry.nextFire, identifier) { continue }
                best = (entry.nextFire, identifier)
            }
            earliest = best.map { .known(fire: $0.fire, identifier: $0.identifier) } ?? .none
            return best
        }
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
    /// How it was presented (quietly under provisional authorization).
    public var presentation: NotificationPresentation = .prominent
}

/// A request the system dropped without telling the app.
public struct NotificationDrop: Hashable, Sendable {
    /// Why a request was dropped.
    public enum Reason: Hashable, Sendable {
        /// Over the pending limit; the retention policy chose it.
        case overLimit(OverflowRetention)
        /// A one-shot whose date was not in the future when added.
        case fireDatePassed
        /// Added while the user had not authorized notifications.
        case notAuthorized(NotificationAuthorization)
    }

    public var identifier: NotificationIdentifier
    /// When it was dropped.
    public var at: ReminderTime
    public var reason: Reason
}
