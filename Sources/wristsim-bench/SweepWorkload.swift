import ScenarioRunner
import SimulationKernel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `wristsim-bench sweep`: whole scenario runs per second on one core, as `wristsim sweep` and
/// `wristsim explore` run them: the scenario decoded once, then seed after seed through
/// ``SweepRunner`` (a fresh simulation per run, its observation folded into the cell's
/// statistics).
///
/// Two scenarios: `Scenarios/weekly-shop.json` (32 taps over 40 minutes, optimized pipeline) and
/// `Scenarios/reminders-weekday.json` (ten reminders through a day with a snooze, a completion
/// and a watch check-off). Reports wall-clock runs per second and runs per CPU-second of this
/// process (the figure that means "per core" on a shared machine).
struct SweepWorkload: BenchWorkload {
    let name = "sweep"
    let summary = "whole scenario runs per second per core (weekly-shop, reminders-weekday)"
    let optionsHelp = """
          --runs N      runs per scenario (default 20000)
          --first N     first seed (default 1)
          --scenario S  only this one: weekly-shop or reminders-weekday (default both)
        """

    static let scenarios = ["Scenarios/weekly-shop.json", "Scenarios/reminders-weekday.json"]

    func run(arguments: [String]) throws(BenchUsageError) -> BenchReport {
        let options = try BenchArguments(arguments, allowed: ["runs", "first", "scenario"])
        let runs = try options.int("runs", default: 20_000, in: 1...100_000_000)
        let first = UInt64(try options.int("first", default: 1, in: 0...Int.max))
        let paths = try SweepWorkload.chosenScenarios(options.string("scenario"))
        var report = BenchReport()
        report.add("runs", .int(Int64(runs)))
        for path in paths {
            let runner: SweepRunner
            do {
                let root = try JSONParser.parse(try ScenarioLoader.read(path), file: path)
                let scenario = try ScenarioDecoder.decode(root: root, file: path)
                let plan = try SweepPlan(
                    file: path, name: scenario.name, firstSeed: first, lastSeed: first + UInt64(runs) - 1,
                    watches: [scenario.watch], pipelines: [nil], settings: [])
                runner = try SweepRunner(plan: plan, root: root, decoded: scenario)
            } catch {
                throw BenchUsageError(message: "cannot load \(path) (run from the package root): \(error)")
            }
            let label = path.split(separator: "/").last.map { String($0.dropLast(5)) } ?? path
            let cpuStart = SweepWorkload.processCPUSeconds()
            let stopwatch = Stopwatch()
            let result: SweepResult
            do {
                result = try runner.run(0..<runner.plan.runCount)
            } catch {
                throw BenchUsageError(message: "cannot run \(path): \(error)")
            }
            let seconds = stopwatch.elapsedSeconds
            let cpu = SweepWorkload.processCPUSeconds() - cpuStart
            let stats = result.cells[0]
            report.add("\(label).wallSeconds", .decimal(Int64((seconds * 1_000).rounded()), scale: 3))
            report.add("\(label).cpuSeconds", .decimal(Int64((cpu * 1_000).rounded()), scale: 3))
            report.add("\(label).runsPerSecond", .int(Int64((Double(runs) / max(seconds, 1e-9)).rounded())))
            report.add("\(label).runsPerCPUSecond", .int(Int64((Double(runs) / max(cpu, 1e-9)).rounded())))
            report.add("\(label).microsecondsPerRun", .int(Int64((cpu * 1e6 / Double(runs)).rounded())))
            report.add("\(label).passed", .int(Int64(stats.passed)))
            report.add("\(label).taps", .int(Int64(stats.pooled.total)))
        }
        return report
    }

    /// The scenario files to run: both, or the one `--scenario` names (by file name without `.json`).
    static func chosenScenarios(_ name: String?) throws(BenchUsageError) -> [String] {
        guard let name else { return scenarios }
        guard let path = scenarios.first(where: { $0.hasSuffix("/\(name).json") }) else {
            throw BenchUsageError(
                message: "--scenario expects weekly-shop or reminders-weekday, found '\(name)'")
        }
        return [path]
    }

    /// CPU time used by this process so far (user + system), in seconds.
    static func processCPUSeconds() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) * 1e-9
    }
}
