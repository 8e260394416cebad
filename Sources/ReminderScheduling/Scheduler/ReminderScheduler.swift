/// Keeps an app's reminders in the system notification center within its 64-pending limit, with
/// badges that are right when each notification fires.
///
/// The app wants any number of reminders: one per incomplete item with a due date, snoozes, and
/// repeating reminders. In ``SchedulingMode/windowed`` mode the scheduler keeps the soonest W of them
/// (``SchedulerConfiguration/windowSize``, default 60) pending in the system, ordered by
/// (fire date, identifier), holds the rest, and tops the window up at every ``refill(now:reason:center:)``
/// — call it whenever the app runs (launch, foreground, notification action, background refresh,
/// watch message).
///
/// **Badges.** A notification firing at T carries the number of incomplete items due at or before T,
/// counted in an order-statistics index of due dates (O(log N)). Completing or adding an item due at d
/// changes by one the badge of exactly the pending notifications firing at or after d; only those are
/// re-sent at the next refill. Repeating reminders follow ``RepeatingBadgePolicy``.
///
/// ```swift
/// var scheduler = ReminderScheduler(configuration: .standard)
/// var center = SimulatedNotificationCenter(now: now)   // or your UNUserNotificationCenter wrapper
/// center.register(ReminderAction.category(identifier: "reminder"))
/// scheduler.setItem("milk", due: now + 3_600, now: now)
/// try scheduler.refill(now: now, reason: .launch, center: &center)
/// ```
///
/// The scheduler never reads a clock: every operation takes `now`. Operations at one instant must
/// not go back in time.
public struct ReminderScheduler: Sendable {
    /// Why the app is running (the moment to refill).
    public enum AppRunReason: String, Hashable, Sendable, CaseIterable {
        case launch, foreground, notificationAction, backgroundRefresh, watchMessage
    }

    /// Whether a window entry matches what the system holds.
    enum SyncState: Hashable, Sendable {
        /// Pending in the system as is.
        case current
        /// Pending in the system with an outdated badge (or content): re-add at the next refill.
        case stale
        /// Not in the system yet: add at the next refill.
        case new

        var isInSystem: Bool { self != .new }
        var needsAdd: Bool { self != .current }
    }

    /// A reminder in the window with its precomputed badge.
    @usableFromInline
    struct WindowEntry: Hashable, Sendable {
        let key: ReminderKey
        /// The key's notification identifier (``ReminderKey/identifier``), joined once when the entry
        /// is made: a refill builds the entry's request every time it re-sends it (a badge change).
        let identifier: NotificationIdentifier
        var badge: Int?
        var sync: SyncState

        init(key: ReminderKey, badge: Int?, sync: SyncState) {
            self.key = key
            identifier = key.identifier
            self.badge = badge
            self.sync = sync
        }
    }

    /// A repeating reminder, its notification identifier and the fire dates of its queued
    /// occurrence and badge carrier.
    @usableFromInline
    struct RepeatingRecord: Hashable, Sendable {
        var reminder: RepeatingReminder
        /// The reminder's notification identifier (`"repeat:"` + id), joined once when it is added:
        /// each delivery and miss of an occurrence is matched by it.
        let identifier: NotificationIdentifier
        var queuedFire: ReminderTime?
        var carrierFire: ReminderTime?

        init(reminder: RepeatingReminder) {
            self.reminder = reminder
            identifier = ReminderKind.repeating.prefix + reminder.id
        }

        /// The first occurrence strictly after `time` (``RepeatingReminder/nextOccurrence(after:)``).
        func next(after time: ReminderTime) -> ReminderTime? { reminder.nextOccurrence(after: time) }

        /// The key of its queued occurrence (the reminder's start before it is queued).
        var queuedKey: ReminderKey {
            ReminderKey(fire: queuedFire ?? reminder.start, kind: .repeating, owner: reminder.id)
        }
    }

    /// The settings.
    public let configuration: SchedulerConfiguration

    var items: [ItemRecord] = []
    /// Item identifier → slot in ``items``.
    var slots = ItemSlotTable()
    /// Due dates of incomplete items, with their identifiers (the badge index; beyond the window,
    /// also the queue of held item reminders: `ReminderScheduler+Held.swift`).
    var dueIndex = CountingBlockList<DueKey>()
    /// The held reminders other than items' (snoozes, repeating reminders, badge carriers); the held
    /// items are the open items of ``dueIndex`` beyond the window (`ReminderScheduler+Held.swift`).
    /// Every held key is greater than every window key.
    @usableFromInline var heldOthers = CountingBlockList<ReminderKey>(ranked: false)
    /// The number of held items (open items of ``dueIndex`` beyond the window), kept as items move
    /// between the window and the held set.
    @usableFromInline var heldItemCount = 0
    /// The wanted reminders meant to be pending in the system, sorted by key.
    @usableFromInline var entries: [WindowEntry] = []
    var snoozes: [String: ReminderTime] = [:]
    /// The repeating reminders, in identifier order (one record per identifier): read by position at
    /// every move of time, in place, and found by identifier by binary search
    /// (``repeatingPosition(of:)``).
    @usableFromInline var repeatRecords: [RepeatingRecord] = []
    /// Identifiers to remove from the system at the next refill.
    var removals: [NotificationIdentifier] = []
    /// The latest `now` seen; every reminder firing at or before it has been expired.
    var clock = ReminderTime(seconds: .min)
    /// Incomplete items due at or before ``clock``, kept up to date as reminders expire.
    public internal(set) var overdueCount = 0
    /// Misses found since the last refill.
    var pendingMisses: [MissedReminder] = []
    /// The last app run (the last refill).
    public internal(set) var lastRun: AppRun?
    /// The last fire date in the window after the last refill.
    public internal(set) var windowEndAtLastRun: ReminderTime?

    /// Creates an empty scheduler.
    public init(configuration: SchedulerConfiguration = .standard) {
        self.configuration = configuration
    }

    /// Reserves memory for `itemCount` items (avoids regrowth when loading a large list).
    public mutating func reserveCapacity(_ itemCount: Int) {
        items.reserveCapacity(itemCount)
        slots.reserveCapacity(itemCount, items: items)
        dueIndex.reserveCapacity(itemCount)
    }

    /// The slot of item `id`, if known.
    ///
    /// - Complexity: O(1) expected.
    func slot(of id: String) -> Int32? { slots.slot(of: id, in: items) }

    /// The slot of item `id`, registering it with `state` if it is not known (one hash of `id`
    /// either way).
    ///
    /// - Returns: the slot, and whether the item was registered now.
    /// - Complexity: O(1) amortized.
    mutating func slot(registering id: String, as state: ReminderItemState) -> (slot: Int32, isNew: Bool) {
        let found = slots.slot(of: id, in: items, orIndexing: Int32(items.count))
        if found.isNew { items.append(ItemRecord(id: id, state: state)) }
        return found
    }

    /// The window limit in effect (unlimited in naive mode).
    var capacity: Int { configuration.reminderCapacity }
    /// The overflow notice as last sent to the system (``SchedulingMode/overflowNotice``).
    var notice: OverflowNotice?

    // MARK: - Queries

    /// The number of items known (open or completed).
    public var itemCount: Int { items.count }

    /// The state of item `id`, or `nil` if unknown.
    ///
    /// - Complexity: O(1) expected.
    public func state(of id: String) -> ReminderItemState? {
        slots.slot(of: id, in: items).map { items[Int($0)].state }
    }

    /// The number of incomplete items due at or before `time`: the badge a notification firing at `time` carries.
    ///
    /// - Complexity: O(log N).
    public func badge(at time: ReminderTime) -> Int {
        dueCount(atOrBefore: time.seconds)
    }

    /// The reminders the scheduler keeps (or, naive, has put) in the system, in (fire date, identifier)
    /// order, with their precomputed badges.
    public var window: [ScheduledReminder] {
        entries.map { ScheduledReminder(key: $0.key, badge: $0.badge, placement: .window) }
    }

    /// How many wanted reminders are held outside the window.
    ///
    /// - Complexity: O(log N + t) for t items sharing the due date of the window's last item.
    public var heldCount: Int { heldReminderCount }

    /// How many reminders the app wants: the window and the held ones.
    ///
    /// - Complexity: as ``heldCount``.
    public var wantedCount: Int { entries.count + heldReminderCount }

    /// How many reminders the app wants at `time` (window and held, as ``wantedCount``), leaving
    /// the scheduler as it is: the item reminders and snoozes firing by `time` no longer count; a
    /// repeating reminder and its badge carrier stay (each moves to its next occurrence).
    ///
    /// - Complexity: O(W + log N + f) for f reminders firing by `time`.
    public func wantedCount(at time: ReminderTime) -> Int {
        let fired = wantedReminders(after: ReminderTime(seconds: .min), through: time).count {
            $0.key.kind == .item || $0.key.kind == .snooze
        }
        return wantedCount - fired
    }

    /// Every wanted reminder firing after `lower` and at or before `upper`, window and held, in order.
    ///
    /// - Complexity: O(log W + log N + m log t) for m results, at most t items sharing a due date.
    public func wantedReminders(after lower: ReminderTime, through upper: ReminderTime) -> [ScheduledReminder] {
        var result: [ScheduledReminder] = []
        guard lower < upper else { return result }
        var index = windowIndex(firingAtOrAfter: lower + 1)
        while index < entries.count, entries[index].key.fire <= upper {
            result.append(ScheduledReminder(key: entries[index].key, badge: entries[index].badge, placement: .window))
            index += 1
        }
        guard heldReminderCount > 0 else { return result }
        for key in heldReminders(after: lower, through: upper) {
            result.append(ScheduledReminder(key: key, badge: nil, placement: .held))
        }
        return result
    }

    /// Whether the scheduler wants no reminder at all: an empty window, nothing held and no
    /// repeating reminder (a list without due dates). Then nothing fires or comes due, ever:
    /// ``hasWantedReminders(after:through:)`` is false and ``nextFire(after:)`` is `nil`.
    ///
    /// - Complexity: O(1). (Inlinable: the phone asks its harness whether it is idle at every app
    ///   run; a call across modules would copy the scheduler to pass it.)
    @inlinable
    var wantsNothing: Bool { entries.isEmpty && heldReminderCount == 0 && repeatRecords.isEmpty }

    /// Whether any wanted reminder (window or held) fires, or any occurrence of a repeating reminder
    /// comes due, after `lower` and at or before `upper`: when not, ``wantedReminders(after:through:)``
    /// and ``repeatingOccurrences(after:through:)`` are both empty.
    ///
    /// - Complexity: O(log W + log N) with no repeating reminders; O(R) more with R of them.
    public func hasWantedReminders(after lower: ReminderTime, through upper: ReminderTime) -> Bool {
        if hasQueuedReminders(after: lower, through: upper) { return true }
        return nextOccurrence(after: lower).map { $0 <= upper } ?? false
    }

    /// Whether a wanted reminder of the window or the held set fires after `lower` and at or
    /// before `upper` (the repeating reminders' occurrences aside).
    ///
    /// - Complexity: O(log W + log N).
    func hasQueuedReminders(after lower: ReminderTime, through upper: ReminderTime) -> Bool {
        guard lower < upper else { return false }
        let first = windowIndex(firingAtOrAfter: lower + 1)
        if first < entries.count, entries[first].key.fire <= upper { return true }
        return heldNextFire(after: lower).map { $0 <= upper } ?? false
    }

    /// The earliest fire date after `time` among the wanted reminders (window or held), every
    /// occurrence of a repeating reminder included: one the system does not hold (held back, or
    /// dropped) is a miss when it comes due, and a miss is an instant the simulator stops at.
    ///
    /// - Complexity: O(log W + log N + t + R) for t items sharing a due date and R repeating reminders.
    public func nextFire(after time: ReminderTime) -> ReminderTime? {
        Self.earliest(nextQueuedFire(after: time), nextOccurrence(after: time))
    }

    /// The earliest fire date after `time` among the wanted reminders of the window and the held
    /// set (the repeating reminders' occurrences aside).
    ///
    /// - Complexity: O(log W + log N + t) for t items sharing a due date.
    func nextQueuedFire(after time: ReminderTime) -> ReminderTime? {
        let first = time.seconds == .max ? entries.count : windowIndex(firingAtOrAfter: time + 1)
        let window = first < entries.count ? entries[first].key.fire : nil
        return Self.earliest(window, heldNextFire(after: time))
    }

    /// The earlier of two optional times (`nil` when both are).
    static func earliest(_ first: ReminderTime?, _ second: ReminderTime?) -> ReminderTime? {
        guard let first else { return second }
        guard let second else { return first }
        return Swift.min(first, second)
    }

    /// The incomplete items due at or before `time`, ordered by (due date, item).
    ///
    /// - Complexity: O(log N + k log k) for k overdue items.
    public func overdue(at time: ReminderTime) -> [(item: String, due: ReminderTime)] {
        var result: [(item: String, due: ReminderTime)] = []
        dueIndex.forEach(skippingWhile: { _ in false }) { key in
            guard key.due <= time.seconds else { return false }
            result.append((key.id, ReminderTime(seconds: key.due)))
            return true
        }
        return result.sorted { ($0.due, $0.item) < ($1.due, $1.item) }
    }
}

/// One run of the app, when the scheduler refilled.
public struct AppRun: Hashable, Sendable {
    public var at: ReminderTime
    public var reason: ReminderScheduler.AppRunReason

    public init(at: ReminderTime, reason: ReminderScheduler.AppRunReason) {
        self.at = at
        self.reason = reason
    }
}

/// A wanted reminder as the scheduler sees it.
public struct ScheduledReminder: Hashable, Sendable {
    /// Where the reminder is.
    public enum Placement: String, Hashable, Sendable {
        /// In the window: pending in the system (or to be added at the next refill).
        case window
        /// Held by the scheduler until the window reaches it.
        case held
    }

    public var key: ReminderKey
    /// The precomputed badge (`nil`: leaves the badge unchanged, or not computed while held).
    public var badge: Int?
    public var placement: Placement

    public var identifier: NotificationIdentifier { key.identifier }
}

/// The "Open the app to see N more reminders" notification of ``SchedulingMode/overflowNotice``.
public struct OverflowNotice: Hashable, Sendable {
    /// Its notification identifier.
    public static let identifier: NotificationIdentifier = "notice:overflow"
    /// Its category (tapping it opens the app).
    public static let categoryIdentifier = "overflowNotice"

    /// When it fires: with the last reminder of the window.
    public var fire: ReminderTime
    /// How many reminders the app holds beyond the window.
    public var heldCount: Int
    /// The badge it carries (the badge of its fire date).
    public var badge: Int

    /// The alert text.
    public var title: String {
        heldCount == 1 ? "Open the app to see 1 more reminder" : "Open the app to see \(heldCount) more reminders"
    }

    /// The request the system gets.
    public var request: NotificationRequest {
        NotificationRequest(
            identifier: Self.identifier,
            content: NotificationContent(title: title, badge: badge, categoryIdentifier: Self.categoryIdentifier),
            trigger: .once(at: fire))
    }
}

/// One occurrence of a repeating reminder coming due.
public struct RepeatingOccurrence: Hashable, Sendable {
    /// The reminder's queued key (identifier, owner; its fire date is the queued occurrence's).
    public var key: ReminderKey
    /// When this occurrence is due.
    public var due: ReminderTime
    /// Where the reminder's queued occurrence is.
    public var placement: ScheduledReminder.Placement
}

/// The lifecycle of an item as the scheduler knows it.
public enum ReminderItemState: Hashable, Sendable {
    /// Still to buy; reminded at `due` if there is one.
    case open(due: ReminderTime?)
    /// Checked off (on the phone or the watch). `due` is kept, unarmed, for a later
    /// ``ReminderScheduler/reopen(_:now:)``; changing it never re-arms the item.
    case completed(due: ReminderTime?)
    /// Taken off the list (``ReminderScheduler/removeItem(_:now:)``): it never reminds nor counts,
    /// and its due date is forgotten. Only ``ReminderScheduler/restore(_:due:now:)`` (the item is
    /// added to the list again) makes it open again.
    case removed

    /// The due date of an open item (`nil` once completed: it no longer counts or reminds).
    public var due: ReminderTime? {
        if case .open(let due) = self { return due }
        return nil
    }

    /// The due date the item has, open or completed.
    public var dueDate: ReminderTime? {
        switch self {
        case .open(let due), .completed(let due): due
        case .removed: nil
        }
    }

    public var isOpen: Bool {
        if case .open = self { return true }
        return false
    }
}

/// One item of the scheduler's list.
struct ItemRecord: Hashable, Sendable {
    var id: String
    var state: ReminderItemState

    init(id: String, state: ReminderItemState) {
        self.id = id
        self.state = state
    }
}

/// A repeating reminder ("buy bread every Saturday 9:00"): one pending slot however often it fires.
public struct RepeatingReminder: Hashable, Sendable {
    public var id: String
    public var title: String
    /// The first occurrence.
    public var start: ReminderTime
    /// Seconds between occurrences (at least 60).
    public var interval: Int64

    public init(id: String, title: String, start: ReminderTime, interval: Int64) {
        self.id = id
        self.title = title
        self.start = start
        self.interval = interval
    }

    /// The trigger the system gets.
    public var trigger: NotificationTrigger { .repeating(start: start, interval: interval) }

    /// The first occurrence strictly after `time`.
    public func nextOccurrence(after time: ReminderTime) -> ReminderTime? {
        trigger.nextFireDate(after: time)
    }
}

/// A wanted reminder that did not reach the user.
public struct MissedReminder: Hashable, Sendable {
    /// Why it was missed.
    public enum Reason: Hashable, Sendable, CustomStringConvertible {
        /// It was held outside the window and the app did not run again before it was due.
        /// `lastRun` is the last app run before the due date, `windowEnd` the window's last fire date then.
        case outsideWindow(lastRun: ReminderTime?, windowEnd: ReminderTime?)
        /// The system dropped it silently.
        case droppedBySystem(NotificationDrop.Reason, at: ReminderTime)
        /// It was wanted but never added to the system (the app did not run after it became wanted).
        case neverScheduled
        /// The user has not authorized notifications: the scheduler added nothing.
        case notAuthorized(NotificationAuthorization)

        /// A reason without its details: what reports and tallies count misses by.
        public enum Code: Int, CaseIterable, Sendable {
            case outsideWindow, droppedOverLimit, droppedFireDatePassed, droppedNotAuthorized, neverScheduled
            case notAuthorized

            /// The stable name reports print (`"droppedOverLimit"`).
            public var name: String {
                switch self {
                case .outsideWindow: "outsideWindow"
                case .droppedOverLimit: "droppedOverLimit"
                case .droppedFireDatePassed: "droppedFireDatePassed"
                case .droppedNotAuthorized: "droppedNotAuthorized"
                case .neverScheduled: "neverScheduled"
                case .notAuthorized: "notAuthorized"
                }
            }
        }

        /// This reason's code.
        public var code: Code {
            switch self {
            case .outsideWindow: .outsideWindow
            case .droppedBySystem(.overLimit, _): .droppedOverLimit
            case .droppedBySystem(.fireDatePassed, _): .droppedFireDatePassed
            case .droppedBySystem(.notAuthorized, _): .droppedNotAuthorized
            case .neverScheduled: .neverScheduled
            case .notAuthorized: .notAuthorized
            }
        }

        public var description: String {
            switch self {
            case .outsideWindow(let lastRun, let windowEnd):
                let run = lastRun.map { "the app last ran at \($0)" } ?? "the app had not run"
                let end = windowEnd.map { ", when the window ended at \($0)" } ?? ""
                return "outside the window: \(run)\(end), and did not run again to refill it before the due time"
            case .droppedBySystem(.overLimit(let retention), let at):
                return
                    "dropped silently by the system at \(at): over the 64-pending limit (retention \(retention.rawValue))"
            case .droppedBySystem(.fireDatePassed, let at):
                return "dropped silently by the system at \(at): its fire date had passed when it was added"
            case .droppedBySystem(.notAuthorized(let status), let at):
                return "dropped silently by the system at \(at): notifications are \(status.rawValue)"
            case .neverScheduled:
                return "never scheduled: the app did not run after the reminder was wanted"
            case .notAuthorized(let status):
                return "not scheduled: notifications are \(status.rawValue), so the app scheduled nothing"
            }
        }
    }

    public var key: ReminderKey
    public var reason: Reason
}

/// A request the scheduler cannot carry out.
public enum ReminderSchedulerError: Error, Hashable, Sendable, CustomStringConvertible {
    case unknownItem(String)
    case itemCompleted(String)
    case unknownRepeating(String)
    /// No delivered notification with this identifier offers the action.
    case noActionableNotification(NotificationIdentifier, action: String)
    /// The system refused a request.
    case rejected(NotificationRequestError)

    public var description: String {
        switch self {
        case .unknownItem(let id): "unknown item '\(id)'"
        case .itemCompleted(let id): "item '\(id)' is already completed"
        case .unknownRepeating(let id): "unknown repeating reminder '\(id)'"
        case .noActionableNotification(let identifier, let action):
            "no delivered notification '\(identifier)' offers the action '\(action)'"
        case .rejected(let error): error.description
        }
    }
}
