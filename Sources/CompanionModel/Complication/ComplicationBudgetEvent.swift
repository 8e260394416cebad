import SimulationKernel

/// Who asked for a complication reload.
package enum ComplicationReloadSource: String, CaseIterable, Hashable, Sendable {
    /// The watch app, running in the foreground (the pipeline's "update complication" step).
    case app
    /// A background app-refresh task (scheduled ahead by the app, PLATFORM.md §3.2).
    case backgroundRefresh
    /// The phone's `transferCurrentComplicationUserInfo` (PLATFORM.md §2.4).
    case phoneTransfer
    /// The system itself: the complication was put on the active face (or was there at the start).
    case system
    /// The system, when the last timeline's reload policy asked for a new one.
    case policy
}

/// What was asked for: a timeline reload, or the scheduling of a background refresh.
package enum ComplicationRequestKind: String, Hashable, Sendable {
    case reload
    case scheduleRefresh
}

/// Why a request was refused.
package enum ComplicationRefusal: String, CaseIterable, Hashable, Sendable {
    /// Not on the active watch face: no background refreshes, 0 transfers, nothing to reload.
    case notOnActiveFace
    /// A background refresh is already scheduled ("only one refresh task at a time").
    case refreshOutstanding
    /// Within the refresh interval of the last refresh, or over "four refresh tasks an hour".
    case backgroundRateLimit
    /// Closer to the last granted reload than the minimum reload interval.
    case tooSoon
    /// The daily reload budget is used up until the next reset.
    case budgetExhausted
    /// The daily execution-time budget is used up (ClockKit: "calls to this method do nothing").
    case executionBudgetExhausted

    /// Why a request was refused, in words (beside the stable ``rawValue`` code).
    package var message: String {
        switch self {
        case .notOnActiveFace: return "the complication is not on the active watch face"
        case .refreshOutstanding: return "a background refresh is already scheduled or running"
        case .backgroundRateLimit: return "too many background refreshes in the hour, or too soon after the last one"
        case .tooSoon: return "closer to the last granted reload than the minimum reload interval"
        case .budgetExhausted: return "the daily reload budget is used up until the next reset"
        case .executionBudgetExhausted: return "the daily execution-time budget is used up until the next reset"
        }
    }
}

/// Whether a granted reload used up one unit of the daily budget.
package enum ComplicationCharge: String, Hashable, Sendable {
    case charged
    /// Not counted: a foreground reload under WidgetKit rules, a system reload, or a schedule request.
    case free
}

/// The decision on one request.
package enum ComplicationRequestOutcome: Hashable, Sendable {
    case granted(ComplicationCharge)
    case refused(ComplicationRefusal)
    /// Asked for within the minimum reload interval under rules that defer it
    /// (``ComplicationBudgetSettings/TooSoonReloads/deferred``): it comes at `until`, with its own record.
    case deferred(until: SimTime)

    package var isGranted: Bool {
        if case .granted = self { return true }
        return false
    }

    /// The refusal reason, if refused.
    package var refusal: ComplicationRefusal? {
        if case .refused(let reason) = self { return reason }
        return nil
    }

    /// When the reload comes, if it was deferred.
    package var deferredUntil: SimTime? {
        if case .deferred(let until) = self { return until }
        return nil
    }
}

/// One request as recorded: when, from whom, the decision, and the budget after it.
package struct ComplicationRequestRecord: Hashable, Sendable {
    package var at: SimTime
    package var source: ComplicationReloadSource
    package var kind: ComplicationRequestKind
    package var outcome: ComplicationRequestOutcome
    /// Reloads the budget still pays for after this request (``ComplicationBudget/reloadsLeft``;
    /// `Int.max` without a budget).
    package var budgetLeft: Int
    /// The phone's complication transfers left when the request was decided, as the link (their
    /// one owner) counts them; `nil` for a model used without a link.
    package var transfersLeft: Int?
    /// When the budget next resets.
    package var nextReset: SimTime
    /// For a refused background-refresh schedule: the earliest preferred date that would be accepted.
    package var retryAt: SimTime?
    /// With an execution budget: the execution time left after this request (0 once used up).
    package var executionLeft: SimDuration?
    /// With an execution budget: what a granted reload was charged (its work on this watch).
    package var cost: SimDuration?
    /// For a reload the timeline's policy asked for: what it asked, what it got, and why.
    package var policy: ComplicationPolicyGrant?
    /// For a deferred reload that comes now: when it was first asked for.
    package var deferredFrom: SimTime?
}

/// Whether the complication is on the watch face the user is wearing; the raw value is the name
/// traces use (`"onActiveFace"`).
package enum ComplicationFacePresence: String, Hashable, Sendable {
    case onActiveFace
    case notOnActiveFace

    /// Whether the phone gets a daily complication transfer budget (only on the active face).
    package var allowsTransfers: Bool { self == .onActiveFace }
}

/// An input to ``ComplicationBudget/reduce(_:)``.
package enum ComplicationBudgetEvent: Hashable, Sendable {
    /// The app asks for a reload ("update complication" step, data from the phone, a step), in
    /// its run state as its lifecycle has it (only a foreground reload may be free).
    case appReload(at: SimTime, app: AppRunState)
    /// The app schedules a background refresh for `preferred`.
    case scheduleBackgroundRefresh(at: SimTime, preferred: SimTime)
    /// The scheduled background refresh wakes the app; its task starts (ignored unless one is
    /// scheduled for this time or earlier).
    case backgroundRefreshWoke(at: SimTime)
    /// The background task ended: completed (it asks for a reload) or terminated by the system.
    case backgroundTaskEnded(at: SimTime, result: BackgroundTaskResult)
    /// The system reload the policy asked for is due (ignored unless one is planned by then).
    case policyReloadDue(at: SimTime)
    /// The deferred reload is due (ignored unless one is pending by then).
    case deferredReloadDue(at: SimTime)
    /// A complication transfer the link found budget for arrives; it asks for a reload.
    case phoneTransfer(at: SimTime)
    /// The user put the complication on the active face or took it off.
    case faceChanged(at: SimTime, to: ComplicationFacePresence)

    /// When the event happens.
    package var time: SimTime {
        switch self {
        case .appReload(let at, _), .scheduleBackgroundRefresh(let at, _), .backgroundRefreshWoke(let at),
            .backgroundTaskEnded(let at, _), .policyReloadDue(let at),
            .deferredReloadDue(let at), .phoneTransfer(let at), .faceChanged(let at, _):
            return at
        }
    }
}

/// What the driver must do after ``ComplicationBudget/reduce(_:)``.
package enum ComplicationBudgetEffect: Hashable, Sendable {
    /// Keep this record (every request yields exactly one).
    case record(ComplicationRequestRecord)
    /// Build and install a fresh timeline now (the request was granted).
    case reloadTimeline(at: SimTime, source: ComplicationReloadSource)
    /// Wake the app for its background refresh at this time.
    case wakeForBackgroundRefresh(at: SimTime)
    /// Run the background task of the refresh that woke the app (then report its end).
    case runBackgroundTask(at: SimTime)
    /// A background task ended (every task yields exactly one).
    case backgroundTaskRecord(BackgroundTaskRecord)
    /// Reload by policy at ``ComplicationPolicyGrant/grantedFor`` (replaces any planned one).
    case schedulePolicyReload(ComplicationPolicyGrant)
    /// Reload at this time, a request deferred to the earliest allowed time (replaces any planned).
    case scheduleDeferredReload(at: SimTime)
    /// A daily budget ran out at this time (the first time in its budget day).
    case budgetExhausted(at: SimTime, ComplicationExhaustedBudget)
    /// Drop the planned wake of this kind: the complication left the active face, a granted
    /// reload brought what the deferred one was for, or a new timeline's policy asks for none.
    case cancel(ComplicationWake)
    /// The daily budgets were refilled at this time.
    case budgetReset(at: SimTime)
}

/// The kinds of wake the budget plans, at most one pending of each: the app's background
/// refresh (its wake, then its task's end), the policy reload and the deferred reload.
package enum ComplicationWake: Int, CaseIterable, Sendable { case refresh, policyReload, deferredReload }

/// Which daily budget ran out.
package enum ComplicationExhaustedBudget: String, Hashable, Sendable {
    /// The reload count (WidgetKit's "40 to 70 refreshes").
    case reloads
    /// The execution time (ClockKit).
    case execution
}
