import CompanionModel
import SimulationKernel

extension ComplicationSettings {
    /// The `"budget"` object, applied over `base` (the preset's rules, or ClockKit's).
    static func decodeBudget(_ node: JSONNode, _ context: DecodingContext, base: ComplicationBudgetSettings)
        throws(ScenarioError) -> ComplicationBudgetSettings
    {
        var object = try ObjectReader(node, context, what: "a budget object such as {\"dailyReloads\": 50}")
        var budget = base
        if let rulesNode = object.optional("rules") {
            let firstReset = budget.firstReset
            budget = try rulesNode.choice("rules", context, ["clockKit": .clockKit, "widgetKit": .widgetKit])
            budget.firstReset = firstReset
        }
        if let value = object.optional("dailyReloads") {
            budget.dailyReloads = value.isNull ? nil : try value.int(context, in: 0...100_000)
        }
        if let value = object.optional("dailyExecution") {
            budget.dailyExecution = value.isNull ? nil : try value.duration(context, atMost: .days(1))
        }
        if let value = object.optional("reloadWork") { budget.reloadWork = try decodeWork(value, context) }
        if let value = object.optional("reloadPolicy") { budget.reloadPolicy = try decodePolicy(value, context) }
        if let value = object.optional("firstReset") {
            if case .string("midnight") = value.value {
                budget.firstReset = ComplicationClock(origin: context.start).firstLocalMidnight
            } else {
                budget.firstReset = try value.time(context)
            }
        }
        if let value = object.optional("resetEvery") {
            budget.resetPeriod = try value.duration(context)
            guard budget.resetPeriod >= .minutes(1) else {
                throw context.error(value, "expected a reset period of at least \"1m\", such as \"24h\"")
            }
        }
        if let value = object.optional("foregroundReloads") {
            budget.foregroundReloads = try value.choice(
                "foregroundReloads", context, ["charged": .charged, "free": .free])
        }
        if let value = object.optional("minimumReloadInterval") {
            budget.minimumReloadInterval = try value.duration(context)
        }
        if let value = object.optional("entrySpacing") { budget.entrySpacing = try value.duration(context) }
        if let value = object.optional("futureEntryLimit") {
            budget.futureEntryLimit = try value.int(context, in: 0...10_000)
        }
        if let value = object.optional("backgroundRefreshesPerHour") {
            budget.backgroundRefreshesPerHour = try value.int(context, in: 1...60)
        }
        if let value = object.optional("backgroundRefreshInterval") {
            budget.backgroundRefreshInterval = try refreshPeriod(value, context, what: "a background refresh interval")
        }
        if let value = object.optional("backgroundTaskCPU") {
            budget.backgroundTaskLimits.cpu = try value.duration(context, atMost: ComplicationWork.maximumCost)
        }
        if let value = object.optional("backgroundTaskWall") {
            budget.backgroundTaskLimits.wall = try value.duration(context, atMost: ComplicationWork.maximumCost)
        }
        if let value = object.optional("backgroundRefreshTiming") {
            budget.backgroundRefreshTiming = try decodeRefreshTiming(value, context)
        }
        if let value = object.optional("tooSoonReloads") {
            budget.tooSoonReloads = try value.choice(
                "tooSoonReloads", context, ["deferred": .deferred, "refused": .refused])
        }
        if let value = object.optional("dailyTransfers") {
            // One owner per fact: the transfer budget is the link's.
            throw context.error(
                value,
                "\"dailyTransfers\" is not a complication setting; the phone's complication transfers "
                    + "per day are the link's: \"link\": {\"complicationTransfersPerDay\": 50}")
        }
        try object.finish()
        try checkPolicyAdvances(
            budget, at: object.optional("reloadPolicy") ?? object.optional("dailyReloads") ?? node, context)
        return budget
    }

    /// The shortest period of a complication's background refreshes, asked for (`"backgroundRefresh":
    /// {"every": …}`) or granted (`"backgroundRefreshInterval"`, at most 60 `"backgroundRefreshesPerHour"`):
    /// watchOS grants about four an hour (docs/platform.md); a minute leaves room for what-ifs, and
    /// a refresh that asks again at once would only run to the event limit (docs/limits.md).
    static let shortestBackgroundRefreshPeriod = SimDuration.minutes(1)

    /// A period of background refreshes (`what`, for the error), at least ``shortestBackgroundRefreshPeriod``.
    static func refreshPeriod(_ node: JSONNode, _ context: DecodingContext, what: String) throws(ScenarioError)
        -> SimDuration
    {
        let period = try node.duration(context)
        guard period >= shortestBackgroundRefreshPeriod else {
            throw context.error(
                node,
                "expected \(what) of at least \(shortestBackgroundRefreshPeriod) (watchOS grants about four "
                    + "background refreshes an hour), such as \"15m\"; found \"\(period)\"")
        }
        return period
    }

    /// The shortest spacing of the system's policy reloads a budget without a daily reload count
    /// may allow: WidgetKit's minimum interval ("imposes a minimum amount of time before it
    /// reloads a widget", about 5 minutes: the widgetKit preset's `minimumReloadInterval`), so a
    /// year of policy reloads stays within the work `timeline` is bounded to (docs/limits.md).
    static let shortestUnbudgetedPolicySpacing = SimDuration.minutes(5)

    /// Refuses a reload policy that could ask again at the same instant, or nearly, without end:
    /// `atEnd` (a timeline whose last entry is now asks at once) or a short `after`, with no daily
    /// reload count and a minimum reload interval under ``shortestUnbudgetedPolicySpacing``. Such a
    /// file would only run to its event limit; it is refused when it is loaded instead.
    static func checkPolicyAdvances(
        _ budget: ComplicationBudgetSettings, at node: JSONNode, _ context: DecodingContext
    ) throws(ScenarioError) {
        guard budget.dailyReloads == nil, let policy = budget.reloadPolicy, let spacing = budget.policySpacing,
            spacing < shortestUnbudgetedPolicySpacing
        else { return }
        throw context.error(
            node,
            "reload policy \"\(policy.description)\" without \"dailyReloads\" may reload every \(spacing) "
                + "without end; expected \"dailyReloads\" (such as 50) or \"minimumReloadInterval\" of at least "
                + "\"\(shortestUnbudgetedPolicySpacing)\"")
    }

    /// `"reloadsDatabase"`, `"readsCount"`, or `{"cost": "1.5s", "on": "S3", "does": "reads the database"}`.
    static func decodeWork(_ node: JSONNode, _ context: DecodingContext) throws(ScenarioError) -> ComplicationWork {
        let what = "an object such as {\"cost\": \"1.5s\", \"on\": \"S3\"}"
        let updates: KeyValuePairs = ["reloadsDatabase": ComplicationWork.reloadsDatabase, "readsCount": .readsCount]
        return try named(node, context, "reload work", updates, or: what) { () throws(ScenarioError) in
            var object = try ObjectReader(node, context, what: what)
            let cost = try object.required("cost", "the work's duration on the chip \"on\", such as \"1.5s\"")
                .duration(context, atMost: ComplicationWork.maximumCost)
            let chip = try object.optional("on")?.chip(context) ?? .s1
            let label = try object.optional("does")?.string(context)
            try object.finish()
            return ComplicationWork(cost: cost, on: chip, does: label)
        }
    }

    /// `"atEnd"`, `"never"` or `{"after": "2m"}`.
    static func decodePolicy(_ node: JSONNode, _ context: DecodingContext) throws(ScenarioError)
        -> ComplicationReloadPolicy
    {
        let names: KeyValuePairs = ["atEnd": ComplicationReloadPolicy.atEnd, "never": .never]
        return try named(node, context, "reload policy", names, or: "an object such as {\"after\": \"2m\"}") {
            () throws(ScenarioError) in
            var object = try ObjectReader(
                node, context, what: "\"atEnd\", \"never\" or an object such as {\"after\": \"2m\"}")
            let afterNode = try object.required("after", "the delay after each reload, such as \"2m\"")
            let delay = try afterNode.duration(context, atMost: .days(1))
            guard delay > .zero else {
                throw context.error(afterNode, "expected a positive delay such as \"2m\", found \"0s\"")
            }
            try object.finish()
            return .after(delay)
        }
    }

    /// The value of the name `node` spells, one of `names`, or a located error listing them with
    /// `object` as the other choice (``Suggestion/unknown(_:_:among:or:suggests:quote:)``); when
    /// `node` is not a string, what `decode` makes of it (the object).
    static func named<Value>(
        _ node: JSONNode, _ context: DecodingContext, _ what: String, _ names: KeyValuePairs<String, Value>,
        or object: String, else decode: () throws(ScenarioError) -> Value
    ) throws(ScenarioError) -> Value {
        guard case .string(let name) = node.value else { return try decode() }
        if let match = names.first(where: { $0.key == name }) { return match.value }
        throw context.error(node, Suggestion.unknown(what, name, among: names.map(\.key), or: object))
    }

    /// Reads a task's `cpu`, `on`, `wall` and `does` keys (all optional) from `object`:
    /// `"task": {"cpu": "6s", "on": "S3", "wall": "8s", "does": "downloads prices"}`.
    static func readTask(_ object: inout ObjectReader, _ context: DecodingContext) throws(ScenarioError)
        -> BackgroundTaskWork
    {
        let cpu = try object.optional("cpu")?.duration(context, atMost: ComplicationWork.maximumCost) ?? .zero
        let chip = try object.optional("on")?.chip(context) ?? .s1
        let wall = try object.optional("wall")?.duration(context, atMost: ComplicationWork.maximumCost) ?? .zero
        let label = try object.optional("does")?.string(context)
        return BackgroundTaskWork(cpu: ComplicationWork(cost: cpu, on: chip, does: label), wall: wall)
    }

    /// `"budget": {"backgroundRefreshTiming": …}`: `"mayDelay"` (the default: the platform "may
    /// delay the background task", with WristSim's chosen distribution), `"punctual"` (the app
    /// wakes exactly at its preferred date), or `{"delayMean": "5m", "delayAtMost": "30m"}` (may
    /// delay, with that exponential delay's mean and cap).
    ///
    /// - Throws: a located error for an unknown name or key, or a cap below the mean.
    static func decodeRefreshTiming(_ node: JSONNode, _ context: DecodingContext) throws(ScenarioError)
        -> BackgroundRefreshTiming
    {
        let names: KeyValuePairs = ["mayDelay": BackgroundRefreshTiming.platformDefault, "punctual": .punctual]
        let object = "an object such as {\"delayMean\": \"5m\", \"delayAtMost\": \"30m\"}"
        return try named(node, context, "backgroundRefreshTiming", names, or: object) { () throws(ScenarioError) in
            var object = try ObjectReader(
                node, context, what: "\"mayDelay\", \"punctual\" or an object such as {\"delayMean\": \"5m\"}")
            let mean =
                try object.optional("delayMean")?.duration(context, atMost: .days(1))
                ?? BackgroundRefreshTiming.defaultDelayMean
            let capNode = object.optional("delayAtMost")
            let cap =
                try capNode?.duration(context, atMost: .days(1)) ?? max(BackgroundRefreshTiming.defaultDelayCap, mean)
            try object.finish()
            guard cap >= mean else {
                throw context.error(
                    capNode ?? node, "expected \"delayAtMost\" of at least \"delayMean\" (\(mean)), found \"\(cap)\"")
            }
            return .mayDelay(mean: mean, atMost: cap)
        }
    }
}

extension JSONNode {
    /// A chip name (`"S3"`).
    func chip(_ context: DecodingContext) throws(ScenarioError) -> WatchChip {
        try named("chip", context)
    }

    /// A duration no longer than `limit`.
    func duration(_ context: DecodingContext, atMost limit: SimDuration) throws(ScenarioError) -> SimDuration {
        let duration = try duration(context)
        guard duration <= limit else {
            throw context.error(self, "expected a duration of at most \"\(limit)\", found \"\(duration)\"")
        }
        return duration
    }

    /// Whether the value is JSON `null`.
    var isNull: Bool {
        if case .null = value { return true }
        return false
    }
}
