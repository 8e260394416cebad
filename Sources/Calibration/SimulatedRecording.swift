import CompanionModel
import SimulationKernel

/// A recording made without a watch: a known handler's steps run check-off after check-off, each
/// run's cost drawn by the pipeline engine's own jitter model (``PipelineJitter``), seeded.
/// The round-trip tests, the shipped study's export and the benchmark's large export come from it.
///
/// ```swift
/// let steps = [SimulatedRecording.Step(name: "removeRow", onMain: true, median: 2_000_000, spread: 0.2)]
/// let intervals = SimulatedRecording(steps: steps, checkOffs: 100, seed: 7).intervals
/// ```
package struct SimulatedRecording: Sendable {
    /// One step of the known handler, with its cost on the recording chip.
    package struct Step: Hashable, Sendable {
        package var name: String
        package var onMain: Bool
        /// The median cost in nanoseconds.
        package var median: Int64
        /// The spread of the lognormal factor.
        package var spread: Double
        /// The chance that a run also pauses, and the pause in nanoseconds.
        package var pauseProbability: Double
        package var pause: Int64

        package init(
            name: String, onMain: Bool, median: Int64, spread: Double, pauseProbability: Double = 0,
            pause: Int64 = 0
        ) {
            self.name = name
            self.onMain = onMain
            self.median = median
            self.spread = spread
            self.pauseProbability = pauseProbability
            self.pause = pause
        }
    }

    package var steps: [Step]
    package var checkOffs: Int
    package var seed: UInt64
    /// The time between two check-offs' taps, in nanoseconds.
    package var tapInterval: Int64 = 2_000_000_000

    package init(steps: [Step], checkOffs: Int, seed: UInt64) {
        self.steps = steps
        self.checkOffs = checkOffs
        self.seed = seed
    }

    /// Every interval of check-off `tap`, in the order they start: main-queue steps one after
    /// another from the tap; a background step starts when the handler reaches it or when the
    /// background queue's previous step ends, whichever is later. Intervals that start together
    /// are in handler order.
    package func intervals(ofCheckOff tap: Int) -> [SignpostInterval] {
        var main = Int64(tap + 1) * tapInterval
        var background = main
        var result: [(interval: SignpostInterval, index: Int)] = []
        for (index, step) in steps.enumerated() {
            let jitter = PipelineJitter(
                spread: step.spread, pauseProbability: step.pauseProbability,
                pause: SimDuration(nanoseconds: step.pause))
            let cost = jitter.cost(SimDuration(nanoseconds: step.median), speed: 1, seed: seed, tap: tap, step: index)
            let start: Int64
            if step.onMain {
                start = main
                main += cost.nanoseconds
            } else {
                start = max(background, main)
                background = start + cost.nanoseconds
            }
            let interval = SignpostInterval(
                name: step.name, start: start, duration: cost.nanoseconds, onMainThread: step.onMain)
            result.append((interval, index))
        }
        return result.sorted { ($0.interval.start, $0.index) < ($1.interval.start, $1.index) }.map(\.interval)
    }

    /// Every interval of every check-off.
    package var intervals: [SignpostInterval] { (0..<checkOffs).flatMap { intervals(ofCheckOff: $0) } }

    /// The recording as an export: `writer`'s header, one row per interval, its footer.
    package func export(_ writer: SignpostExportWriter = SignpostExportWriter()) -> String {
        var writer = writer
        var text = writer.header()
        var identifier = 1
        for tap in 0..<checkOffs {
            for interval in intervals(ofCheckOff: tap) {
                text += writer.row(interval, identifier: identifier)
                identifier += 1
            }
        }
        return text + writer.footer()
    }
}
