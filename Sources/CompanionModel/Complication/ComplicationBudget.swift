import SimulationKernel

/// The complication's refresh budget as a state machine: every reload or background-refresh
/// request goes through ``reduce(_:)``, which grants or refuses it and says why.
///
/// Checks, in order (the first that fails is the refusal reason):
/// - app reload: `notOnActiveFace`, `tooSoon`, `budgetExhausted`, `executionBudgetExhausted`
///   (the last two skipped when the reload is free: foreground under WidgetKit rules); under
///   WidgetKit rules a `tooSoon` reload is deferred to the earliest allowed time instead of
///   refused (``ComplicationBudgetSettings/tooSoonReloads``), and decided then;
/// - schedule background refresh: `notOnActiveFace`, `refreshOutstanding`, `backgroundRateLimit`
///   (free: the task asks for its reload when it completes, not when terminated);
/// - policy reload (WidgetKit): planned when a timeline is installed, moved later by the minimum
///   interval or by pacing (``ComplicationPolicyGrant``); charged like a background reload;
/// - phone transfer: `notOnActiveFace`, `tooSoon`, then the budgets (the transfer's own daily
///   budget is the link's alone, ``ComplicationTransferBudget``).
///
/// Budgets refill at ``ComplicationBudgetSettings/firstReset`` and every
/// ``ComplicationBudgetSettings/resetPeriod`` after it, before the first event at or after that moment.
package struct ComplicationBudget: Hashable, Sendable {
    /// The background-refresh lifecycle while on the active face.
    package enum BackgroundRefresh: Hashable, Sendable {
        case idle
        /// A refresh is scheduled for `wakeAt` (the driver may wake the app later, ``BackgroundRefreshTiming``).
        case scheduled(wakeAt: SimTime)
        /// The app is awake and its background task is running; the refresh was granted for `preferred`.
        case running(preferred: SimTime)
    }

    /// Where the complication is, and (only when it is on the face) its background refresh.
    package enum Phase: Hashable, Sendable {
        case notOnActiveFace
        case onActiveFace(BackgroundRefresh)

        package var presence: ComplicationFacePresence {
            if case .onActiveFace = self { return .onActiveFace }
            return .notOnActiveFace
        }
    }

    /// A reload asked for too soon, waiting for the earliest allowed time
    /// (``ComplicationBudgetSettings/TooSoonReloads/deferred``): due at `due`, first asked for at
    /// `askedAt` by `source`; free when any request folded into it was a free one.
    package struct DeferredReload: Hashable, Sendable {
        package var due: SimTime
        package var askedAt: SimTime
        package var source: ComplicationReloadSource
        package var charge: ComplicationCharge
    }

    package let settings: ComplicationBudgetSettings
    /// What one charged reload costs on this watch (``ComplicationBudgetSettings/reloadWork`` scaled).
    package let reloadCost: SimDuration
    package private(set) var phase: Phase
    /// The system reload a WidgetKit timeline's policy asked for (`nil`: none planned, always so
    /// under ClockKit rules, with `never`, or off the active face).
    package private(set) var policyReload: ComplicationPolicyGrant?
    /// The reload deferred to the earliest allowed time (always `nil` off the active face).
    package private(set) var deferredReload: DeferredReload?
    /// Reloads left by count in the current budget day (`nil` without a count).
    package private(set) var countLeft: Int?
    /// Execution time left in the current budget day (`nil` without an execution budget).
    package private(set) var executionLeft: SimDuration?
    package private(set) var nextReset: SimTime
    /// The last granted reload (any source).
    package private(set) var lastGrantedReload: SimTime?
    /// Background refresh wake times within the last hour, oldest first.
    package private(set) var recentWakes: [SimTime] = []

    package init(
        settings: ComplicationBudgetSettings = ComplicationBudgetSettings(), presence: ComplicationFacePresence,
        chip: WatchChip = .s1
    ) {
        self.settings = settings
        self.reloadCost = settings.reloadWork.duration(on: chip)
        self.phase = presence == .onActiveFace ? .onActiveFace(.idle) : .notOnActiveFace
        self.nextReset = settings.firstReset
        refill()
    }

    /// Fills the daily budgets.
    private mutating func refill() {
        (countLeft, executionLeft) = (settings.dailyReloads, settings.dailyExecution)
    }

    /// Reloads the budget still pays for: the count left, or the reloads of ``reloadCost`` the
    /// execution time left allows (a reload runs while any time is left), the smaller of the two.
    package var reloadsLeft: Int {
        ComplicationBudget.reloads(count: countLeft, execution: executionLeft, cost: reloadCost)
    }

    /// The reloads (``reloadsLeft``) and execution time (`nil` without an execution budget) left at
    /// `time`, counting a reset due by then that no event has applied yet: the day's full budgets.
    package func left(at time: SimTime) -> (reloads: Int, execution: SimDuration?) {
        let (count, execution) =
            time >= nextReset ? (settings.dailyReloads, settings.dailyExecution) : (countLeft, executionLeft)
        return (ComplicationBudget.reloads(count: count, execution: execution, cost: reloadCost), execution)
    }

    /// The first budget reset strictly after `time`, from the settings' schedule alone (O(1)).
    package func reset(after time: SimTime) -> SimTime {
        let first = settings.firstReset
        guard time >= first else { return first }
        let periods = (time - first).nanoseconds / settings.resetPeriod.nanoseconds + 1
        let (span, overflow) = settings.resetPeriod.nanoseconds.multipliedReportingOverflow(by: periods)
        return overflow ? .distantFuture : first + SimDuration(nanoseconds: span)
    }

    /// Applies one event; returns the records and actions for the driver.
    ///
    /// - Complexity: O(*w*) where *w* is the number of background wakes in the last hour (at most
    ///   ``ComplicationBudgetSettings/backgroundRefreshesPerHour`` + 1); resets passed since the
    ///   last event cost O(1) together.
    package mutating func reduce(_ event: ComplicationBudgetEvent) -> [ComplicationBudgetEffect] {
        var effects = resetIfDue(at: event.time)
        switch event {
        case .appReload(let at, let app):
            // Only a reload asked for in the foreground may be free (WidgetKit: "the containing
            // app is in the foreground"); a background one is always charged.
            effects += reload(at: at, source: .app, charge: app.isForeground ? settings.foregroundReloads : .charged)
        case .scheduleBackgroundRefresh(let at, let preferred):
            effects += schedule(at: at, preferred: max(preferred, at))
        case .backgroundRefreshWoke(let at):
            guard case .onActiveFace(.scheduled(let wakeAt)) = phase, at >= wakeAt else { return effects }
            phase = .onActiveFace(.running(preferred: wakeAt))
            let keep = settings.backgroundRefreshesPerHour
            recentWakes = Array(recentWakes.filter { at - $0 < .hours(1) }.suffix(keep)) + [at]
            effects.append(.runBackgroundTask(at: at))
        case .backgroundTaskEnded(let at, let result):
            var preferred: SimTime?
            if case .onActiveFace(.running(let wakeAt)) = phase {
                preferred = wakeAt
                phase = .onActiveFace(.idle)
            }
            let started = SimTime(nanoseconds: at.nanoseconds &- result.duration.nanoseconds)
            effects.append(
                .backgroundTaskRecord(BackgroundTaskRecord(startedAt: started, result: result, preferredAt: preferred)))
            if case .completed = result { effects += reload(at: at, source: .backgroundRefresh, charge: .charged) }
        case .policyReloadDue(let at):
            guard let grant = policyReload, at >= grant.grantedFor, phase.presence == .onActiveFace else {
                return effects
            }
            policyReload = nil
            let outcome = reload(at: at, source: .policy, charge: .charged, policy: grant)
            effects += outcome
            if !outcome.contains(.reloadTimeline(at: at, source: .policy)) {
                // Refused for lack of budget: ask again when it refills.
                let retry = ComplicationPolicyGrant.decide(
                    at: at, askedFor: grant.askedFor, minimumInterval: .zero, reloadsLeft: 0,
                    nextReset: reset(after: at))
                policyReload = retry
                effects.append(.schedulePolicyReload(retry))
            }
        case .deferredReloadDue(let at):
            guard let deferred = deferredReload, at >= deferred.due, phase.presence == .onActiveFace else {
                return effects
            }
            deferredReload = nil
            effects += reload(at: at, source: deferred.source, charge: deferred.charge, deferredFrom: deferred.askedAt)
        case .phoneTransfer(let at):
            effects += reload(at: at, source: .phoneTransfer, charge: .charged)
        case .faceChanged(let at, let presence):
            switch (phase, presence) {
            case (.notOnActiveFace, .onActiveFace):
                phase = .onActiveFace(.idle)
                effects += reload(at: at, source: .system, charge: .free)
            case (.onActiveFace(let refresh), .notOnActiveFace):
                phase = .notOnActiveFace
                if case .scheduled = refresh { effects.append(.cancel(.refresh)) }
                if policyReload.take() != nil { effects.append(.cancel(.policyReload)) }
                if deferredReload.take() != nil { effects.append(.cancel(.deferredReload)) }
            case (.notOnActiveFace, .notOnActiveFace), (.onActiveFace, .onActiveFace):
                break  // Already there: nothing changes.
            }
        }
        return effects
    }

    private mutating func resetIfDue(at time: SimTime) -> [ComplicationBudgetEffect] {
        guard time >= nextReset else { return [] }
        let following = reset(after: time)
        let latest = SimTime(nanoseconds: following.nanoseconds &- settings.resetPeriod.nanoseconds)
        refill()
        nextReset = following
        return [.budgetReset(at: max(latest, settings.firstReset))]
    }

    private mutating func reload(
        at time: SimTime, source: ComplicationReloadSource, charge: ComplicationCharge,
        policy: ComplicationPolicyGrant? = nil, deferredFrom: SimTime? = nil
    ) -> [ComplicationBudgetEffect] {
        if phase.presence == .notOnActiveFace {
            return [record(time, source, .reload, .refused(.notOnActiveFace), policy: policy)]
        }
        if source != .system, source != .policy, let last = lastGrantedReload, settings.minimumReloadInterval > .zero,
            time - last < settings.minimumReloadInterval
        {
            switch settings.tooSoonReloads {
            case .refused:
                return [record(time, source, .reload, .refused(.tooSoon))]
            case .deferred:
                return deferReload(
                    at: time, until: last + settings.minimumReloadInterval, source: source,
                    charge: charge, askedAt: deferredFrom ?? time)
            }
        }
        var effects: [ComplicationBudgetEffect] = []
        var cost: SimDuration?
        if charge == .charged {
            if let count = countLeft, count <= 0 {
                return [record(time, source, .reload, .refused(.budgetExhausted), policy: policy)]
            }
            if let left = executionLeft, left <= .zero {
                return [record(time, source, .reload, .refused(.executionBudgetExhausted), policy: policy)]
            }
            if let count = countLeft {
                countLeft = count - 1
                if count == 1 { effects.append(.budgetExhausted(at: time, .reloads)) }
            }
            if let left = executionLeft {
                cost = reloadCost
                executionLeft = max(.zero, left - reloadCost)
                if left <= reloadCost { effects.append(.budgetExhausted(at: time, .execution)) }
            }
        }
        lastGrantedReload = time
        // This reload brings everything a deferred request asked for: that one is done.
        if deferredReload.take() != nil { effects.append(.cancel(.deferredReload)) }
        let granted = record(
            time, source, .reload, .granted(charge), cost: cost, policy: policy, deferredFrom: deferredFrom)
        return [granted] + effects + [.reloadTimeline(at: time, source: source)]
    }

    /// Folds a request made too soon into the reload deferred to `due` (planning it if none is pending).
    private mutating func deferReload(
        at time: SimTime, until due: SimTime, source: ComplicationReloadSource, charge: ComplicationCharge,
        askedAt: SimTime
    ) -> [ComplicationBudgetEffect] {
        guard let planned = deferredReload?.due else {
            deferredReload = DeferredReload(due: due, askedAt: askedAt, source: source, charge: charge)
            return [record(time, source, .reload, .deferred(until: due)), .scheduleDeferredReload(at: due)]
        }
        if charge == .free { deferredReload?.charge = .free }
        return [record(time, source, .reload, .deferred(until: planned))]
    }

    /// A timeline whose last entry is dated `lastEntry` was installed at `time` (after a granted
    /// reload, ``ComplicationBudgetEffect/reloadTimeline(at:source:)``): under a reload policy the
    /// system plans its next reload, replacing the one planned (none planned: its cancellation).
    package mutating func timelineInstalled(at time: SimTime, lastEntry: SimTime) -> [ComplicationBudgetEffect] {
        guard phase.presence == .onActiveFace, let policy = settings.reloadPolicy,
            let asked = policy.requestedReload(reloadedAt: time, lastEntry: lastEntry)
        else {
            return policyReload.take() == nil ? [] : [.cancel(.policyReload)]
        }
        let grant = ComplicationPolicyGrant.decide(
            at: time, askedFor: asked, minimumInterval: settings.minimumReloadInterval, reloadsLeft: countLeft,
            nextReset: nextReset)
        policyReload = grant
        return [.schedulePolicyReload(grant)]
    }

    private mutating func schedule(at time: SimTime, preferred: SimTime) -> [ComplicationBudgetEffect] {
        switch phase {
        case .notOnActiveFace:
            return [record(time, .backgroundRefresh, .scheduleRefresh, .refused(.notOnActiveFace))]
        case .onActiveFace(.scheduled), .onActiveFace(.running):
            return [record(time, .backgroundRefresh, .scheduleRefresh, .refused(.refreshOutstanding))]
        case .onActiveFace(.idle):
            let earliest = earliestRefresh(after: time)
            guard preferred >= earliest else {
                return [
                    record(
                        time, .backgroundRefresh, .scheduleRefresh, .refused(.backgroundRateLimit), retryAt: earliest)
                ]
            }
            phase = .onActiveFace(.scheduled(wakeAt: preferred))
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
        if let last = recentWakes.last {
            earliest = max(earliest, last + settings.backgroundRefreshInterval)
        }
        let perHour = settings.backgroundRefreshesPerHour
        if recentWakes.count >= perHour {
            earliest = max(earliest, recentWakes[recentWakes.count - perHour] + .hours(1))
        }
        return earliest
    }

    private func record(
        _ time: SimTime, _ source: ComplicationReloadSource, _ kind: ComplicationRequestKind,
        _ outcome: ComplicationRequestOutcome, retryAt: SimTime? = nil, cost: SimDuration? = nil,
        policy: ComplicationPolicyGrant? = nil, deferredFrom: SimTime? = nil
    ) -> ComplicationBudgetEffect {
        .record(
            ComplicationRequestRecord(
                at: time, source: source, kind: kind, outcome: outcome, budgetLeft: reloadsLeft,
                nextReset: nextReset, retryAt: retryAt, executionLeft: executionLeft,
                cost: cost, policy: policy, deferredFrom: deferredFrom))
    }

    /// Reloads a count and an execution allowance pay for (`Int.max` with neither).
    static func reloads(count: Int?, execution: SimDuration?, cost: SimDuration) -> Int {
        // A free reload (cost 0) is never limited by the time left, while any is left.
        guard let execution, execution <= .zero || cost > .zero else { return count ?? .max }
        let byTime = execution <= .zero ? 0 : Int((execution.nanoseconds - 1) / cost.nanoseconds + 1)
        return min(count ?? .max, byTime)
    }
}

extension ComplicationBudget: StorageAdopting {
    /// Keeps this budget in `old`'s storage for recent wakes (``StorageAdopting``).
    package mutating func adoptStorage(of old: inout ComplicationBudget) {
        recentWakes.adoptStorage(of: &old.recentWakes)
    }
}
