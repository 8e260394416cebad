import CompanionModel
import ReminderScheduling
import SimulationKernel

/// The scenario's `"reminders"` section: how the phone app schedules its notifications and the rules
/// of the simulated system (`docs/reminders.md`). Every key is optional; a scenario without the section
/// gets these defaults.
///
/// ```json
/// "reminders": {
///   "api": "userNotifications", "authorization": "authorized",
///   "scheduler": "windowed", "window": 60, "retention": "mostRecentlyAdded",
///   "replacement": "inPlace", "repeatingSlots": 1,
///   "repeatingBadges": "separateCarrier", "snooze": "30m", "launchAt": "+0s",
///   "appRuns": {"every": "12h", "from": "+8h", "reason": "foreground"},
///   "noticeOpenedAfter": "10m", "refresh": {"every": "1h", "perHour": 4, "spacing": "15m",
///     "timing": "opportunistic", "meanDelay": "2h",
///     "task": {"cpu": "0s", "cpuPerReminder": "0s", "wall": "0s", "wallLimit": "30s"}},
///   "repeating": [{"id": "weekly", "title": "Weekly shop", "start": "+1d", "every": "7d"}]
/// }
/// ```
package struct RemindersSettings: Sendable {
    /// The scheduler strategies (`windowed`, `naive`, `overflowNotice`, `backgroundRefresh`), for callers
    /// that do not import `ReminderScheduling`.
    package typealias Mode = SchedulingMode

    /// The strategy (default `"windowed"`; `--scheduler` overrides it).
    package var mode: SchedulingMode = .windowed
    /// W, 1…64 (default 60); at least 2 with an overflow notice.
    package var window = SchedulerConfiguration.defaultWindowSize
    /// The notification API the app uses (default `"userNotifications"`).
    package var api: NotificationAPI = .userNotifications
    /// Which requests the simulated system keeps beyond 64 (`nil`: the API's default, which
    /// ``rules`` applies).
    package var retention: OverflowRetention?
    /// What re-adding a pending identifier does (default `"inPlace"`).
    package var replacement: IdentifierReplacement = .inPlace
    /// How many pending slots a repeating request takes (default 1).
    package var repeatingSlots = 1
    /// The user's notification permission (default `"authorized"`).
    package var authorization: NotificationAuthorization = .authorized
    package var repeatingBadges: RepeatingBadgePolicy = .separateCarrier
    /// The snooze action's delay (default 30 minutes).
    package var snooze = SimDuration.minutes(30)
    /// When the phone app first launches (default the scenario start).
    package var launchAt = SimTime.zero
    /// Periodic app runs, if any.
    package var appRuns: AppRunSchedule?
    /// How long after an overflow notice is delivered the user opens the app from it (`nil`: never).
    package var noticeOpenedAfter: SimDuration? = .seconds(SimulatedUser.defaultNoticeDelay)
    /// The background refresh the app asks for and the system's budget.
    package var refresh = RefreshSettings()
    /// Repeating reminders.
    package var repeating: [RepeatingReminderSpec] = []

    package init() {}

    /// The scheduler configuration these settings describe.
    package func configuration() throws(SchedulerConfigurationError) -> SchedulerConfiguration {
        try SchedulerConfiguration(
            mode: mode, windowSize: mode == .overflowNotice ? max(2, window) : window,
            repeatingBadgePolicy: repeatingBadges,
            snoozeSeconds: snooze.nanoseconds / 1_000_000_000, api: api,
            refreshInterval: refresh.every.nanoseconds / 1_000_000_000)
    }

    /// The simulated system's rules these settings describe.
    package var rules: PlatformRules {
        PlatformRules(
            api: api, retention: retention, replacement: replacement, repeatingSlots: repeatingSlots,
            authorization: authorization)
    }

    /// What the simulated user does on their own.
    package var user: SimulatedUser {
        SimulatedUser(opensOverflowNoticeAfter: noticeOpenedAfter.map { $0.nanoseconds / 1_000_000_000 })
    }

    /// The simulated system's background refresh budget.
    package var refreshBudget: BackgroundRefreshBudget {
        BackgroundRefreshBudget(perHour: refresh.perHour, minimumSpacing: refresh.spacing.nanoseconds / 1_000_000_000)
    }

    /// `"appRuns": {"every": "12h", "from": "+8h", "until": "+14d", "reason": "foreground"}`.
    package struct AppRunSchedule: Sendable {
        package var every: SimDuration
        package var from: SimTime
        package var until: SimTime?
        package var reason: ReminderScheduler.AppRunReason
    }

    /// `"refresh": {"every": "1h", "perHour": 4, "spacing": "15m", "timing": "opportunistic", "meanDelay": "2h"}`:
    /// the earliest begin date the app asks for after each run, how often the system grants refreshes,
    /// and when the iPhone runs one after its earliest begin date (rule P10: `"punctual"`, or
    /// `"opportunistic"`, the default, with a seeded delay of mean `meanDelay`).
    package struct RefreshSettings: Sendable {
        package var every = SimDuration.seconds(SchedulerConfiguration.defaultRefreshInterval)
        package var perHour = BackgroundRefreshBudget.defaultPerHour
        package var spacing = SimDuration.seconds(BackgroundRefreshBudget.defaultMinimumSpacing)
        /// When the system runs a refresh after its earliest begin date (default: opportunistic, mean 2 h).
        package var timing = AppRefreshTiming.realistic
        /// What a refresh's refill costs, and the background task limits it runs under.
        package var task = RefillTask()
    }

    /// `"task": {"cpu": "50ms", "cpuPerReminder": "2ms", "wall": "1s", "wallLimit": "30s"}`:
    /// the background task a granted refresh runs (rule S6). Its CPU time is `cpu` plus
    /// `cpuPerReminder` for every reminder the app wants (window and held) when it starts — the phone's
    /// own CPU time, not scaled by any chip; it takes the longer of that and `wall` (waiting for disk or
    /// network). The limit is the iPhone's (``AppRefreshTaskLimits``: 30 s of runtime, `wallLimit`;
    /// an overrun ends with the watchdog's `0x8badf00d`).
    /// The default costs are zero: a refill never overruns unless the scenario says what it costs.
    package struct RefillTask: Sendable {
        package var cpu = SimDuration.zero
        package var cpuPerReminder = SimDuration.zero
        package var wall = SimDuration.zero
        package var limits = AppRefreshTaskLimits()

        /// How the task refilling `wantedReminders` reminders ends under ``limits``, its CPU time
        /// (at most ``ComplicationWork/maximumCost``; checked arithmetic) the phone's as stated, not
        /// scaled by any chip.
        ///
        /// - Complexity: O(1).
        package func verdict(wantedReminders: Int) -> BackgroundTaskVerdict {
            let limit = ComplicationWork.maximumCost.nanoseconds
            let (perReminder, overflow) = cpuPerReminder.nanoseconds.multipliedReportingOverflow(
                by: Int64(max(0, wantedReminders)))
            let (total, overflowSum) = cpu.nanoseconds.addingReportingOverflow(perReminder)
            let cpuTime = SimDuration(nanoseconds: overflow || overflowSum ? limit : min(total, limit))
            return limits.verdict(cpu: cpuTime, wall: wall, wantedReminders: wantedReminders)
        }
    }

    /// One repeating reminder.
    package struct RepeatingReminderSpec: Sendable {
        package var id: String
        package var title: String
        package var start: SimTime
        package var every: SimDuration
    }

    /// Decodes the section.
    package static func decode(_ node: JSONNode, _ context: DecodingContext) throws(ScenarioError) -> RemindersSettings
    {
        var object = try ObjectReader(node, context, what: "a reminders object such as {\"window\": 60}")
        var settings = RemindersSettings()
        if let value = object.optional("api") { settings.api = try value.named("api", context) }
        if let value = object.optional("scheduler") { settings.mode = try value.named("scheduler", context) }
        // Without "window" the default (60) is wide enough for an overflow notice too.
        if let value = object.optional("window") {
            let smallest = settings.mode == .overflowNotice ? 2 : 1
            settings.window = try value.int(context, in: smallest...SchedulerConfiguration.maximumWindowSize)
        }
        settings.retention = try object.optional("retention")?.named("retention", context)
        if let value = object.optional("replacement") { settings.replacement = try value.named("replacement", context) }
        if let value = object.optional("repeatingSlots") {
            settings.repeatingSlots = try value.int(context, in: 1...PlatformRules.defaultLimit)
        }
        if let value = object.optional("authorization") {
            settings.authorization = try value.named("authorization", context)
        }
        if let value = object.optional("repeatingBadges") {
            settings.repeatingBadges = try value.named("repeatingBadges", context)
        }
        if let value = object.optional("snooze") {
            settings.snooze = try value.wholeSecondsDuration(context, atLeast: .seconds(1), "a snooze delay")
        }
        if let value = object.optional("launchAt") { settings.launchAt = try value.wholeSecondsTime(context) }
        if let value = object.optional("appRuns") { settings.appRuns = try decodeRuns(value, context) }
        if let value = object.optional("noticeOpenedAfter") {
            settings.noticeOpenedAfter = value.isNull ? nil : try value.wholeSecondsDuration(context)
        }
        if let value = object.optional("refresh") { settings.refresh = try decodeRefresh(value, context) }
        if let value = object.optional("repeating") {
            var seen: [String: SourceLocation] = [:]
            for element in try value.array(context) {
                settings.repeating.append(try decodeRepeating(element, context, api: settings.api, seen: &seen))
            }
        }
        try object.finish()
        return settings
    }

    private static func decodeRuns(_ node: JSONNode, _ context: DecodingContext) throws(ScenarioError) -> AppRunSchedule
    {
        var object = try ObjectReader(
            node, context, what: "an app-run schedule such as {\"every\": \"12h\", \"from\": \"+8h\"}")
        let every = try object.required("every", "how often the app runs, such as \"12h\"")
            .wholeSecondsDuration(context, atLeast: .minutes(1), "an app-run interval")
        let from = try object.optional("from")?.wholeSecondsTime(context) ?? SimTime(offset: every)
        let until = try object.optional("until")?.wholeSecondsTime(context)
        let reason =
            try object.optional("reason")?.named("reason", context) ?? ReminderScheduler.AppRunReason.foreground
        try object.finish()
        return AppRunSchedule(every: every, from: from, until: until, reason: reason)
    }

    private static func decodeRefresh(_ node: JSONNode, _ context: DecodingContext) throws(ScenarioError)
        -> RefreshSettings
    {
        var object = try ObjectReader(
            node, context,
            what: "a background refresh such as {\"every\": \"1h\", \"perHour\": 4, \"spacing\": \"15m\"}")
        var refresh = RefreshSettings()
        refresh.timing = try decodeTiming(&object, context)
        if let value = object.optional("every") {
            refresh.every = try value.wholeSecondsDuration(context, atLeast: .minutes(1), "a refresh interval")
        }
        if let value = object.optional("perHour") { refresh.perHour = try value.int(context, in: 1...60) }
        if let value = object.optional("spacing") { refresh.spacing = try value.wholeSecondsDuration(context) }
        if let value = object.optional("task") { refresh.task = try decodeTask(value, context) }
        try object.finish()
        return refresh
    }

    /// `"timing": "punctual"` or `"opportunistic"` (the default), and `"meanDelay"` (opportunistic
    /// only; 1 s to 7 d, default 2 h): rule P10.
    private static func decodeTiming(_ object: inout ObjectReader, _ context: DecodingContext) throws(ScenarioError)
        -> AppRefreshTiming
    {
        let punctual: Bool =
            try object.optional("timing")?.choice("timing", context, ["opportunistic": false, "punctual": true])
            ?? false
        guard let value = object.optional("meanDelay") else { return punctual ? .punctual : .realistic }
        if punctual {
            throw context.error(value, "meanDelay applies to \"opportunistic\" timing only (punctual has no delay)")
        }
        let mean = try value.wholeSecondsDuration(context)
        let seconds = mean.nanoseconds / 1_000_000_000
        guard seconds >= 1, seconds <= AppRefreshTiming.maximumMeanDelay else {
            throw context.error(value, "expected a meanDelay from 1s to 7d, found \"\(mean)\"")
        }
        return .opportunistic(meanDelay: seconds)
    }

    private static func decodeTask(_ node: JSONNode, _ context: DecodingContext) throws(ScenarioError) -> RefillTask {
        var object = try ObjectReader(
            node, context,
            what: "a refill task such as {\"cpu\": \"50ms\", \"cpuPerReminder\": \"2ms\", \"wallLimit\": \"30s\"}")
        var task = RefillTask()
        func cost(_ key: String, positive: Bool) throws(ScenarioError) -> SimDuration? {
            guard let value = object.optional(key) else { return nil }
            let duration = try value.duration(context)
            let smallest: Int64 = positive ? 1 : 0
            guard duration.nanoseconds >= smallest, duration <= ComplicationWork.maximumCost else {
                let range = positive ? "more than 0s" : "0s or more"
                throw context.error(
                    value,
                    "expected \(key) of \(range) and at most \(ComplicationWork.maximumCost), found \"\(duration)\"")
            }
            return duration
        }
        if let value = try cost("cpu", positive: false) { task.cpu = value }
        if let value = try cost("cpuPerReminder", positive: false) { task.cpuPerReminder = value }
        if let value = try cost("wall", positive: false) { task.wall = value }
        if let value = object.optional("cpuLimit") {
            // The iPhone's refresh task has one limit, its runtime (rule S6); a CPU budget is watchOS's.
            throw context.error(
                value,
                "cpuLimit is a watchOS background task limit; an iPhone background app refresh task has one limit, its runtime: use \"wallLimit\" (default 30s)"
            )
        }
        if let value = try cost("wallLimit", positive: true) { task.limits = AppRefreshTaskLimits(runtime: value) }
        try object.finish()
        return task
    }

    /// One repeating reminder; `seen` holds where each id before it was written, so a second use
    /// of one is an error at the second.
    private static func decodeRepeating(
        _ node: JSONNode, _ context: DecodingContext, api: NotificationAPI, seen: inout [String: SourceLocation]
    ) throws(ScenarioError) -> RepeatingReminderSpec {
        var object = try ObjectReader(
            node, context, what: "a repeating reminder with \"id\", \"start\" and \"every\" (or \"calendar\")")
        let idNode = try object.required("id", "an identifier such as \"weekly\"")
        let id = try idNode.string(context)
        if let first = seen.updateValue(idNode.location, forKey: id) {
            throw context.error(
                idNode,
                "duplicate repeating reminder id \(Excerpt.quoted(id)) (first at line \(first.line), column \(first.column))"
            )
        }
        let title = try object.optional("title")?.string(context) ?? id
        let start = try object.required("start", "the first occurrence, such as \"+1d\"").wholeSecondsTime(context)
        let every: SimDuration
        if let unitNode = object.optional("calendar") {
            if let extra = object.optional("every") {
                throw context.error(extra, "give either \"every\" or \"calendar\", not both")
            }
            let unit: CalendarUnit = try unitNode.named("calendar", context)
            every = .seconds(unit.seconds)
        } else {
            let everyNode = try object.required("every", "the interval, at least 60s, such as \"1d\"")
            every = try everyNode.wholeSecondsDuration(context)
            guard api.allowsRepeatInterval(every.nanoseconds / 1_000_000_000) else {
                switch api {
                case .legacy:
                    throw context.error(
                        everyNode,
                        "expected a calendar unit (\"1m\", \"1h\", \"1d\" or \"7d\"): the legacy API repeats only by calendar unit, found \"\(every)\""
                    )
                case .userNotifications:
                    throw context.error(
                        everyNode, "expected a repeating interval of at least 60s in whole seconds, found \"\(every)\"")
                }
            }
        }
        try object.finish()
        return RepeatingReminderSpec(id: id, title: title, start: start, every: every)
    }
}

extension JSONNode {
    /// A duration of the `reminders` section, at least `minimum` (`what` names it in the error):
    /// the phone's reminders keep whole seconds (rule R18 in `docs/reminders.md`), so a fraction
    /// of a second would be lost; it is an error instead.
    fileprivate func wholeSecondsDuration(
        _ context: DecodingContext, atLeast minimum: SimDuration = .zero, _ what: String = ""
    ) throws(ScenarioError) -> SimDuration {
        let duration = try duration(context)
        guard duration.nanoseconds % 1_000_000_000 == 0 else {
            throw context.error(self, "expected whole seconds (reminders keep whole seconds), found \(duration)")
        }
        guard duration >= minimum else {
            throw context.error(self, "expected \(what) of at least \(minimum), found \"\(duration)\"")
        }
        return duration
    }

    /// A time of the `reminders` section, in whole seconds (see ``wholeSecondsDuration(_:)``).
    fileprivate func wholeSecondsTime(_ context: DecodingContext) throws(ScenarioError) -> SimTime {
        let time = try time(context)
        guard time.nanoseconds % 1_000_000_000 == 0 else {
            throw context.error(self, "expected whole seconds (reminders keep whole seconds), found \(time.offset)")
        }
        return time
    }
}
