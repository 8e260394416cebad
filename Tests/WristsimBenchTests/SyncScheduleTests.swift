import ScenarioRunner
import SimulationKernel
import Testing

@testable import CompanionModel
@testable import wristsim_bench

/// Whole-simulation property of issue #9: over 1,000 random schedules (``SyncSchedule``) with
/// edits on both devices — the phone adds, removes, renames, checks and unchecks; the watch
/// checks items off by tapping and adds items by dictation; a notification's Complete is handled
/// by the phone app — under faults drawn per seed
/// (unreachable windows, duplicate deliveries, watch-app terminations and relaunches, phone-app
/// kills, session flaps, wrist drops), every run of the real ``ScenarioSimulation`` ends with
/// both devices showing the same list, and no operation lost, doubled or applied out of order.
/// A failure names its seed and the item's message trail.
@Suite struct TwoWayWorldPropertyTests {
    static let blocks: UInt64 = 4
    static let seedsPerBlock: UInt64 = 250

    /// What one schedule exercised, summed over a block.
    struct Coverage {
        var counts: [String: Int] = [:]

        mutating func add(_ key: String, _ count: Int = 1) {
            if count > 0 { counts[key, default: 0] += count }
        }
    }

    /// Runs the schedule of `seed`; returns its failures (empty when the property holds).
    static func check(seed: UInt64, coverage: inout Coverage) -> [String] {
        let scenario: Scenario
        do {
            scenario = try SyncSchedule(seed: seed).scenario()
        } catch {
            return ["the generated scenario does not load: \(error)"]
        }
        var simulation = ScenarioSimulation(scenario: scenario)
        let outcome = simulation.run()
        var failures = outcome.invariantFailures.map(\.message)
        let settled = simulation.settled()
        let watch = settled.watch.sync
        let phone = settled.phone.sync
        if watch.replica.list != phone.replica.list {
            failures.append("the lists differ: watch \(watch.replica.list), phone \(phone.replica.list)")
        }
        if settled.watch.list.items.map(\.id).sorted() != watch.replica.list.map(\.id).sorted() {
            failures.append("the watch shows \(settled.watch.list.items.map(\.id)), its replica \(watch.replica.list)")
        }
        if !(settled.link.transport.interactive.isEmpty && settled.link.transport.lanes.isEmpty && watch.courier.isIdle
            && phone.courier.isIdle)
        {
            failures.append(
                "the link did not finish: watch waits for \(watch.courier.carriers), "
                    + "phone for \(phone.courier.carriers)")
        }
        failures += linkFailures(settled)
        for event in settled.trace {
            if event.is(.syncDuplicate) { coverage.add("duplicate") }
            if event.is(.syncHeld) { coverage.add("held") }
            if event.is(.syncDropped) { coverage.add("dropped") }
            guard event.is(.syncApplied), case .string(let device)? = event["device"] else { continue }
            if event["lostTo"] != nil { coverage.add("superseded") }
            if event["lostTo"] == nil, case .string(let op)? = event["op"], !op.hasPrefix(device) {
                coverage.add(device == "watch" ? "phoneEditReachedWatch" : "watchEditReachedPhone")
            }
        }
        for event in outcome.trace {
            if event.is(.watchApp), event["state"] == "notRunning" { coverage.add("watchAppStopped") }
            if event.is(.phoneApp), event["state"] == "notRunning" { coverage.add("phoneAppStopped") }
            if event.is(.linkRange), event["state"] == "outOfRange" { coverage.add("outOfRange") }
            if event.is(.linkSession), event["state"] == "inactive" { coverage.add("sessionInactive") }
            if event.is(.phoneNotificationAction), event["action"] == "complete", event["outcome"] == "completed" {
                coverage.add("notificationComplete")
            }
        }
        return failures
    }

    /// The transport's own promises on a settled world: every channel delivers first copies in
    /// send order per direction, and no interactive message has two outcomes (reply or error).
    static func linkFailures(_ settled: ScenarioSimulation) -> [String] {
        var failures: [String] = []
        for channel in LinkChannel.allCases {
            for route in [LinkRoute.watchToPhone, .phoneToWatch] {
                let ids = settled.link.transport.deliveries
                    .filter { $0.channel == channel && $0.route == route }.map(\.id)
                if ids != ids.sorted() { failures.append("\(channel.name) \(route.name) out of order: \(ids)") }
            }
        }
        var outcomes: [TraceValue: Int] = [:]
        for event in settled.trace
        where (event.is(.linkReplied) || event.is(.linkFailed)) && event["channel"] == "interactive" {
            if let id = event["id"] { outcomes[id, default: 0] += 1 }
        }
        for (id, count) in outcomes where count > 1 {
            failures.append("interactive message \(id) had \(count) outcomes")
        }
        return failures
    }

    @Test(arguments: 0..<blocks)
    func editsOnBothDevicesUnderFaultsConverge(block: UInt64) {
        var coverage = Coverage()
        for seed in (block * Self.seedsPerBlock)..<((block + 1) * Self.seedsPerBlock) {
            let failures = Self.check(seed: seed, coverage: &coverage)
            #expect(
                failures.isEmpty, "seed \(seed) (SyncSchedule(seed: \(seed))):\n\(failures.joined(separator: "\n"))")
        }
        // A property that never reaches the hard paths proves little.
        for path in [
            "duplicate", "held", "superseded", "dropped", "phoneEditReachedWatch", "watchEditReachedPhone",
            "watchAppStopped", "phoneAppStopped", "outOfRange", "sessionInactive", "notificationComplete",
        ] {
            #expect(
                coverage.counts[path, default: 0] > 0, "block \(block): no \(path) in \(Self.seedsPerBlock) schedules")
        }
    }

    /// The property can fail: with the planted bug (the phone applies every copy it receives,
    /// ignoring the per-origin sequence) it reports a seed within the first schedules.
    @Test func thePropertyCatchesAPhoneThatIgnoresTheSequence() {
        let failing = PlantedLinkBug.$current.withValue(.phoneIgnoresSequence) { () -> (UInt64, [String])? in
            var coverage = Coverage()
            for seed in UInt64(0)..<200 {
                let failures = Self.check(seed: seed, coverage: &coverage)
                if !failures.isEmpty { return (seed, failures) }
            }
            return nil
        }
        let (seed, failures) = failing ?? (0, [])
        #expect(failing != nil, "no schedule caught the planted bug")
        #expect(
            failures.contains { $0.hasPrefix("sync: ") },
            "seed \(seed): \(failures)")
    }
}
