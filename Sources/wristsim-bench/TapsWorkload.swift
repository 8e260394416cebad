import CompanionModel
import SimulationKernel

/// `wristsim-bench taps`: pushes 100,000 simulated taps through a check-off pipeline session
/// that records no effects (``PipelineEffectSelection/nothing``) and reads the taps' outcomes at
/// the end.
///
/// Two runs, each timed on its own: the `optimized` preset on the original watch (single core, so
/// every background step shares the CPU with main: the session's most eventful path) and the
/// `naive` preset on a Series 3 with taps faster than the handler (the main queue grows to tens of
/// thousands of waiting handlers). Taps are `--gap-ms` apart with a seeded jitter of up to 50 ms.
struct TapsWorkload: BenchWorkload {
    let name = "taps"
    let summary = "simulate N taps through the check-off pipeline (optimized on S1, naive on S3)"
    let optionsHelp = """
          --taps N      taps per run (default 100000)
          --gap-ms N    milliseconds between taps before jitter (default 150)
          --seed N      jitter seed (default 1)
        """

    func run(arguments: [String]) throws(BenchUsageError) -> BenchReport {
        let options = try BenchArguments(arguments, allowed: ["taps", "gap-ms", "seed"])
        let count = try options.int("taps", default: 100_000, in: 1...10_000_000)
        let gap = try options.int("gap-ms", default: 150, in: 0...3_600_000)
        let seed = try options.int("seed", default: 1, in: 0...Int.max)
        var rng = SplitMix64(seed: UInt64(seed))
        var time = SimTime.zero
        let taps = (0..<count).map { _ in
            time += .milliseconds(Int64(gap)) + SimDuration(nanoseconds: Int64(rng.next() % 50_000_000))
            return time
        }
        var report = BenchReport()
        report.add("taps", .int(Int64(count)))
        for (label, pipeline, watch) in [
            ("optimized.series0-38mm", CheckOffPipeline.optimized, WatchModel.model(named: "series0-38mm")),
            ("naive.series3-38mm", CheckOffPipeline.naive, WatchModel.model(named: "series3-38mm")),
        ] {
            let stopwatch = Stopwatch()
            var session = PipelineSession(pipeline: pipeline, watch: watch, effects: .nothing, expectedTaps: count)
            for time in taps { _ = session.tap(at: time) }
            let run = session.run(through: .distantFuture)
            let seconds = stopwatch.elapsedSeconds
            let stats = run.statistics
            report.add("\(label).wallSeconds", .decimal(Int64((seconds * 1_000).rounded()), scale: 3))
            report.add("\(label).tapsPerSecond", .int(Int64((Double(count) / max(seconds, 1e-9)).rounded())))
            report.add("\(label).p50Ms", .decimal(DurationFormat.microseconds(stats.percentile(50) ?? .zero), scale: 3))
            report.add("\(label).p99Ms", .decimal(DurationFormat.microseconds(stats.percentile(99) ?? .zero), scale: 3))
        }
        return report
    }
}
