/// The optional feature sections of a scenario file, one stored property per feature.
/// A feature adds its property here and its decoding line in `ScenarioDecoder`.
public struct ScenarioSections: Sendable {
    /// `"pipeline"`: the check-off handler and watch-screen settings (latency feature).
    public var pipeline: PipelineSettings?
    /// `"complication"`: families, content, budget rules and background refreshes (complication feature).
    public var complication: ComplicationSettings?
    /// `"reminders"`: the phone app's notification scheduler.
    public var reminders: RemindersSettings?

    /// `"link"`: the watch↔phone link's settings and faults.
    public var link: LinkSettings?

    public init() {}
}
