import SimulationKernel

/// The complication's refresh budget as a state machine: every reload or background-refresh
/// request goes through ``reduce(_:)``, which grants or refuses it and says why.
///
/// ```swift
/// var budget = ComplicationBudget(settings: .clockKit, presence: .onActiveFace)
/// let effects = budget.reduce(.appReload(at: SimTime(offset: .minutes(3))))
/// // [.record(granted, budgetLeft 49), .reloadTimeline(at: +3m, source: .app)]
/// ```
///
/// Checks, in order (the first that fails is the refusal reason):
/// - app reload: `notOnActiveFace`, `tooSoon`, `budgetExhausted` (skipped when foreground reloads are free);
/// - schedule background refresh: `notOnActiveFace`, `refreshOutstanding`, `backgroundRateLimit`
///   (granting costs nothing: the reload happens when the refresh wakes);
/// - background refresh wake: `tooSoon`, `budgetExhausted`;
/// - phone transfer: `notOnActiveFace`, `transferBudgetExhausted` (otherwise the transfer is used
///   up even if the reload it asks for is then refused), `tooSoon`, `budgetExhausted`.
///
/// Budgets refill at ``ComplicationBudgetSettings/firstReset`` and every
/// ``ComplicationBudgetSettings/resetPeriod`` after it, before the first event at or after that moment.
public struct ComplicationBudget: Hashable, Sendable {
    /// The background-refresh lifecycle while on the active face.
    public enum BackgroundRefresh: Hashable, Sendable {
        case idle
        /// A refresh is scheduled (outstanding) and will wake the app at `wakeAt`.
        case scheduled(requestedAt: SimTime, wakeAt: SimTime)
    }

    /// Where the complication is, and (only when it is on the face) its background refresh.
    public enum Phase: Hashable, Sendable {
        case notOnActiveFace
        case onActiveFace(BackgroundRefresh)

        public var presence: ComplicationFacePresence {
            if case .onActiveFace = self { return .onActiveFace }
            return .notOnActiveFace
        }

        /// The wake time of the outstanding background refresh, if one is scheduled.
        public var outstandingRefresh: SimTime? {
            if case .onActiveFace(.scheduled(_, let wakeAt)) = self { return wakeAt }
            return nil
        }
    }

    public let settings: ComplicationBudgetSettings
    public private(set) var phase: Phase
    /// Reloads left in the current budget day.
    public private(set) var reloadsLeft: Int
    /// Phone transfers left today (counted even while off the face; reported as 0 there).
    private var transferAllowance: Int
    public private(set) var nextReset: SimTime
    /// The last granted reload (any source).
    public private(set) var lastGrantedReload: SimTime?
    /// Background refresh wake times within the last hour (oldest first).
    public private(set) var recentWakes: [SimTime]

    public init(settings: ComplicationBudgetSettings = .clockKit, presence: ComplicationFacePresence) {
        self.settings = settings
        self.phase = presence == .onActiveFace ? .onActiveFace(.idle) : .notOnActiveFace
        self.reloadsLeft = max(0, settings.dailyReloads)
        self.transferAllowance = max(0, settings.dailyTransfers)
        self.nextReset = settings.firstReset
        self.lastGrantedReload = nil
        self.recentWakes = []
    }

    /// Transfers the phone may still make today: 0 when not on the active face (PLATFORM.md §2.4).
    public var transfersLeft: Int { phase.presence == .onActiveFace ? transferAllowance : 0 }

    /// Reloads and transfers left at `time`, counting resets due by then that no event has applied yet.
    public func allowance(at time: SimTime) -> (reloads: Int, transfers: Int) {
        guard settings.resetPeriod > .zero, time >= nextReset else { return (reloadsLeft, transfersLeft) }
        return (max(0, settings.dailyReloads), phase.presence == .onActiveFace ? max(0, settings.dailyTransfers) : 0)
    }

    /// Whether a charged reload would be refused now for lack of budget.
    public var isExhausted: Bool { reloadsLeft == 0 }

    /// Applies one event; returns the records and actions for the driver.
    ///
    /// - Complexity: O(*k*) where *k* is the number of budget resets passed since the last event
    ///   plus the number of recent background wakes (at most a handful).
    public mutating func reduce(_ event: ComplicationBudgetEvent) -> [ComplicationBudgetEffect] {
        var effects = resetIfDue(at: event.time)
        switch event {
        case .appReload(let at):
            effects += reload(at: at, source: .app, charge: settings.foregroundReloads == .free ? .free : .charged)
        case .scheduleBackgroundRefresh(let at, let preferred):
            effects += schedule(at: at, preferred: max(preferred, at))
        case .backgroundRefreshWoke(let at):
            guard case .onActiveFace(.scheduled(_, let wakeAt)) = phase, at >= wakeAt else { return effects }
            phase = .onActiveFace(.idle)
            recentWakes = recentWakes.filter { at - $0 < .hours(1) } + [at]
            effects += reload(at: at, source: .backgroundRefresh, charge: .charged)
        case .phoneTransfer(let at):
            if phase.presence == .notOnActiveFace {
                effects.append(record(at, .phoneTransfer, .reload, .refused(.notOnActiveFace)))
            } else if transferAllowance == 0 {
                effects.append(record(at, .phoneTransfer, .reload, .refused(.transferBudgetExhausted)))
            } else {
                transferAllowance -= 1
                effects += reload(at: at, source: .phoneTransfer, charge: .charged)
            }
        case .faceChanged(let at, let presence):
            switch (phase, presence) {
            case (.notOnActiveFace, .onActiveFace):
                phase = .onActiveFace(.idle)
                effects += reload(at: at, source: .system, charge: .free)
            case (.onActiveFace(let refresh), .notOnActiveFace):
                phase = .notOnActiveFace
                if case .scheduled = refresh { effects.append(.cancelBackgroundRefresh) }
            default:
                break
            }
        }
        return effects
    }

    private mutating func resetIfDue(at time: SimTime) -> [ComplicationBudgetEffect] {
        guard settings.resetPeriod > .zero else { return [] }
        var effects: [ComplicationBudgetEffect] = []
        while time >= nextReset {
            reloadsLeft = max(0, settings.dailyReloads)
            transferAllowance = max(0, settings.dailyTransfers)
            effects.append(.budgetReset(at: nextReset))
            nextReset = nextReset + settings.resetPeriod
        }
        return effects
    }

    private mutating func reload(
        at time: SimTime, source: ComplicationReloadSource, charge: ComplicationCharge
    ) -> [ComplicationBudgetEffect] {
        if phase.presence == .notOnActiveFace {
            return [record(time, source, .reload, .refused(.notOnActiveFace))]
        }
        if source != .system, let last = lastGrantedReload, settings.minimumReloadInterval > .zero,
            time - last < settings.minimumReloadInterval
        {
            return [record(time, source, .reload, .refused(.tooSoon))]
        }
        if charge == .charged {
            guard reloadsLeft > 0 else { return [record(time, source, .reload, .refused(.budgetExhausted))] }
            reloadsLeft -= 1
        }
        lastGrantedReload = time
        return [record(time, source, .reload, .granted(charge)), .reloadTimeline(at: time, source: source)]
    }

    private mutating func schedule(at time: SimTime, preferred: SimTime) -> [ComplicationBudgetEffect] {
        switch phase {
        case .notOnActiveFace:
            return [record(time, .backgroundRefresh, .scheduleRefresh, .refused(.notOnActiveFace))]
        case .onActiveFace(.scheduled):
            return [record(time, .backgroundRefresh, .scheduleRefresh, .refused(.refreshOutstanding))]
        case .onActiveFace(.idle):
            let earliest = earliestRefresh(after: time)
            guard preferred >= earliest else {
                return [
                    record(
                        time, .backgroundRefresh, .scheduleRefresh, .refused(.backgroundRateLimit), retryAt: earliest)
                ]
            }
            phase = .onActiveFace(.scheduled(requestedAt: time, wakeAt: preferred))
            return [
                record(time, .backgroundRefresh, .scheduleRefresh, .granted(.free)),
                .wakeForBackgroundRefresh(at: preferred),
            ]
        }
    }

    /// The earliest wake allowed: at least the refresh interval after the last wake, and not
    /// while the hour before it already holds `backgroundRefreshesPerHour` wakes.
    private func earliestRefresh(after time: SimTime) -> SimTime {
        var earliest = time
        if let last = recentWakes.last { earliest = max(earliest, last + settings.backgroundRefreshInterval) }
        let perHour = max(1, settings.backgroundRefreshesPerHour)
        if recentWakes.count >= perHour {
            earliest = max(earliest, recentWakes[recentWakes.count - perHour] + .hours(1))
        }
        return earliest
    }

    private func record(
        _ time: SimTime, _ source: ComplicationReloadSource, _ kind: ComplicationRequestKind,
        _ outcome: ComplicationRequestOutcome, retryAt: SimTime? = nil
    ) -> ComplicationBudgetEffect {
        .record(
            ComplicationRequestRecord(
                at: time, source: source, kind: kind, outcome: outcome, budgetLeft: reloadsLeft,
                transfersLeft: transfersLeft, nextReset: nextReset, retryAt: retryAt))
    }
}
