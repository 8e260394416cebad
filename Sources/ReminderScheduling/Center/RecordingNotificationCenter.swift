/// An in-memory notification center for tests and examples: the platform's rules are
/// ``SimulatedNotificationCenter``'s (64 pending, silent drops, replacement by identifier, no
/// delivery without permission), every call is recorded in ``calls``, and ``faults`` inject
/// refused adds, stale pending lists and a kill between two adds. Time moves only through
/// ``advance(to:)``, which returns the deliveries with the app badge after each.
public actor RecordingNotificationCenter: AsyncNotificationCenter {
    /// The simulated system behind the fake.
    public private(set) var system: SimulatedNotificationCenter
    /// Every call the app made, in order.
    public private(set) var calls: [NotificationCenterCall] = []
    /// The faults still to inject.
    public var faults = NotificationFaults()
    /// The badge setting reported (with the simulated center's authorization).
    public private(set) var badgeSetting: NotificationSettings.Setting = .enabled
    /// Whether the app is dead (``NotificationFaults/killAfterAdds`` ran out) until ``relaunch()``.
    public private(set) var isKilled = false
    private var lastPendingRead: [NotificationRequest] = []

    /// Creates an empty, authorized center at `now` with the 64-request limit.
    public init(now: ReminderTime, limit: Int = PlatformRules.defaultLimit) {
        system = SimulatedNotificationCenter(now: now, limit: limit)
    }

    // MARK: - AsyncNotificationCenter

    /// Adds `request` to the simulated system (see ``faults``).
    public func add(_ request: NotificationRequest) async throws {
        guard !isKilled else {
            calls.append(.add(request.identifier, succeeded: false))
            throw RecordingCenterError.killed
        }
        if faults.refusedAdds > 0 {
            faults.refusedAdds -= 1
            calls.append(.add(request.identifier, succeeded: false))
            throw RecordingCenterError.addRefused(request.identifier)
        }
        try system.add(request)
        calls.append(.add(request.identifier, succeeded: true))
        if let left = faults.killAfterAdds {
            faults.killAfterAdds = left - 1
            if left <= 1 {
                isKilled = true
                faults.killAfterAdds = nil
            }
        }
    }

    /// Removes pending requests (nothing once killed).
    public func removePendingNotificationRequests(withIdentifiers identifiers: [String]) async {
        calls.append(.remove(identifiers))
        guard !isKilled else { return }
        system.removePendingRequests(withIdentifiers: identifiers)
    }

    /// The pending requests, or the previous read's list while ``NotificationFaults/stalePendingReads`` lasts.
    public func pendingNotificationRequests() async -> [NotificationRequest] {
        let result: [NotificationRequest]
        if faults.stalePendingReads > 0 {
            faults.stalePendingReads -= 1
            result = lastPendingRead
        } else {
            result = system.pendingRequests()
            lastPendingRead = result
        }
        calls.append(.readPending(count: result.count))
        return result
    }

    /// Sets the simulated app badge.
    public func setBadgeCount(_ newBadgeCount: Int) async throws {
        calls.append(.setBadge(newBadgeCount))
        guard !isKilled else { throw RecordingCenterError.killed }
        system.setBadgeCount(newBadgeCount)
    }

    /// The simulated permission and ``badgeSetting``.
    public func notificationSettings() async -> NotificationSettings {
        calls.append(.readSettings)
        return NotificationSettings(authorization: system.authorizationStatus, badges: badgeSetting)
    }

    /// Registers the categories with the simulated system.
    public func setNotificationCategories(_ categories: Set<NotificationCategory>) async {
        calls.append(.setCategories(categories.map(\.identifier).sorted()))
        for category in categories { system.register(category) }
    }

    // MARK: - The test's hands

    /// Sets the faults to inject from now on.
    public func inject(_ faults: NotificationFaults) {
        self.faults = faults
    }

    /// The app starts again after a kill: calls reach the system again.
    public func relaunch() {
        isKilled = false
    }

    /// The user changes the app's permission or badge setting in Settings.
    public func setSettings(_ settings: NotificationSettings) {
        system.setAuthorization(settings.authorization)
        badgeSetting = settings.badges
    }

    /// Other code of the app schedules `request` directly (not through the reconciler).
    public func addForeign(_ request: NotificationRequest) throws {
        try system.add(request)
    }

    /// The system drops these pending requests silently (as it may over its limit).
    public func drop(_ identifiers: [NotificationIdentifier]) {
        system.removePendingRequests(withIdentifiers: identifiers)
    }

    /// Forgets the recorded calls.
    public func clearCalls() {
        calls.removeAll()
    }

    /// The pending requests now (no fault applies, nothing is recorded).
    public var pending: [NotificationRequest] { system.pendingRequests() }

    /// The app icon badge now.
    public var badge: Int { system.badge }

    /// Moves time to `time`, delivering what fires, in order.
    public func advance(to time: ReminderTime) -> [NotificationDelivery] {
        system.advance(to: time)
    }
}
