/// When the simulated system grants an app's background app refresh requests.
///
/// One request is outstanding at a time (a new request replaces it). The system runs the app at the
/// request's earliest begin date, or later if that would exceed ``perHour`` refreshes in any hour or
/// come sooner than ``minimumSpacing`` after the previous one. Apple publishes no budget for iPhone apps;
/// the defaults are the published watchOS figures (four per hour, at least 15 minutes apart).
public struct BackgroundRefreshBudget: Hashable, Sendable {
    /// The default number of refreshes in any hour.
    public static let defaultPerHour = 4
    /// The default minimum time between two refreshes, in seconds.
    public static let defaultMinimumSpacing: Int64 = 15 * 60

    /// The most refreshes in any 3,600-second span (at least 1).
    public let perHour: Int
    /// The least time between two refreshes, in seconds (at least 0).
    public let minimumSpacing: Int64
    /// The grant times of the last ``perHour`` refreshes, oldest first.
    private var recent: [ReminderTime] = []

    /// Creates a budget with nothing granted yet.
    public init(
        perHour: Int = BackgroundRefreshBudget.defaultPerHour,
        minimumSpacing: Int64 = BackgroundRefreshBudget.defaultMinimumSpacing
    ) {
        self.perHour = max(1, perHour)
        self.minimumSpacing = max(0, minimumSpacing)
    }

    /// The time the system would run a request with this earliest begin date.
    ///
    /// - Complexity: O(1).
    public func grantTime(earliest: ReminderTime) -> ReminderTime {
        var time = earliest
        if let last = recent.last { time = max(time, last + minimumSpacing) }
        if recent.count >= perHour, let oldest = recent.first { time = max(time, oldest + 3_600) }
        return time
    }

    /// Records that the system ran the app for a refresh at `time`.
    ///
    /// - Complexity: O(``perHour``).
    public mutating func recordGrant(at time: ReminderTime) {
        recent.append(time)
        if recent.count > perHour { recent.removeFirst(recent.count - perHour) }
    }
}
