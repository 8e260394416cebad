import CompanionModel
import SimulationKernel

/// `wristsim-bench complication`: drives the Tube Status complication (WidgetKit, one entry,
/// `after(2m)`, 50 reloads a day) through N simulated days of policy reloads, with an app reload
/// every hour, then builds the timeline report (staleness and the longest time without a reload).
/// Then queues M complication transfers, each followed by an ordinary userInfo transfer, while
/// the watch is out of range (each new current transfer untags the one before it), and delivers
/// them all, one arrival at a time, to the running watch app when the watch is back in range.
///
/// Reports the wall times, reloads and transfers per second and check values (policy reloads, the
/// longest gap, transfers untagged and delivered, send order kept) that are identical on every
/// machine for the same options; both costs should grow linearly with N and M.
struct ComplicationWorkload: BenchWorkload {
    let name = "complication"
    let summary = "drive N days of paced WidgetKit policy reloads and build the timeline report"
    let optionsHelp = """
          --days N        simulated days (default 365)
          --transfers M   complication transfers queued out of range (default 10000; 0 skips)
        """

    func run(arguments: [String]) throws(BenchUsageError) -> BenchReport {
        let options = try BenchArguments(arguments, allowed: ["days", "transfers"])
        let days = try options.int("days", default: 365, in: 1...36_500)
        let transfers = try options.int("transfers", default: 10_000, in: 0...1_000_000)
        let end = SimTime(offset: .days(Int64(days)))
        let stopwatch = Stopwatch()
        let configuration = ComplicationConfiguration(
            families: [.circular, .inline], budget: .tubeStatus)
        var model = ComplicationTimelineModel(
            configuration: configuration, list: ShoppingList(items: [ShoppingItem(id: "a", title: "Oyster")]),
            presence: .onActiveFace)
        var nextPolicy = model.budget.policyReload?.grantedFor
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
        let reloads = report.requestCounts.granted
        var bench = BenchReport()
        bench.add("days", .int(Int64(days)))
        bench.add("wallSeconds", .decimal(Int64((seconds * 1_000).rounded()), scale: 3))
        bench.add("reloadsPerSecond", .int(Int64((Double(reloads) / max(seconds, 1e-9)).rounded())))
        bench.add("check.reloads", .int(Int64(reloads)))
        bench.add("check.policyReloads", .int(Int64(report.policyReloads.count)))
        bench.add("check.longestWithoutReload", .duration(longest))
        if transfers > 0 { addTransfers(transfers, to: &bench) }
        return bench
    }

    /// The transfer phase: `count` current complication transfers and `count` userInfo transfers,
    /// alternating, queued out of range; then delivered.
    private func addTransfers(_ count: Int, to bench: inout BenchReport) {
        var configuration = LinkConfiguration(faults: LinkFaults(latency: .fixed(.milliseconds(100))))
        configuration.complicationTransfersPerDay = count
        let stopwatch = Stopwatch()
        var rng = SplitMix64(seed: 1)
        var link = WatchLink(configuration: configuration, rng: &rng)
        var loop = EventLoop<LinkEvent>(capacity: 2 * count + 16)
        loop.schedule(.environment(.phoneOutOfRange), at: .zero)
        for index in 0..<count {
            let at = SimTime(offset: .milliseconds(Int64(index) * 2 + 1))
            loop.schedule(.request(.transferCurrentComplicationUserInfo(.complicationUpdate(remaining: index))), at: at)
            loop.schedule(.request(.transferUserInfo(.data(label: "u\(index)", bytes: 10), from: .phone)), at: at)
        }
        loop.schedule(.environment(.phoneInRange), at: SimTime(offset: .milliseconds(Int64(count) * 2 + 10)))
        var untagged = 0
        // The driver owns the apps' states (the link keeps none).
        var apps = LinkApps(watch: .foreground, phone: .background)
        var timers = LinkTimers()
        while let event = loop.next() {
            timers.willHandle(event)
            var effects: [LinkTransportEffect] = []
            link.reduce(event, at: LinkMoment(now: loop.now, apps: apps, trace: .recorded)) { effects.append($0) }
            while !effects.isEmpty {
                var next: [LinkTransportEffect] = []
                for effect in effects {
                    switch effect {
                    case .timer(let effect): timers.perform(effect, on: &loop)
                    case .trace(let record): if record.kind == TraceKind.linkUntagged.rawValue { untagged += 1 }
                    case .changeApp(let side, let change, _):
                        if let started = apps.change(side, change) {
                            let moment = LinkMoment(now: loop.now, apps: apps, trace: .recorded)
                            link.reduce(.environment(started), at: moment) { next.append($0) }
                        }
                    case .deliver, .outcome: break
                    }
                }
                effects = next
            }
        }
        let seconds = stopwatch.elapsedSeconds
        let deliveries = link.deliveries
        let ids = deliveries.map(\.id)
        bench.add("transfers", .int(Int64(count)))
        bench.add("transfers.wallSeconds", .decimal(Int64((seconds * 1_000).rounded()), scale: 3))
        bench.add("transfersPerSecond", .int(Int64((Double(2 * count) / max(seconds, 1e-9)).rounded())))
        bench.add("check.untagged", .int(Int64(untagged)))
        bench.add("check.delivered", .int(Int64(deliveries.count)))
        bench.add("check.inSendOrder", .bool(ids == ids.sorted()))
    }
}
