import SimulationKernel
import Testing

@testable import CompanionModel

/// What every run of a pipeline session must satisfy, over many seeded bursts of taps, every
/// preset and a pipeline with every queue kind, on a single-core and a dual-core watch, with both
/// ways of sharing a core and with jitter: each queue runs one step at a time, in order; a step
/// takes at least its CPU time and its wait (exactly that with a core of its own); a handler
/// starts after its tap, in tap order; the row is gone at the first frame after its removal.
@Suite struct PipelineSessionPropertyTests {
    /// Every queue kind, a wait on main, and background work that overlaps the handler, so a
    /// single core's shares change in the middle of steps.
    static let mixed: CheckOffPipeline = {
        do {
            return try CheckOffPipeline(
                name: "mixed",
                steps: [
                    PipelineStep(
                        .sendMessageToPhone, on: .background, cost: .milliseconds(90), wait: .milliseconds(40)),
                    PipelineStep(.updateTableModel, on: .main, cost: .milliseconds(30)),
                    PipelineStep(.removeRow, on: .mainAsync, cost: .milliseconds(20)),
                    PipelineStep(.playHaptic, on: .main, cost: .zero, wait: .milliseconds(5)),
                    PipelineStep(.updateComplication, on: .background, cost: .milliseconds(25)),
                    PipelineStep(.hidePlaceholder, on: .mainAsync, cost: .milliseconds(7)),
                ])
        } catch {
            preconditionFailure("mixed pipeline: \(error)")
        }
    }()

    static let pipelines: [CheckOffPipeline] = [.naive, .optimized, .instant, mixed]

    @Test(arguments: pipelines)
    func everyRunKeepsTheQueuesRules(_ pipeline: CheckOffPipeline) throws {
        for watchName in ["series0-38mm", "series7-45mm"] {
            let watch = try WatchModel.named(watchName)
            for sharing in CPUSharing.allCases {
                for jitter in [PipelineJitter.exact, .standard] {
                    for seed in UInt64(0)..<25 {
                        let label = "\(pipeline.name) \(watchName) \(sharing.rawValue) seed \(seed)"
                        let taps = seededTapTimes(
                            12, seed: seed, spacing: .milliseconds(150), jitter: .milliseconds(200))
                        let run = PipelineSession.run(
                            pipeline, on: watch, sharing: sharing, jitter: jitter, jitterSeed: seed, taps: taps)
                        if let broken = Self.brokenRule(run, cores: watch.cores) {
                            Issue.record("\(label): \(broken)")
                            return
                        }
                    }
                }
            }
        }
    }

    /// The first rule `run` breaks, or `nil`.
    static func brokenRule(_ run: PipelineRun, cores: Int) -> String? {
        let steps = run.pipeline.steps
        guard run.taps.count == run.taps.map(\.index).count else { return "a tap is missing" }
        var main: [(start: SimTime, end: SimTime, tap: Int)] = []
        var background: [(start: SimTime, end: SimTime, tap: Int)] = []
        for (order, tap) in run.taps.enumerated() {
            if tap.handlerStarted < tap.tap { return "tap \(order): its handler started before the tap" }
            if order > 0, tap.handlerStarted < run.taps[order - 1].handlerStarted {
                return "tap \(order): its handler started before the previous tap's"
            }
            if tap.rowGone != FrameClock.firstBoundary(atOrAfter: tap.removalCommitted) {
                return "tap \(order): the row is not gone at the first frame after its removal"
            }
            for (index, step) in steps.enumerated() {
                let run = tap.steps[index]
                let least = run.cpu + step.wait
                if run.wall < least { return "tap \(order) step \(index): shorter than its CPU time and wait" }
                if cores >= 2, run.wall != least {
                    return "tap \(order) step \(index): with a core of its own it took \(run.wall), not \(least)"
                }
                if step.queue.isMain {
                    main.append((run.start, run.end, order))
                } else {
                    background.append((run.start, run.end, order))
                }
            }
        }
        for (name, intervals) in [("main", main), ("background", background)] {
            let sorted = intervals.sorted { ($0.start, $0.end) < ($1.start, $1.end) }
            for (earlier, later) in zip(sorted, sorted.dropFirst()) where later.start < earlier.end {
                return "the \(name) queue ran taps \(earlier.tap) and \(later.tap) at once"
            }
        }
        return nil
    }
}
