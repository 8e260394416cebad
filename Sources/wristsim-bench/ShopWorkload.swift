/// `wristsim-bench shop`: workload A, the shopping trip (WORKLOAD.md §2), on our kernel.
struct ShopWorkload: BenchWorkload {
    let name = "shop"
    let summary = "workload A: N shoppers x K taps, watch UI thread, phone link with retries"
    let optionsHelp = """
          --n N        shoppers (default 1000)
          --k K        items per shopper (default 50)
          --seed S     seed of the CPython-compatible MT19937 stream (default 42)
          --repeat R   run R times and report the median wall time (default 1)
        """

    func run(arguments: [String]) throws(BenchUsageError) -> BenchReport {
        let options = try BenchArguments(arguments, allowed: ["n", "k", "seed", "repeat"])
        var parameters = ShopParameters()
        parameters.shoppers = try options.int("n", default: parameters.shoppers, in: 1...1_000_000)
        parameters.itemsPerShopper = try options.int("k", default: parameters.itemsPerShopper, in: 1...1_000_000)
        parameters.seed = UInt64(try options.int("seed", default: Int(parameters.seed), in: 0...Int.max))
        let repeatCount = try options.int("repeat", default: 1, in: 1...1000)
        guard parameters.shoppers * parameters.itemsPerShopper <= 50_000_000 else {
            throw BenchUsageError(
                message: "--n times --k expects at most 50000000 taps, found "
                    + "\(parameters.shoppers * parameters.itemsPerShopper)")
        }

        let measurement = BenchMeasurement(repeat: repeatCount) { ShopSimulation.run(parameters) }
        let outcome = measurement.outcome ?? ShopOutcome()
        var report = BenchReport()
        report.add("workload", "shop")
        report.add("shoppers", .int(Int64(parameters.shoppers)))
        report.add("itemsPerShopper", .int(Int64(parameters.itemsPerShopper)))
        report.add("seed", .int(Int64(parameters.seed)))
        report.add("taps", .int(Int64(outcome.taps)))
        report.add("delivered", .int(Int64(outcome.delivered)))
        report.add("attempts", .int(Int64(outcome.attempts)))
        report.add("retries", .int(Int64(outcome.retries)))
        report.addTiming(measurement, events: outcome.events, simulatedSeconds: outcome.simulatedSeconds)
        report.addCheckValues(Self.checkValues(parameters, measurement))
        return report
    }

    /// The reference run must reproduce every published value; any run must be deterministic,
    /// satisfy the closed form and deliver every message.
    static func checkValues(_ parameters: ShopParameters, _ measurement: BenchMeasurement<ShopOutcome>) -> CheckValues {
        guard let outcome = measurement.outcome, measurement.runsAgree, outcome.events == outcome.closedFormEvents,
            outcome.delivered == parameters.shoppers * parameters.itemsPerShopper
        else { return .mismatch }
        guard parameters == .reference else { return .notApplicable }
        return outcome == .reference ? .match : .mismatch
    }
}
