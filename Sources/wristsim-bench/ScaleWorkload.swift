import CompanionModel
import Foundation
import ScenarioRunner
import SimulationKernel

/// `wristsim-bench scale`: for every input a user controls the size of (the file itself and its
/// errors, script steps, taps,
/// windows, terminations, history trips and items, repeating occurrences, deliveries, pushes,
/// refreshes, latency taps, the phone's removals in list order, app stops after an undeliverable
/// check-off, explore's shrink, report pages of many files), the wall time, CPU time and peak memory of a run at n = 10³, 10⁴, 10⁵
/// (10⁶ where an element is small), and the ratio between successive sizes (≈ 10 for linear,
/// ≈ 100 for quadratic; of the CPU time, which a machine shared with other work disturbs less
/// than the wall time).
///
/// Each scenario is generated in memory as JSON text and goes through the real decoder and
/// runner. Each (input, n) runs in a child process (`--input NAME --n N`), so its peak
/// resident memory (`getrusage` max RSS) is its own.
struct ScaleWorkload: BenchWorkload {
    let name = "scale"
    let summary = "Time and peak memory of every user-sized input at n = 10^3..10^5 (10^6), with growth ratios"
    let optionsHelp = """
          --input NAME   only this input (\(ScaleInput.all.map(\.name).joined(separator: ", ")))
          --n N          run one size in this process and print "seconds maxRSSkB passed cpuSeconds" (used by the parent)
          --max N        skip sizes above N (default 10000, so CI stays quick; --max 1000000 for every size)
          --max-growth R exit 1 when an input's CPU time grows more than R times from one size to the
                         next (judged where the larger size takes at least 0.1 CPU-s), when a run
                         does not pass its checks, or when a child fails; CI runs it with R = 25
        """

    func run(arguments: [String]) throws(BenchUsageError) -> BenchReport {
        let only = value("--input", in: arguments)
        let inputs =
            try only.map { name throws(BenchUsageError) in
                guard let input = ScaleInput.all.first(where: { $0.name == name }) else {
                    throw BenchUsageError(message: "unknown input '\(name)'")
                }
                return [input]
            } ?? ScaleInput.all
        if let text = value("--n", in: arguments) {
            guard let n = Int(text), n > 0, let input = inputs.first, inputs.count == 1 else {
                throw BenchUsageError(message: "--n needs a positive size and one --input")
            }
            let figures = Self.measure(input, n: n)
            print("\(figures.seconds) \(Self.maxResidentKilobytes()) \(figures.passed) \(figures.cpuSeconds)")
            exit(0)
        }
        let maximum = try positive("--max", in: arguments, parse: Int.init) ?? 10_000
        let growth = try positive("--max-growth", in: arguments, parse: Double.init).map { ScaleGrowth(limit: $0) }
        var report = BenchReport()
        var measurements: [ScaleMeasurement] = []
        for input in inputs {
            var previous: ScaleMeasurement?
            for n in input.sizes where n <= maximum {
                guard let measured = Self.child(input, n: n) else {
                    report.add("\(input.name).n\(n)", .string("failed"))
                    report.failures.append("\(input.name) at n = \(n): the child process failed")
                    previous = nil
                    continue
                }
                report.add(measured, after: previous)
                measurements.append(measured)
                previous = measured
            }
        }
        if let growth { report.failures += growth.violations(in: measurements) }
        return report
    }

    /// The value of `option` parsed by `parse`, or `nil` when absent; a value that does not parse
    /// or is not above zero is a usage error.
    private func positive<Number: Comparable & Numeric>(
        _ option: String, in arguments: [String], parse: (String) -> Number?
    ) throws(BenchUsageError) -> Number? {
        guard let index = arguments.firstIndex(of: option) else { return nil }
        guard index + 1 < arguments.count, let number = parse(arguments[index + 1]), number > 0 else {
            throw BenchUsageError(message: "\(option) needs a number above zero")
        }
        return number
    }

    private func value(_ option: String, in arguments: [String]) -> String? {
        guard let index = arguments.firstIndex(of: option), index + 1 < arguments.count else { return nil }
        return arguments[index + 1]
    }

    /// Decodes and runs the input of size `n`; returns the wall time, the CPU time (user and
    /// system: on a shared machine, the part of the wall time this process ran) and whether it
    /// passed.
    static func measure(_ input: ScaleInput, n: Int) -> (seconds: Double, cpuSeconds: Double, passed: Bool) {
        let bytes = Array(input.scenario(n).utf8)
        let cpuStart = cpuSeconds()
        let stopwatch = Stopwatch()
        func figures(_ passed: Bool) -> (seconds: Double, cpuSeconds: Double, passed: Bool) {
            (stopwatch.elapsedSeconds, cpuSeconds() - cpuStart, passed)
        }
        if input.stage == .sweepCells { return figures(sweep(bytes, cells: n, file: "scale-\(input.name).json")) }
        if input.stage == .exploreShrink { return shrink(bytes, file: "scale-\(input.name)-\(n).json") }
        if input.stage == .report { return figures(report(bytes, files: n)) }
        let scenario: Scenario
        do {
            scenario = try ScenarioDecoder.decode(bytes, file: "scale-\(input.name)-\(n).json")
        } catch {
            guard input.stage == .loadErrors, error.all.count == ScenarioErrorCollector.limit else {
                writeToStandardError("error: \(error)\n")
                exit(1)
            }
            _ = error.description
            return figures(true)
        }
        if input.stage != .run { return figures(input.stage == .load) }
        if input.profilesLatency {
            let profile = LatencyProfile.run(scenario, trace: .off)
            _ = profile
            return figures(true)
        }
        let outcome: ScenarioOutcome
        if input.recordsTrace {
            var simulation = ScenarioSimulation(scenario: scenario, trace: .recorded)
            outcome = simulation.run()
        } else {
            outcome = UntracedRun(scenario).outcome
        }
        if let broken = outcome.invariantFailures.first { writeToStandardError("note: \(broken.message)\n") }
        return figures(outcome.invariantFailures.isEmpty)
    }

    /// Sweeps the scenario `bytes` over `cells` values of `pipeline.jitter`, one seed each, as
    /// `wristsim sweep FILE --seeds 1..1 --set pipeline.jitter=…` does (text result built); returns
    /// whether every run passed.
    static func sweep(_ bytes: [UInt8], cells: Int, file: String) -> Bool {
        do {
            let root = try JSONParser.parse(bytes, file: file)
            let scenario = try ScenarioDecoder.decode(root: root, file: file)
            let values = (0..<cells).map { String(format: "%.5f", Double($0) / Double(cells)) }
            let plan = try SweepPlan(
                file: file, name: scenario.name, firstSeed: 1, lastSeed: 1, watches: [scenario.watch],
                pipelines: [nil], settings: [SweepSetting(key: "pipeline.jitter", values: values)])
            let result = try SweepRunner(plan: plan, root: root, decoded: scenario).run(0..<plan.runCount)
            _ = result.text
            return result.cells.allSatisfy { $0.passed == $0.runs }
        } catch {
            writeToStandardError("error: \(error)\n")
            exit(1)
        }
    }

    /// Finds the first failing run of an exploration of `bytes` with the phone's planted sequence
    /// bug, then shrinks it as `wristsim explore` does; only the shrink is timed.
    static func shrink(_ bytes: [UInt8], file: String) -> (seconds: Double, cpuSeconds: Double, passed: Bool) {
        PlantedLinkBug.$current.withValue(.phoneIgnoresSequence) {
            do {
                let explorer = try ExploreRunner(file: file, root: try JSONParser.parse(bytes, file: file), seed: 1)
                var run: UInt64 = 0
                var failure: ExploreFailure?
                while failure == nil, run < 200 {
                    failure = explorer.explore(runs: run..<run + 1).firstFailure
                    run += 1
                }
                guard let failure else {
                    writeToStandardError("error: no failing run in 200\n")
                    exit(1)
                }
                let cpuStart = cpuSeconds()
                let stopwatch = Stopwatch()
                let repro = explorer.shrink(failure)
                writeToStandardError(
                    "note: shrink of run \(failure.run): \(repro.runsSpent) runs, \(repro.eventsSpent) events"
                        + (repro.shrinking == .stoppedEarly ? ", stopped early" : "") + "\n")
                return (stopwatch.elapsedSeconds, cpuSeconds() - cpuStart, repro.file != nil)
            } catch {
                writeToStandardError("error: \(error)\n")
                exit(1)
            }
        }
    }

    /// Runs `files` copies of the scenario `bytes` for the report page and makes the page, as
    /// `wristsim report` does: each scenario's part made as it runs (the command keeps the parts
    /// on disk; here they are counted and dropped), then the head with the index of every file.
    /// Returns whether every run passed.
    static func report(_ bytes: [UInt8], files: Int) -> Bool {
        var page = HTMLReport()
        var size = 0
        var passed = true
        for index in 0..<files {
            do {
                let scenario = try ScenarioDecoder.decode(bytes, file: "scale-report-\(index).json")
                let data = try ScenarioReportData.extract(scenario)
                passed = passed && data.outcome.passed
                size += page.add(data).utf8.count
            } catch {
                writeToStandardError("error: \(error)\n")
                exit(1)
            }
        }
        size += page.head.utf8.count + HTMLReport.tail.utf8.count
        return size > 0 && passed
    }

    /// The CPU time (user and system) this process has used so far.
    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    static func maxResidentKilobytes() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss
    }

    /// Runs one size in a child process and reads its figures, or `nil` when the child failed.
    static func child(_ input: ScaleInput, n: Int) -> ScaleMeasurement? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["scale", "--input", input.name, "--n", String(n)]
        let out = Pipe()
        process.standardOutput = out
        do { try process.run() } catch { return nil }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let words = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isWhitespace)
        guard process.terminationStatus == 0, words.count == 4, let seconds = Double(words[0]),
            let kilobytes = Int(words[1]), let passed = Bool(String(words[2])), let cpuSeconds = Double(words[3])
        else { return nil }
        return ScaleMeasurement(
            input: input.name, n: n, seconds: seconds, cpuSeconds: cpuSeconds, kilobytes: kilobytes, passed: passed)
    }
}

extension BenchReport {
    /// Adds `measured` as the field `input.nN`: a line of text with the growth from `previous`
    /// (the size before, if measured), and in JSON an object of numbers.
    mutating func add(_ measured: ScaleMeasurement, after previous: ScaleMeasurement?) {
        let cpuGrowth = previous.map { measured.cpuSeconds / max($0.cpuSeconds, 1e-6) }
        let memoryGrowth = previous.map { Double(measured.kilobytes) / Double(max($0.kilobytes, 1)) }
        var growth = "-"
        if let cpuGrowth, let memoryGrowth {
            growth = String(format: "×%.1f time, ×%.1f memory", cpuGrowth, memoryGrowth)
        }
        var text = String(
            format: "%.3f s  cpu %.3f s  %d MB  %@", measured.seconds, measured.cpuSeconds, measured.kilobytes / 1024,
            growth)
        if !measured.passed { text += "  (a run did not pass)" }
        var object: [(String, JSONValue)] = [
            ("seconds", .number(measured.seconds)), ("cpuSeconds", .number(measured.cpuSeconds)),
            ("kilobytes", .int(Int64(measured.kilobytes))), ("passed", .bool(measured.passed)),
        ]
        if let cpuGrowth, let memoryGrowth {
            object += [("cpuGrowth", .number(cpuGrowth)), ("memoryGrowth", .number(memoryGrowth))]
        }
        fields.append(Field(key: "\(measured.input).n\(measured.n)", text: text, json: .object(JSONObject(object))))
    }
}
