/// How the app's background refresh task ended, as the system decided (the simulator's task limits:
/// ``ReminderHarness/backgroundTask``).
///
/// A background task has limits; an app that exceeds them is terminated by the system, with an
/// exception code in its crash report. On the iPhone a `BGAppRefreshTask` gets about 30 s of runtime
/// and an overrun ends with the watchdog's `0x8badf00d` (``AppRefreshTaskLimits``); a watchOS task
/// has a CPU and a wall-time budget (`0xc51bad01`, `0xc51bad02`). A terminated task's refill never
/// reaches the system — the app is killed before it hands over its requests — and, since the app
/// asks for its next background refresh at the end of the refill, no further refresh comes until
/// the app runs another way (rule S6 in `docs/reminders.md`).
public enum BackgroundTaskVerdict: Hashable, Sendable {
    /// The refill ran to completion within the budget.
    case completed
    /// The system terminated the app: `code` is the crash report's exception code, `detail` says
    /// which limit and how much the task needed.
    case terminated(code: String, detail: String)

    /// Whether the system terminated the app.
    public var isTerminated: Bool {
        if case .terminated = self { return true }
        return false
    }

    /// The exception code of a termination.
    public var code: String? {
        if case .terminated(let code, _) = self { return code }
        return nil
    }
}
