import CompanionModel
import SimulationKernel

/// `wristsim-bench complication`: drives the Tube Status complication (WidgetKit, one entry,
/// `after(2m)`, 50 reloads a day) through N simulated days of policy reloads, with an app reload
/// every hour, then builds the timeline report (staleness and the longest time without a reload).
///
/// Reports the wall time, reloads per second and check values (policy reloads, the longest gap)
/// that are identical on every machine for the same options; the cost should grow linearly
/// with the days.
struct ComplicationWorkload: BenchWorkload {
    let name = "complication"
    let summary = "drive N days of paced WidgetKit policy reloads and build the timeline report"
    let optionsHelp = """
          --days N   simulated days (default 365)
        """

    func run(arguments: [String]) throws(BenchUsageError) -> BenchReport {
        let options = try BenchArguments(arguments, allowed: ["days"])
        let days = try options.int("days", default: 365, in: 1...36_500)
        let end = SimTime(offset: .days(Int64(days)))
        let stopwatch = Stopwatch()
        let configuration = ComplicationConfiguration(
            families: [.circular, .inline], budget: ComplicationPreset.tubeStatus.budget)
        var model = ComplicationTimelineModel(
            configuration: configuration, items: [ShoppingItem(id: "a", title: "Oyster")], presence: .onActiveFace)
        var nextPolicy = model.budget.policyReload.grant?.grantedFor
        var nextApp = SimTime(offset: .hours(1))
        while true {
            let policy = nextPolicy ?? .distantFuture
            guard min(policy, nextApp) <= end else { break }
            let effects: [ComplicationBudgetEffect]
            if policy <= nextApp {
                effects = model.handle(.policyReloadDue(at: policy))
            } else {
                effects = model.handle(.appReload(at: nextApp, app: .foreground))
                nextApp = nextApp + .hours(1)
            }
            for case .schedulePolicyReload(let grant) in effects { nextPolicy = grant.grantedFor }
        }
        let report = ComplicationReport(model: model, until: end)
        let longest = report.longestWithoutReload
        let seconds = stopwatch.elapsedSeconds
        let reloads = report.grantedReloads.count
        var bench = BenchReport()
        bench.add("days", .int(Int64(days)))
        bench.add("wallSeconds", .decimal(Int64((seconds * 1_000).rounded()), scale: 3))
        bench.add("reloadsPerSecond", .int(Int64((Double(reloads) / max(seconds, 1e-9)).rounded())))
        bench.add("check.reloads", .int(Int64(reloads)))
        bench.add("check.policyReloads", .int(Int64(report.policyReloads.count)))
        bench.add("check.longestWithoutReload", .duration(longest))
        return bench
    }
}
