import CompanionModel
import SimulationKernel

extension ComplicationFeature {
    /// Whether the feature has a complication to keep: only with a `"complication"` section.
    /// Without one it is inert, and ``handle(_:_:into:)`` drops every event at once.
    var isListening: Bool { settings != nil }
}

extension WorldContext {
    /// Whether the world has a complication that listens (``ComplicationFeature/isListening``, read
    /// from the run's prepared start). A sender may skip a ``ComplicationEvent`` when it is `false`:
    /// the complication would drop it, so skipping changes nothing but the cost.
    var complicationListens: Bool { prepared.complication.isListening }
}
