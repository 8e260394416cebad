import SimulationKernel

/// Who asked for a complication reload.
public enum ComplicationReloadSource: String, CaseIterable, Hashable, Sendable {
    /// The watch app, running in the foreground (the pipeline's "update complication" step).
    case app
    /// A background app-refresh task (scheduled ahead by the app, PLATFORM.md §3.2).
    case backgroundRefresh
    /// The phone's `transferCurrentComplicationUserInfo` (PLATFORM.md §2.4).
    case phoneTransfer
    /// The system itself: the complication was put on the active face (or was there at the start).
    case system
}

/// What was asked for: a timeline reload, or the scheduling of a background refresh.
public enum ComplicationRequestKind: String, Hashable, Sendable {
    case reload
    case scheduleRefresh
}

/// Why a request was refused.
public enum ComplicationRefusal: String, CaseIterable, Hashable, Sendable {
    /// The complication is not on the active watch face: no background refreshes, 0 transfers,
    /// and nothing to reload.
    case notOnActiveFace
    /// A background refresh is already scheduled ("only one refresh task at a time").
    case refreshOutstanding
    /// The preferred date is within the refresh interval of the last refresh, or the hour
    /// before it already holds the hourly maximum ("four refresh tasks an hour").
    case backgroundRateLimit
    /// The phone has used its 50 complication transfers for the day.
    case transferBudgetExhausted
    /// Closer to the last granted reload than the minimum reload interval.
    case tooSoon
    /// The daily reload budget is used up until the next reset.
    case budgetExhausted
}

/// Whether a granted reload used up one unit of the daily budget.
public enum ComplicationCharge: String, Hashable, Sendable {
    case charged
    /// Not counted: a foreground reload under WidgetKit rules, a system reload, or a schedule request.
    case free
}

/// The decision on one request.
public enum ComplicationRequestOutcome: Hashable, Sendable {
    case granted(ComplicationCharge)
    case refused(ComplicationRefusal)

    public var isGranted: Bool {
        if case .granted = self { return true }
        return false
    }

    /// The refusal reason, if refused.
    public var refusal: ComplicationRefusal? {
        if case .refused(let reason) = self { return reason }
        return nil
    }
}

/// One request as recorded: when, from whom, the decision, and the budget after it.
public struct ComplicationRequestRecord: Hashable, Sendable {
    public var at: SimTime
    public var source: ComplicationReloadSource
    public var kind: ComplicationRequestKind
    public var outcome: ComplicationRequestOutcome
    /// Reloads left in the current budget day after this request.
    public var budgetLeft: Int
    /// Phone complication transfers left today (0 while not on the active face).
    public var transfersLeft: Int
    /// When the budget next resets.
    public var nextReset: SimTime
    /// For a refused background-refresh schedule: the earliest preferred date that would be accepted.
    public var retryAt: SimTime?

    public init(
        at: SimTime, source: ComplicationReloadSource, kind: ComplicationRequestKind,
        outcome: ComplicationRequestOutcome, budgetLeft: Int, transfersLeft: Int, nextReset: SimTime,
        retryAt: SimTime? = nil
    ) {
        self.at = at
        self.source = source
        self.kind = kind
        self.outcome = outcome
        self.budgetLeft = budgetLeft
        self.transfersLeft = transfersLeft
        self.nextReset = nextReset
        self.retryAt = retryAt
    }
}

/// Whether the complication is on the watch face the user is wearing.
public enum ComplicationFacePresence: String, Hashable, Sendable {
    case onActiveFace
    case notOnActiveFace
}

/// An input to ``ComplicationBudget/reduce(_:)``.
public enum ComplicationBudgetEvent: Hashable, Sendable {
    /// The foreground app asks for a reload (the pipeline's "update complication" step).
    case appReload(at: SimTime)
    /// The app schedules a background refresh for `preferred`.
    case scheduleBackgroundRefresh(at: SimTime, preferred: SimTime)
    /// The scheduled background refresh runs; it asks for a reload. Ignored unless a refresh is
    /// scheduled for this time or earlier.
    case backgroundRefreshWoke(at: SimTime)
    /// A complication transfer from the phone arrives; it asks for a reload.
    case phoneTransfer(at: SimTime)
    /// The user put the complication on the active face or took it off.
    case faceChanged(at: SimTime, to: ComplicationFacePresence)

    /// When the event happens.
    public var time: SimTime {
        switch self {
        case .appReload(let at), .scheduleBackgroundRefresh(let at, _), .backgroundRefreshWoke(let at),
            .phoneTransfer(let at), .faceChanged(let at, _):
            return at
        }
    }
}

/// What the driver must do after ``ComplicationBudget/reduce(_:)``.
public enum ComplicationBudgetEffect: Hashable, Sendable {
    /// Keep this record (every request yields exactly one).
    case record(ComplicationRequestRecord)
    /// Build and install a fresh timeline now (the request was granted).
    case reloadTimeline(at: SimTime, source: ComplicationReloadSource)
    /// Wake the app for its background refresh at this time.
    case wakeForBackgroundRefresh(at: SimTime)
    /// Drop the scheduled background refresh (the complication left the active face).
    case cancelBackgroundRefresh
    /// The daily budgets were refilled at this time.
    case budgetReset(at: SimTime)
}
