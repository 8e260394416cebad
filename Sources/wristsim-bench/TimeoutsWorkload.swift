/// `wristsim-bench timeouts`: workload B, the engine micro-benchmark (WORKLOAD.md §3), on our kernel.
struct TimeoutsWorkload: BenchWorkload {
    let name = "timeouts"
    let summary = "workload B: P processes x L exponential timeouts (engine micro-benchmark)"
    let optionsHelp = """
          --p P        processes (default 1000)
          --l L        timeouts per process (default 1000)
          --seed S     seed of the CPython-compatible MT19937 stream (default 42)
          --repeat R   run R times and report the median wall time (default 1)
        """

    func run(arguments: [String]) throws(BenchUsageError) -> BenchReport {
        let options = try BenchArguments(arguments, allowed: ["p", "l", "seed", "repeat"])
        var parameters = TimeoutsParameters()
        parameters.processes = try options.int("p", default: parameters.processes, in: 1...10_000_000)
        parameters.timeoutsPerProcess = try options.int(
            "l", default: parameters.timeoutsPerProcess, in: 1...1_000_000_000)
        parameters.seed = UInt64(try options.int("seed", default: Int(parameters.seed), in: 0...Int.max))
        let repeatCount = try options.int("repeat", default: 1, in: 1...1000)

        let measurement = BenchMeasurement(repeat: repeatCount) { TimeoutsSimulation.run(parameters) }
        let outcome = measurement.outcome ?? TimeoutsOutcome()
        var report = BenchReport()
        report.add("workload", "timeouts")
        report.add("processes", .int(Int64(parameters.processes)))
        report.add("timeoutsPerProcess", .int(Int64(parameters.timeoutsPerProcess)))
        report.add("seed", .int(Int64(parameters.seed)))
        report.addTiming(measurement, events: outcome.events, simulatedSeconds: outcome.simulatedSeconds)
        report.addCheckValues(Self.checkValues(parameters, measurement))
        return report
    }

    /// The reference run must reproduce the published values; any run must be deterministic
    /// and count exactly P × L events.
    static func checkValues(
        _ parameters: TimeoutsParameters, _ measurement: BenchMeasurement<TimeoutsOutcome>
    ) -> CheckValues {
        guard let outcome = measurement.outcome, measurement.runsAgree,
            outcome.events == parameters.processes * parameters.timeoutsPerProcess
        else { return .mismatch }
        guard parameters == .reference else { return .notApplicable }
        return outcome == .reference ? .match : .mismatch
    }
}
