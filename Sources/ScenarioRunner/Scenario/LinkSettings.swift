import CompanionModel
import SimulationKernel

/// The scenario's `"link"` section: the watch↔phone link's settings and injected faults.
///
/// ```json
/// "link": {
///   "latency": {"exponential": {"mean": "400ms", "floor": "40ms"}},
///   "duplicateProbability": 0.2,
///   "replyTimeout": "30s",
///   "unreachable": [{"from": "+4m", "to": "+9m"}],
///   "terminations": [{"app": "phone", "at": "+6m", "relaunchAfter": "10m"}]
/// }
/// ```
///
/// Every key is optional; defaults are PLATFORM.md §6's (see ``LinkConfiguration``).
package struct LinkSettings: Sendable {
    /// The link's configuration, faults included (default: PLATFORM.md §6, no faults); its first
    /// budget reset is the link feature's to set (``LinkFeature/transferBudgetFirstReset(_:)``).
    package var configuration = LinkConfiguration()
    /// `"complicationBudgetResetsAt"`, when the section gives it (otherwise the transfer budget
    /// follows the one reset rule: the complication budget's reset, by default local midnight).
    package var complicationBudgetResetsAt: SimTime?
    /// `"phoneApp"`: the phone app's state at the start, for its owner (the phone side's
    /// ``PhoneFeature/appLifecycle``; the link asks the owner, it keeps no copy).
    package var phoneApp: AppRunState = .background
    /// `"phoneUpdatesComplication"`: when the phone app pushes the remaining-items count to the
    /// watch complication (the phone side's fact, as ``phoneApp``).
    package var phoneComplicationPolicy: PhoneComplicationPolicy = .onRequest

    /// Decodes the section.
    ///
    /// - Complexity: O(*n*) in the section's size.
    package static func decode(_ node: JSONNode, _ context: DecodingContext) throws(ScenarioError) -> LinkSettings {
        var object = try ObjectReader(node, context, what: "an object of link settings")
        var settings = LinkSettings()
        var configuration = LinkConfiguration()
        if let latency = object.optional("latency") {
            configuration.faults.latency = try decodeLatency(latency, context)
        }
        if let probability = object.optional("duplicateProbability") {
            configuration.faults.duplicateProbability = try probability.double(context, in: 0...1)
        }
        if let timeout = object.optional("replyTimeout") {
            configuration.replyTimeout = try timeout.duration(context)
            guard configuration.replyTimeout > .zero else {
                throw context.error(
                    timeout, "expected a duration greater than zero, found \(configuration.replyTimeout)")
            }
        }
        let caps: [(String, WritableKeyPath<LinkConfiguration, Int>)] = [
            ("messagePayloadCap", \.messagePayloadLimit), ("userInfoPayloadCap", \.userInfoPayloadLimit),
            ("applicationContextPayloadCap", \.applicationContextPayloadLimit),
        ]
        for (key, limit) in caps {
            if let cap = object.optional(key) {
                configuration[keyPath: limit] = try cap.int(context, in: 1...Int(Int32.max))
            }
        }
        if let perDay = object.optional("complicationTransfersPerDay") {
            configuration.complicationTransfersPerDay = try perDay.int(context, in: 0...100_000)
        }
        if let reset = object.optional("complicationBudgetResetsAt") {
            let time = try reset.time(context)
            guard time > .zero else {
                throw context.error(reset, "expected the first budget reset after the scenario start, found \(time)")
            }
            settings.complicationBudgetResetsAt = time
        }
        if let placement = object.optional("complication") {
            configuration.complicationPlacement = try placement.choice(
                "complication", context, ["onActiveFace": .onActiveFace, "notOnActiveFace": .notOnActiveFace])
        }
        if let updates = object.optional("phoneUpdatesComplication") {
            settings.phoneComplicationPolicy = try updates.bool(context) ? .afterEachChange : .onRequest
        }
        if let phone = object.optional("phoneApp") {
            settings.phoneApp = try phone.choice(
                "phoneApp", context, ["notRunning": .notRunning, "background": .background, "foreground": .foreground])
        }
        if let watch = object.optional("watchApp") {
            // One setting for one fact: the watch app's starting state follows the wrist.
            throw context.error(
                watch,
                "\"watchApp\" is not a link setting; the watch app's starting state follows the top-level "
                    + "\"wrist\": \"raised\" (foreground), \"raisedOnClock\" (not running) or \"lowered\" "
                    + "(foreground until the face returns to the clock)")
        }
        if let session = object.optional("session") {
            configuration.initialActivation = try session.choice(
                "session", context, ["activated": .activated, "inactive": .inactive, "notActivated": .notActivated])
        }
        if let windows = object.optional("unreachable") {
            configuration.faults.unreachableWindows = try decodeWindows(windows, context)
        }
        if let terminations = object.optional("terminations") {
            configuration.faults.appTerminations = try decodeTerminations(terminations, context)
        }
        try object.finish()
        settings.configuration = configuration
        return settings
    }

    /// `"250ms"` (fixed), `{"fixed": "250ms"}`, `{"uniform": {"min": "100ms", "max": "400ms"}}` or
    /// `{"exponential": {"mean": "2s", "floor": "50ms"}}`.
    static func decodeLatency(_ node: JSONNode, _ context: DecodingContext) throws(ScenarioError) -> LatencyDistribution
    {
        if case .string = node.value { return .fixed(try node.latency(context)) }
        guard case .object(let members) = node.value, members.count == 1, let member = members.first else {
            throw context.error(
                node,
                "expected a latency: a duration such as \"250ms\", or an object with one of "
                    + "\"fixed\", \"uniform\", \"exponential\", found \(node.kindDescription)")
        }
        switch member.key {
        case "fixed":
            return .fixed(try member.value.latency(context))
        case "uniform":
            var object = try ObjectReader(
                member.value, context, what: "an object {\"min\": \"100ms\", \"max\": \"400ms\"}")
            let minimum = try object.required("min", "the shortest delay").latency(context)
            let maximumNode = try object.required("max", "the longest delay")
            let maximum = try maximumNode.latency(context)
            try object.finish()
            guard maximum >= minimum else {
                throw context.error(maximumNode, "expected \"max\" at least \"min\" (\(minimum)), found \(maximum)")
            }
            return .uniform(min: minimum, max: maximum)
        case "exponential":
            var object = try ObjectReader(
                member.value, context, what: "an object {\"mean\": \"2s\", \"floor\": \"50ms\"}")
            let meanNode = try object.required("mean", "the mean extra delay")
            let mean = try meanNode.latency(context)
            guard mean > .zero else {
                throw context.error(meanNode, "expected a mean greater than zero, found \(mean)")
            }
            let floor = try object.optional("floor")?.latency(context) ?? .zero
            try object.finish()
            return .exponential(mean: mean, floor: floor)
        default:
            throw context.error(
                key: member,
                Suggestion.unknown("latency distribution", member.key, among: ["fixed", "uniform", "exponential"]))
        }
    }

    /// `"unreachable"`: an array of windows `{"from": "+4m", "to": "+9m"}`, in which the phone is out
    /// of range, each ending after it starts.
    ///
    /// - Throws: a located error for a window that is not such an object or ends at or before its start.
    static func decodeWindows(_ node: JSONNode, _ context: DecodingContext) throws(ScenarioError)
        -> [LinkFaults.UnreachableWindow]
    {
        try node.array(context).map { (element) throws(ScenarioError) in
            var object = try ObjectReader(element, context, what: "a window {\"from\": \"+4m\", \"to\": \"+9m\"}")
            let start = try object.required("from", "when the phone goes out of range").time(context)
            let endNode = try object.required("to", "when it comes back")
            let end = try endNode.time(context)
            try object.finish()
            guard end > start else {
                throw context.error(endNode, "expected \"to\" after \"from\" (\(start)), found \(end)")
            }
            return LinkFaults.UnreachableWindow(start: start, end: end)
        }
    }

    /// `"terminations"`: an array of `{"app": "phone" | "watch", "at": "+6m", "relaunchAfter": "10m"}`,
    /// each killing that app at `at` and, with `relaunchAfter`, launching it again that much later.
    ///
    /// - Throws: a located error for an element that is not such an object.
    static func decodeTerminations(_ node: JSONNode, _ context: DecodingContext) throws(ScenarioError)
        -> [LinkFaults.AppTermination]
    {
        try node.array(context).map { (element) throws(ScenarioError) in
            var object = try ObjectReader(element, context, what: "a termination {\"app\": \"phone\", \"at\": \"+6m\"}")
            let side = try object.required("app", "\"phone\" or \"watch\"").choice(
                "app", context, ["phone": LinkSide.phone, "watch": .watch])
            let at = try object.required("at", "when the app is killed").time(context)
            let relaunch = try object.optional("relaunchAfter")?.duration(context)
            try object.finish()
            return LinkFaults.AppTermination(side: side, at: at, relaunchAfter: relaunch)
        }
    }

    /// The longest hop latency a scenario may ask for (keeps every draw far from overflow).
    static let maximumLatency = SimDuration.days(1)
}

extension JSONNode {
    /// A hop latency: a duration of at most ``LinkSettings/maximumLatency``.
    fileprivate func latency(_ context: DecodingContext) throws(ScenarioError) -> SimDuration {
        let duration = try duration(context)
        guard duration <= LinkSettings.maximumLatency else {
            throw context.error(self, "expected a latency of at most \(LinkSettings.maximumLatency), found \(duration)")
        }
        return duration
    }
}
