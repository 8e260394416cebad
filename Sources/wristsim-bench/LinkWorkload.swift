import CompanionModel
import ScenarioRunner
import SimulationKernel

/// `wristsim-bench link`: runs N random two-way schedules through the whole simulated world —
/// the schedules of the two-way property test (``SyncSchedule``): phone edits (add, remove,
/// rename, check, uncheck), watch taps and dictated items, under a fault mix drawn per seed
/// (unreachable windows, duplicate deliveries, app kills and relaunches, session flaps).
///
/// Each schedule is decoded by the scenario loader, run by ``ScenarioSimulation`` to its end
/// (which checks every feature's invariants, the sync invariant among them, on the settled
/// world), then settled once more to compare the two devices' lists.
///
/// Reports the wall time, schedules and simulated events per second, and check values that are
/// identical on every machine for the same options: events scheduled, operations made on each
/// device, operations applied on the other device, discrepancies (the sync invariant broken, or
/// the lists differing once settled — must be 0) and other invariant failures (must be 0).
struct LinkWorkload: BenchWorkload {
    let name = "link"
    let summary = "run N random two-way edit schedules under faults through the world, settle and verify each"
    let optionsHelp = """
          --schedules N   schedules to run (default 10000)
          --first-seed N  seed of the first schedule (default 0)
        """

    /// Totals over the schedules run.
    struct Totals {
        var events = 0
        var phoneOperations = 0
        var watchOperations = 0
        var applied = 0
        var discrepancies = 0
        var otherFailures = 0
        var invalid = 0
    }

    func run(arguments: [String]) throws(BenchUsageError) -> BenchReport {
        let options = try BenchArguments(arguments, allowed: ["schedules", "first-seed"])
        let count = try options.int("schedules", default: 10_000, in: 1...10_000_000)
        let first = try options.int("first-seed", default: 0, in: 0...(Int.max - count))
        var totals = Totals()
        let stopwatch = Stopwatch()
        for seed in UInt64(first)..<UInt64(first + count) {
            Self.run(seed: seed, into: &totals)
        }
        let seconds = stopwatch.elapsedSeconds
        var report = BenchReport()
        report.add("schedules", .int(Int64(count)))
        report.add("wallSeconds", .decimal(Int64((seconds * 1_000).rounded()), scale: 3))
        report.add("schedulesPerSecond", .int(Int64((Double(count) / max(seconds, 1e-9)).rounded())))
        report.add("eventsPerSecond", .int(Int64((Double(totals.events) / max(seconds, 1e-9)).rounded())))
        report.add("check.events", .int(Int64(totals.events)))
        report.add("check.phoneOperations", .int(Int64(totals.phoneOperations)))
        report.add("check.watchOperations", .int(Int64(totals.watchOperations)))
        report.add("check.appliedAcross", .int(Int64(totals.applied)))
        report.add("check.discrepancies", .int(Int64(totals.discrepancies)))
        report.add("check.otherInvariantFailures", .int(Int64(totals.otherFailures)))
        report.add("check.invalidSchedules", .int(Int64(totals.invalid)))
        return report
    }

    /// Runs the schedule of `seed` and adds what it did to `totals`.
    static func run(seed: UInt64, into totals: inout Totals) {
        guard let scenario = try? SyncSchedule(seed: seed).scenario() else {
            totals.invalid += 1
            return
        }
        var simulation = ScenarioSimulation(scenario: scenario)
        let outcome = simulation.run()
        let settled = simulation.settled()
        let watch = settled.watch.sync.replica
        let phone = settled.phone.sync.replica
        let sync = outcome.invariantFailures.filter { $0.invariant == .listsConverge }.count
        totals.discrepancies += sync + (watch.list == phone.list ? 0 : 1)
        totals.otherFailures += outcome.invariantFailures.count - sync
        totals.events += simulation.loop.scheduledCount + settled.loop.scheduledCount
        totals.watchOperations += watch.lastSequence
        totals.phoneOperations += phone.lastSequence
        totals.applied += phone.passedThrough(from: .watch) + watch.passedThrough(from: .phone)
    }
}
