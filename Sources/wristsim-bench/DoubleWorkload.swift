import SimulationKernel
import WatchConnectivityDouble

/// `wristsim-bench double`: messages and transfers through ``SessionPair``s with faults (issue
/// #35's figure). Each pair gets the fault plan its seed draws (``FaultPlan/random(seed:horizon:)``:
/// latency, duplicates, out-of-range spans, app kills, a watch switch) and both sessions send in
/// turn — a message when reachable, else a userInfo transfer, every tenth an application
/// context — one a second of virtual time; then the pair recovers and runs until idle.
///
/// Reports the wall time and deliveries per second (every delegate call that hands the app a
/// payload, duplicates included), and check values that are the same on every machine for the
/// same options: deliveries, errors reported, sends.
struct DoubleWorkload: BenchWorkload {
    let name = "double"
    let summary = "send messages and transfers through seeded WatchConnectivity session pairs with faults"
    let optionsHelp = """
          --pairs N       session pairs, one seed each (default 1000)
          --sends N       sends per pair (default 100)
          --first-seed N  seed of the first pair (default 0)
        """

    /// Counts what reached the apps: a delegate on both sessions.
    final class Counter: ConnectivitySessionDelegate, @unchecked Sendable {
        var deliveries = 0
        var errors = 0

        func session(
            _ session: any ConnectivitySession, activationDidCompleteWith activationState: SessionActivationState,
            error: (any Error)?
        ) {}
        func session(_ session: any ConnectivitySession, didReceiveMessage message: [String: PropertyListValue]) {
            deliveries += 1
        }
        func session(_ session: any ConnectivitySession, didReceiveUserInfo userInfo: [String: PropertyListValue]) {
            deliveries += 1
        }
        func session(
            _ session: any ConnectivitySession,
            didReceiveApplicationContext applicationContext: [String: PropertyListValue]
        ) {
            deliveries += 1
        }
        func session(
            _ session: any ConnectivitySession, didFinish userInfoTransfer: any UserInfoTransfer, error: (any Error)?
        ) {
            if error != nil { errors += 1 }
        }
    }

    func run(arguments: [String]) throws(BenchUsageError) -> BenchReport {
        let options = try BenchArguments(arguments, allowed: ["pairs", "sends", "first-seed"])
        let pairs = try options.int("pairs", default: 1_000, in: 1...10_000_000)
        let sends = try options.int("sends", default: 100, in: 1...1_000_000)
        let first = try options.int("first-seed", default: 0, in: 0...(Int.max - pairs))
        let counter = Counter()
        let stopwatch = Stopwatch()
        for seed in UInt64(first)..<UInt64(first + pairs) {
            Self.run(seed: seed, sends: sends, counter: counter)
        }
        let seconds = stopwatch.elapsedSeconds
        var report = BenchReport()
        report.add("pairs", .int(Int64(pairs)))
        report.add("wallSeconds", .decimal(Int64((seconds * 1_000).rounded()), scale: 3))
        report.add("deliveriesPerSecond", .int(Int64((Double(counter.deliveries) / max(seconds, 1e-9)).rounded())))
        report.add("check.sends", .int(Int64(pairs * sends)))
        report.add("check.deliveries", .int(Int64(counter.deliveries)))
        report.add("check.errors", .int(Int64(counter.errors)))
        return report
    }

    /// One pair: `sends` sends alternating between the sides, one a second, then recovery.
    static func run(seed: UInt64, sends: Int, counter: Counter) {
        let pair = SessionPair(
            seed: seed, faults: .random(seed: seed, horizon: .seconds(sends)), recordsMessageTrail: false)
        pair.watch.delegate = counter
        pair.phone.delegate = counter
        pair.watch.activate()
        pair.phone.activate()
        let payload: [String: PropertyListValue] = ["item": "milk", "done": true]
        for index in 0..<sends {
            let session = index % 2 == 0 ? pair.watch : pair.phone
            if index % 10 == 9 {
                try? session.updateApplicationContext(payload)
            } else if session.isReachable {
                session.sendMessage(payload, replyHandler: nil) { _ in counter.errors += 1 }
            } else {
                session.transferUserInfo(payload)
            }
            pair.advance(by: .seconds(1))
        }
        pair.recover()
    }
}
