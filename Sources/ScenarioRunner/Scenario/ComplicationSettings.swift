import CompanionModel
import SimulationKernel

/// The scenario's `"complication"` section: which families, what they say, whether the
/// complication is on the active face, the budget rules and the app's background refreshes.
///
/// ```json
/// "complication": {
///   "families": ["circular", "rectangular"], "content": "nextDue", "onActiveFace": true,
///   "textLimits": {"rectangular": 24},
///   "budget": {"rules": "clockKit", "dailyReloads": 50, "firstReset": "midnight"},
///   "backgroundRefresh": {"every": "30m", "from": "+0s"}
/// }
/// ```
///
/// Every key is optional; the defaults are ``ComplicationConfiguration``'s and
/// ``ComplicationBudgetSettings/clockKit`` with the budget resetting at the scenario's next
/// local midnight (in the start date's UTC offset). `"preset"` (`"grocery"`, `"tubeStatus"`: a
/// published app's rules, ``ComplicationBudgetSettings/grocery(_:)``) picks the budget rules
/// first; the `"budget"` keys then override them.
package struct ComplicationSettings: Sendable {
    /// When the app schedules background refreshes: first at `from`, each for `every` later, and
    /// again after each refresh runs (a refused schedule is retried at the earliest allowed time).
    package struct BackgroundRefreshPlan: Hashable, Sendable {
        package var every: SimDuration
        package var from = SimTime.zero
        /// What each background task does before it asks for its reload.
        package var task = BackgroundTaskWork()
    }

    package var configuration: ComplicationConfiguration
    package var presence: ComplicationFacePresence
    package var backgroundRefresh: BackgroundRefreshPlan?

    /// The settings used when a scenario has no `"complication"` section but a command needs one.
    package static func defaults(start: EpochTime) -> ComplicationSettings {
        let clock = ComplicationClock(origin: start)
        var budget = ComplicationBudgetSettings.clockKit
        budget.firstReset = clock.firstLocalMidnight
        return ComplicationSettings(
            configuration: ComplicationConfiguration(budget: budget, clock: clock), presence: .onActiveFace,
            backgroundRefresh: nil)
    }

    /// Decodes the section.
    ///
    /// - Throws: a located error for unknown keys, unknown family or content names, and values out of range.
    package static func decode(_ node: JSONNode, _ context: DecodingContext) throws(ScenarioError)
        -> ComplicationSettings
    {
        var object = try ObjectReader(
            node, context, what: "a complication object such as {\"families\": [\"circular\"]}")
        var families: [ComplicationFamily] = [.circular, .rectangular]
        if let familiesNode = object.optional("families") {
            families = []
            for element in try familiesNode.array(context, nonEmpty: true) {
                let family: ComplicationFamily = try element.named("complication family", context)
                if families.contains(family) {
                    throw context.error(
                        element, "family \"\(family.rawValue)\" is listed twice; expected each family once")
                }
                families.append(family)
            }
        }
        let mode: ComplicationContentMode =
            try object.optional("content")?.choice("content", context, ["nextItem": .nextItem, "nextDue": .nextDue])
            ?? .nextItem
        let presence: ComplicationFacePresence =
            try object.optional("onActiveFace")?.bool(context) == false ? .notOnActiveFace : .onActiveFace
        var limits = ComplicationTextLimits.standard
        if let limitsNode = object.optional("textLimits") {
            var reader = try ObjectReader(
                limitsNode, context, what: "an object of character limits such as {\"circular\": 4}")
            for family in ComplicationFamily.allCases {
                if let value = reader.optional(family.rawValue) { limits[family] = try value.int(context, in: 1...200) }
            }
            try reader.finish()
        }
        // "grocery" reloads the database (`"budget": {"reloadWork": "readsCount"}` picks the cheap update).
        let preset: ComplicationBudgetSettings? = try object.optional("preset")?.choice(
            "preset", context, ["grocery": .grocery(.reloadsDatabase), "tubeStatus": .tubeStatus])
        let clock = ComplicationClock(origin: context.start)
        var budget = preset ?? .clockKit
        budget.firstReset = clock.firstLocalMidnight
        if let budgetNode = object.optional("budget") { budget = try decodeBudget(budgetNode, context, base: budget) }
        var plan: BackgroundRefreshPlan?
        if let refreshNode = object.optional("backgroundRefresh") {
            var reader = try ObjectReader(refreshNode, context, what: "an object such as {\"every\": \"15m\"}")
            let every = try refreshPeriod(
                try reader.required("every", "how often the app schedules a refresh, such as \"15m\""), context,
                what: "a refresh period")
            let from = try reader.optional("from")?.time(context) ?? .zero
            var task = BackgroundTaskWork()
            if let taskNode = reader.optional("task") {
                var taskReader = try ObjectReader(
                    taskNode, context, what: "an object such as {\"cpu\": \"2s\", \"on\": \"S3\"}")
                task = try readTask(&taskReader, context)
                try taskReader.finish()
            }
            try reader.finish()
            plan = BackgroundRefreshPlan(every: every, from: from, task: task)
        }
        try object.finish()
        return ComplicationSettings(
            configuration: ComplicationConfiguration(
                families: families, mode: mode, limits: limits, budget: budget, clock: clock),
            presence: presence, backgroundRefresh: plan)
    }
}
