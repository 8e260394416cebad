import SimulationKernel

/// What an iPhone background app refresh task (`BGAppRefreshTask`) may use before the system ends
/// it (rule S6 in `docs/reminders.md`).
///
/// Apple: the system "provides your app up to 30 seconds of background runtime" for a refresh task
/// ("Using background tasks to update your app"); for the background fetch it replaces, "your app
/// has up to 30 seconds of wall-clock time … If you do not call the completion handler in time, your
/// app is terminated" (`application(_:performFetchWithCompletionHandler:)` reference). The watchdog's
/// terminations carry the code `0x8badf00d` ("Addressing watchdog terminations"). iOS states no
/// separate CPU-time limit for a refresh task, so there is one limit: the runtime, 30 s by default.
/// (The watch keeps watchOS's limits and codes: `BackgroundTaskLimits`, `0xc51bad01`/`0xc51bad02`.)
///
/// ```swift
/// let limits = AppRefreshTaskLimits()
/// limits.verdict(cpu: .seconds(31), wall: .zero, wantedReminders: 44).code   // "0x8badf00d"
/// ```
public struct AppRefreshTaskLimits: Hashable, Sendable {
    /// The default runtime of a refresh task: 30 seconds.
    public static let defaultRuntime = SimDuration.seconds(30)
    /// The watchdog's exception code in the crash report of a terminated app.
    public static let watchdogCode = "0x8badf00d"

    /// The wall time a task may run, from launch to `setTaskCompleted` (more than 0).
    public var runtime: SimDuration

    /// Creates the limits (a runtime of 0 or less is taken as 1 ns).
    public init(runtime: SimDuration = AppRefreshTaskLimits.defaultRuntime) {
        self.runtime = max(SimDuration(nanoseconds: 1), runtime)
    }

    /// How a refill task that computes for `cpu` and takes at least `wall` (waiting for the disk or
    /// the network) ends: it runs for the longer of the two, and past ``runtime`` the watchdog
    /// terminates the app (``watchdogCode``) at ``runtime``.
    ///
    /// - Complexity: O(1).
    public func verdict(cpu: SimDuration, wall: SimDuration, wantedReminders: Int) -> BackgroundTaskVerdict {
        let duration = max(cpu, wall)
        guard duration > runtime else { return .completed }
        return .terminated(
            code: Self.watchdogCode,
            detail:
                "watchdog: refilling \(wantedReminders) reminders takes \(duration), over the \(runtime) a background app refresh task may run (terminated after \(runtime))"
        )
    }
}
