import CompanionModel
import SimulationKernel

extension ComplicationSettings {
    /// `"budget": {"backgroundRefreshTiming": …}`: `"mayDelay"` (the default: the platform "may
    /// delay the background task", with WristSim's chosen distribution), `"punctual"` (the app
    /// wakes exactly at its preferred date), or `{"delayMean": "5m", "delayAtMost": "30m"}` (may
    /// delay, with that exponential delay's mean and cap).
    ///
    /// - Throws: a located error for an unknown name or key, or a cap below the mean.
    static func decodeRefreshTiming(_ node: JSONNode, _ context: DecodingContext) throws(ScenarioError)
        -> BackgroundRefreshTiming
    {
        if case .string(let name) = node.value {
            switch name {
            case "mayDelay": return .platformDefault
            case "punctual": return .punctual
            default:
                throw context.error(
                    node,
                    Suggestion.unknown(
                        "backgroundRefreshTiming", name, among: ["mayDelay", "punctual"],
                        or: "an object such as {\"delayMean\": \"5m\", \"delayAtMost\": \"30m\"}"))
            }
        }
        var object = try ObjectReader(
            node, context, what: "\"mayDelay\", \"punctual\" or an object such as {\"delayMean\": \"5m\"}")
        let meanNode = object.optional("delayMean")
        let mean = try meanNode.map { node throws(ScenarioError) in
            try node.duration(context, atMost: .days(1))
        }
        let capNode = object.optional("delayAtMost")
        let cap = try capNode.map { node throws(ScenarioError) in try node.duration(context, atMost: .days(1)) }
        try object.finish()
        let chosenMean = mean ?? BackgroundRefreshTiming.defaultDelayMean
        let timing = (mean: chosenMean, cap: cap ?? max(BackgroundRefreshTiming.defaultDelayCap, chosenMean))
        guard timing.cap >= timing.mean else {
            throw context.error(
                capNode ?? node,
                "expected \"delayAtMost\" of at least \"delayMean\" (\(timing.mean)), found \"\(timing.cap)\"")
        }
        return .mayDelay(mean: timing.mean, atMost: timing.cap)
    }
}
