import SimulationKernel

/// The handler a tap on a list row runs: an ordered list of steps, each on a queue.
///
/// The handler is one main-queue block. Its ``PipelineQueue/main`` steps run in it in order; when
/// it reaches a ``PipelineQueue/background`` or ``PipelineQueue/mainAsync`` step it dispatches that
/// step (at no cost) and carries on. ``PipelineSession`` simulates the queues.
///
/// ```swift
/// let custom = try CheckOffPipeline(name: "mine", steps: [
///     PipelineStep(.updateTableModel, on: .main, cost: .milliseconds(12)),
///     PipelineStep(.removeRow, on: .main, cost: .milliseconds(18)),
///     PipelineStep(.sendMessageToPhone, on: .background, cost: .milliseconds(40)),
/// ])
/// ```
package struct CheckOffPipeline: Hashable, Sendable {
    /// The pipeline's name (`"naive"`, `"optimized"`, or a scenario's own).
    package var name: String
    /// The steps in handler order.
    package private(set) var steps: [PipelineStep]

    /// A validated pipeline.
    ///
    /// - Throws: ``PipelineError`` when there is no `removeRow`, a built-in step repeats, a UI step is
    ///   on the background queue, a name is empty or a duration is negative.
    /// - Complexity: O(*n*²) in the number of steps (pipelines have a handful).
    package init(name: String, steps: [PipelineStep]) throws(PipelineError) {
        for (index, step) in steps.enumerated() {
            if step.name.isEmpty { throw .emptyStepName }
            if step.cost < .zero || step.wait < .zero { throw .negativeDuration(step: step.name) }
            if step.kind.touchesUI, step.queue == .background { throw .uiStepOffMain(step.name) }
            if case .custom = step.kind { continue }
            if steps[..<index].contains(where: { $0.kind == step.kind }) { throw .duplicateStep(step.name) }
        }
        guard steps.contains(where: { $0.kind == .removeRow }) else { throw .missingRemoveRow }
        self.name = name
        self.steps = steps
    }
}
