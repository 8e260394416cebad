import ReminderScheduling
import SimulationKernel

/// The scenario's `"reminders"` section: how the phone app schedules its notifications.
///
/// ```json
/// "reminders": {
///   "scheduler": "windowed", "window": 60, "retention": "mostRecentlyAdded",
///   "repeatingBadges": "separateCarrier", "snooze": "30m", "launchAt": "+0s",
///   "appRuns": {"every": "12h", "from": "+8h", "reason": "foreground"},
///   "repeating": [{"id": "weekly", "title": "Weekly shop", "start": "+1d", "every": "7d"}]
/// }
/// ```
public struct RemindersSettings: Sendable {
    /// The scheduler modes (`windowed`, `naive`), for callers that do not import `ReminderScheduling`.
    public typealias Mode = SchedulingMode

    /// `"windowed"` (default) or `"naive"` (`--scheduler` overrides it).
    public var mode: SchedulingMode = .windowed
    /// W, 1…64 (default 60, PLATFORM.md §6).
    public var window = SchedulerConfiguration.defaultWindowSize
    /// Which requests the simulated system keeps beyond 64 (default `mostRecentlyAdded`, PLATFORM.md §6).
    public var retention: OverflowRetention = .mostRecentlyAdded
    public var repeatingBadges: RepeatingBadgePolicy = .separateCarrier
    /// The snooze action's delay (default 30 minutes).
    public var snooze = SimDuration.minutes(30)
    /// When the phone app first launches (default the scenario start).
    public var launchAt = SimTime.zero
    /// Periodic app runs, if any.
    public var appRuns: AppRunSchedule?
    /// Repeating reminders.
    public var repeating: [RepeatingReminderSpec] = []

    public init() {}

    /// The scheduler configuration these settings describe.
    public func configuration() throws(SchedulerConfigurationError) -> SchedulerConfiguration {
        try SchedulerConfiguration(
            mode: mode, windowSize: window, repeatingBadgePolicy: repeatingBadges,
            snoozeSeconds: snooze.nanoseconds / 1_000_000_000)
    }

    /// `"appRuns": {"every": "12h", "from": "+8h", "until": "+14d", "reason": "foreground"}`.
    public struct AppRunSchedule: Sendable {
        public var every: SimDuration
        public var from: SimTime
        public var until: SimTime?
        public var reason: ReminderScheduler.AppRunReason
    }

    /// One repeating reminder.
    public struct RepeatingReminderSpec: Sendable {
        public var id: String
        public var title: String
        public var start: SimTime
        public var every: SimDuration
    }

    /// Decodes the section.
    public static func decode(_ node: JSONNode, _ context: DecodingContext) throws(ScenarioError) -> RemindersSettings {
        var object = try ObjectReader(node, context, what: "a reminders object such as {\"window\": 60}")
        var settings = RemindersSettings()
        if let value = object.optional("scheduler") {
            settings.mode = try enumValue(value, context, what: "scheduler")
        }
        if let value = object.optional("window") {
            settings.window = try value.int(context, in: 1...SchedulerConfiguration.maximumWindowSize)
        }
        if let value = object.optional("retention") {
            settings.retention = try enumValue(value, context, what: "retention")
        }
        if let value = object.optional("repeatingBadges") {
            settings.repeatingBadges = try enumValue(value, context, what: "repeatingBadges")
        }
        if let value = object.optional("snooze") {
            settings.snooze = try value.duration(context)
            guard settings.snooze.nanoseconds >= 1_000_000_000 else {
                throw context.error(value, "expected a snooze delay of at least 1s, found \"\(settings.snooze)\"")
            }
        }
        if let value = object.optional("launchAt") { settings.launchAt = try value.time(context) }
        if let value = object.optional("appRuns") { settings.appRuns = try decodeRuns(value, context) }
        if let value = object.optional("repeating") {
            for element in try value.array(context) { settings.repeating.append(try decodeRepeating(element, context)) }
        }
        try object.finish()
        return settings
    }

    private static func decodeRuns(_ node: JSONNode, _ context: DecodingContext) throws(ScenarioError) -> AppRunSchedule
    {
        var object = try ObjectReader(
            node, context, what: "an app-run schedule such as {\"every\": \"12h\", \"from\": \"+8h\"}")
        let everyNode = try object.required("every", "how often the app runs, such as \"12h\"")
        let every = try everyNode.duration(context)
        guard every.nanoseconds >= 60_000_000_000 else {
            throw context.error(everyNode, "expected an app-run interval of at least 1m, found \"\(every)\"")
        }
        let from = try object.optional("from")?.time(context) ?? SimTime(offset: every)
        let until = try object.optional("until")?.time(context)
        var reason = ReminderScheduler.AppRunReason.foreground
        if let value = object.optional("reason") { reason = try enumValue(value, context, what: "reason") }
        try object.finish()
        return AppRunSchedule(every: every, from: from, until: until, reason: reason)
    }

    private static func decodeRepeating(_ node: JSONNode, _ context: DecodingContext) throws(ScenarioError)
        -> RepeatingReminderSpec
    {
        var object = try ObjectReader(node, context, what: "a repeating reminder with \"id\", \"start\" and \"every\"")
        let id = try object.required("id", "an identifier such as \"weekly\"").string(context)
        let title = try object.optional("title")?.string(context) ?? id
        let start = try object.required("start", "the first occurrence, such as \"+1d\"").time(context)
        let everyNode = try object.required("every", "the interval, at least 60s, such as \"1d\"")
        let every = try everyNode.duration(context)
        guard every.nanoseconds >= NotificationTrigger.minimumRepeatInterval * 1_000_000_000 else {
            throw context.error(
                everyNode, "expected a repeating interval of at least 60s (PLATFORM.md §1.5), found \"\(every)\"")
        }
        try object.finish()
        return RepeatingReminderSpec(id: id, title: title, start: start, every: every)
    }

    static func enumValue<Value: RawRepresentable & CaseIterable>(
        _ node: JSONNode, _ context: DecodingContext, what: String
    ) throws(ScenarioError) -> Value where Value.RawValue == String {
        let text = try node.string(context)
        guard let value = Value(rawValue: text) else {
            let names = Value.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw context.error(node, "expected \(what) to be one of \(names), found \"\(text)\"")
        }
        return value
    }
}
