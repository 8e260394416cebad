import CompanionModel
import SimulationKernel

extension ComplicationFeature {
    /// Whether the feature has a complication to keep: only with a `"complication"` section.
    /// Without one it is inert, and ``handle(_:_:into:)`` drops every event at once.
    ///
    /// - Complexity: O(1).
    var isListening: Bool {
        if case .some = settings { return true }
        return false
    }
}

extension WorldContext {
    /// Whether the world has a complication that listens (``ComplicationFeature/isListening``,
    /// read from the run's prepared start, which every run shares).
    ///
    /// A sender may skip a ``ComplicationEvent`` when it is `false`: the complication would drop
    /// the event, and sending one is handled at once and schedules nothing, so skipping it
    /// changes nothing but the cost (per check-off: building the event, routing it and dropping
    /// it).
    ///
    /// - Complexity: O(1).
    var complicationListens: Bool { prepared.complication.isListening }
}
