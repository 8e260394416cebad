import CompanionModel
import SimulationKernel

/// `wristsim-bench link`: runs N random fault schedules through the watch↔phone link (the same
/// generator as the property test: windows, duplicates, latency shapes, kills, session flaps),
/// settles each and verifies that the phone matches the watch.
///
/// Reports the wall time, schedules and link events per second, and check values (events
/// handled, operations applied, discrepancies — which must be 0) that are identical on every
/// machine for the same options.
struct LinkWorkload: BenchWorkload {
    let name = "link"
    let summary = "run N random link fault schedules, settle and verify each"
    let optionsHelp = """
          --schedules N   schedules to run (default 10000)
          --first-seed N  seed of the first schedule (default 0)
        """

    func run(arguments: [String]) throws(BenchUsageError) -> BenchReport {
        let options = try BenchArguments(arguments, allowed: ["schedules", "first-seed"])
        let count = try options.int("schedules", default: 10_000, in: 1...10_000_000)
        let first = try options.int("first-seed", default: 0, in: 0...Int.max)
        var events = 0
        var applied = 0
        var discrepancies = 0
        let stopwatch = Stopwatch()
        for seed in UInt64(first)..<UInt64(first + count) {
            var driver = LinkDriver.randomFaultSchedule(seed: seed)
            driver.run()
            driver.settle()
            events += driver.handledEvents
            applied += driver.system.phone.changes.count
            discrepancies += driver.verify().count
        }
        let seconds = stopwatch.elapsedSeconds
        var report = BenchReport()
        report.add("schedules", .int(Int64(count)))
        report.add("wallSeconds", .decimal(Int64((seconds * 1_000).rounded()), scale: 3))
        report.add("schedulesPerSecond", .int(Int64((Double(count) / max(seconds, 1e-9)).rounded())))
        report.add("eventsPerSecond", .int(Int64((Double(events) / max(seconds, 1e-9)).rounded())))
        report.add("check.events", .int(Int64(events)))
        report.add("check.applied", .int(Int64(applied)))
        report.add("check.discrepancies", .int(Int64(discrepancies)))
        return report
    }
}
