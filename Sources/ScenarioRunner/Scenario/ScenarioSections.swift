/// The optional feature sections of a scenario file, one stored property per feature.
/// A feature adds its property here and its decoding line in `ScenarioDecoder`.
package struct ScenarioSections: Sendable {
    /// `"pipeline"`: the check-off handler and watch-screen settings (latency feature).
    package var pipeline: PipelineSettings?
    /// `"complication"`: families, content, budget rules and background refreshes (complication feature).
    package var complication: ComplicationSettings?
    /// `"reminders"`: the phone app's notification scheduler.
    package var reminders: RemindersSettings?

    /// `"link"`: the watch↔phone link's settings and faults.
    package var link: LinkSettings?
}
