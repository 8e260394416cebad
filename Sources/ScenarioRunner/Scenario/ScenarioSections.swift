/// The optional feature sections of a scenario file, one stored property per feature.
/// A feature adds its property here and its decoding line in `ScenarioDecoder`.
public struct ScenarioSections: Sendable {
    /// `"reminders"`: the phone app's notification scheduler.
    public var reminders: RemindersSettings?
    public init() {}
}
