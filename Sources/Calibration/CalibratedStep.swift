import CompanionModel

/// One step of a calibrated pipeline: a signpost's intervals, where they ran and their cost.
package struct CalibratedStep: Hashable, Sendable {
    /// The step's name in the pipeline (the signpost's name, or what `--map` renamed it to).
    package var name: String
    /// The signpost's name in the recording.
    package var signpost: String
    /// Where it ran: the main queue when most of its intervals began on the main thread.
    package var queue: PipelineQueue
    /// How many intervals began on the main thread.
    package var onMainThread: Int
    /// The cost measured on the recording chip.
    package var cost: CostFit
}
