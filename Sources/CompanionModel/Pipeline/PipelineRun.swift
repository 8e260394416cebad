import SimulationKernel

/// The result of running taps through a pipeline on a watch (``PipelineSession/run(through:)``).
package struct PipelineRun: Hashable, Sendable {
    /// The pipeline that ran.
    package var pipeline: CheckOffPipeline
    /// The watch it ran on.
    package var watch: WatchModel
    /// Every tap, in simulated (time) order.
    package var taps: [TapOutcome]

    /// Tap-to-removal latencies in tap order.
    package var latencies: [SimDuration] { taps.map(\.latency) }

    /// Percentiles of the latencies.
    ///
    /// - Complexity: O(*n* log *n*).
    package var statistics: LatencyStatistics { LatencyStatistics(latencies) }

    /// Time per step over all taps, in pipeline order.
    ///
    /// - Complexity: O(*t* × *s*).
    package var stepTotals: [StepTotal] {
        pipeline.steps.enumerated().map { index, step in
            var total = StepTotal(name: step.name, queue: step.queue, wall: .zero, cpu: .zero)
            for tap in taps {
                total.wall += tap.steps[index].wall
                total.cpu += tap.steps[index].cpu
            }
            return total
        }
    }

    /// Total time taps waited for the main queue behind earlier taps.
    package var totalQueueingDelay: SimDuration { taps.reduce(.zero) { $0 + $1.queueingDelay } }
}

/// One step's time summed over a run.
package struct StepTotal: Hashable, Sendable {
    /// The step's name.
    package var name: String
    /// The queue it ran on.
    package var queue: PipelineQueue
    /// Wall time it occupied its queue (start → end), including waits and CPU sharing.
    package var wall: SimDuration
    /// CPU time it needed on the watch's chip.
    package var cpu: SimDuration
}
