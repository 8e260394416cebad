import SimulationKernel

/// One step of a check-off handler: what it does, where it runs, and what it costs.
package struct PipelineStep: Hashable, Sendable {
    /// What the step does.
    package var kind: PipelineStepKind
    /// Where it runs.
    package var queue: PipelineQueue
    /// CPU time on the reference chip (the S1, relative speed 1.0); a chip of relative speed *s*
    /// needs `cost / s`.
    package var cost: SimDuration
    /// Time the step then spends blocked without using the CPU (waiting for the phone's reply in a
    /// synchronous send). Not scaled by CPU speed; the queue stays busy for it.
    package var wait: SimDuration

    package init(_ kind: PipelineStepKind, on queue: PipelineQueue, cost: SimDuration, wait: SimDuration = .zero) {
        self.kind = kind
        self.queue = queue
        self.cost = cost
        self.wait = wait
    }

    /// The step's name (``PipelineStepKind/name``).
    package var name: String { kind.name }

    /// The CPU time on a chip of relative speed `speed`, rounded to the nanosecond.
    package func scaledCost(speed: Double) -> SimDuration { cost.scaled(by: 1 / speed) }
}
