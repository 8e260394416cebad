import Testing

@testable import ReminderScheduling

/// Random lists, random app runs and actions, checked against an independent model of what the
/// windowed scheduler must achieve.
@Suite struct ReminderSchedulerPropertyTests {
    /// What the app knew right after one run.
    private struct RunState {
        var at: ReminderTime
        /// Open items with a due date.
        var dues: [String: ReminderTime]
        /// Active snoozes of open items.
        var snoozes: [String: ReminderTime]
    }

    private struct Scenario {
        var window: Int
        var runs: [RunState] = []
        var repeats: [RepeatingReminder] = []
        var phone: ReminderHarness
    }

    private static let horizon: Int64 = 3 * 24 * 60

    private func randomDue(_ rng: inout TestRandom, after start: Int64) -> ReminderTime {
        // A coarse grid half of the time, so equal due dates (ties) are common.
        let span = Self.horizon - start
        let offset =
            Bool.random(using: &rng)
            ? Int64.random(in: 0...(span / 30), using: &rng) * 30
            : Int64.random(in: 0...span, using: &rng)
        return minutes(start + offset)
    }

    private func simulate(seed: UInt64) throws -> Scenario {
        var rng = TestRandom(seed: seed)
        let window = [1, 3, 8, 60, 64].randomElement(using: &rng) ?? 60
        let retention = OverflowRetention.allCases.randomElement(using: &rng) ?? .mostRecentlyAdded
        let configuration = try SchedulerConfiguration(mode: .windowed, windowSize: window)
        var scenario = Scenario(
            window: window,
            phone: ReminderHarness(
                configuration: configuration,
                retention: retention, start: .zero))
        var dues: [String: ReminderTime] = [:]
        var snoozes: [String: ReminderTime] = [:]
        var nextID = 0
        func newID() -> String {
            nextID += 1
            return "i" + String(nextID)
        }
        var initial: [(String, ReminderTime)] = []
        for _ in 0..<Int.random(in: 0...90, using: &rng) {
            initial.append((newID(), randomDue(&rng, after: 1)))
        }
        for index in 0..<Int.random(in: 0...2, using: &rng) {
            let intervals: [Int64] = [600, 3_600, 6 * 3_600, 86_400]
            let interval = intervals.randomElement(using: &rng) ?? 3_600
            let start = minutes(Int64.random(in: 0...(Self.horizon / 2), using: &rng))
            scenario.repeats.append(RepeatingReminder(id: "rep\(index)", title: "R", start: start, interval: interval))
        }
        let bulk = Bool.random(using: &rng)
        let repeats = scenario.repeats
        try scenario.phone.run(at: .zero, reason: .launch) { (scheduler) throws(ReminderSchedulerError) in
            if bulk {
                scheduler.load(initial.map { (id: $0.0, due: Optional($0.1)) }, now: .zero)
            } else {
                for (id, due) in initial { scheduler.setItem(id, due: due, now: .zero) }
            }
            for reminder in repeats { try scheduler.addRepeating(reminder, now: .zero) }
        }
        for (id, due) in initial { dues[id] = due }
        scenario.runs.append(RunState(at: .zero, dues: dues, snoozes: snoozes))

        var time: Int64 = 0
        for _ in 0..<Int.random(in: 0...25, using: &rng) {
            time += Int64.random(in: 1...(Self.horizon / 6), using: &rng)
            guard time < Self.horizon else { break }
            let now = minutes(time)
            for (id, fire) in snoozes where fire <= now { snoozes[id] = nil }
            let open = dues.keys.sorted()
            let reason = ReminderScheduler.AppRunReason.allCases.randomElement(using: &rng) ?? .foreground
            switch Int.random(in: 0..<4, using: &rng) {
            case 0 where !open.isEmpty:
                let id = open[Int.random(in: 0..<open.count, using: &rng)]
                try scenario.phone.run(at: now, reason: reason) { (s) throws(ReminderSchedulerError) in
                    try s.complete(id, now: now)
                }
                dues[id] = nil
                snoozes[id] = nil
            case 1 where !open.isEmpty:
                let id = open[Int.random(in: 0..<open.count, using: &rng)]
                try scenario.phone.run(at: now, reason: reason) { (s) throws(ReminderSchedulerError) in
                    try s.snooze(id, now: now)
                }
                snoozes[id] = now + 1_800
            case 2:
                let id = newID()
                let due = randomDue(&rng, after: max(0, time - 60))
                try scenario.phone.run(at: now, reason: reason) { $0.setItem(id, due: due, now: now) }
                dues[id] = due
            default:
                try scenario.phone.run(at: now, reason: reason)
            }
            scenario.runs.append(RunState(at: now, dues: dues, snoozes: snoozes))
        }
        scenario.phone.advance(to: minutes(Self.horizon + 120))
        return scenario
    }

    /// The last run strictly before `time` (deliveries at a run's instant precede the run).
    private func lastRun(before time: ReminderTime, in runs: [RunState]) -> RunState? {
        runs.last { $0.at < time }
    }

    @Test func windowedSchedulerInvariantsHoldForAThousandSeeds() throws {
        for seed in UInt64(1)...1_000 {
            let scenario = try simulate(seed: seed)
            let phone = scenario.phone

            // Pending ≤ 64 (and ≤ W) at every instant; nothing is ever dropped by the system.
            #expect(phone.pendingMax <= 64 && phone.pendingMax <= scenario.window, "seed \(seed)")
            #expect(phone.center.drops.isEmpty, "seed \(seed): \(phone.center.drops)")

            // Every delivered badge = incomplete items due ≤ its fire time, as known at the last refill
            // (repeating alerts carry none; their badge carrier does).
            for delivery in phone.deliveries where !delivery.identifier.hasPrefix("repeat:") {
                guard let run = lastRun(before: delivery.at, in: scenario.runs) else {
                    Issue.record("seed \(seed): delivery before any run")
                    continue
                }
                let expected = run.dues.values.filter { $0 <= delivery.at }.count
                #expect(delivery.badge == expected, "seed \(seed): \(delivery.identifier) at \(delivery.at)")
            }

            // When the app runs it sets the badge to the number of overdue incomplete items.
            #expect(phone.snapshots.count == scenario.runs.count, "seed \(seed)")
            for (snapshot, run) in zip(phone.snapshots, scenario.runs) {
                #expect(
                    snapshot.appBadge == run.dues.values.filter { $0 <= run.at }.count,
                    "seed \(seed): app badge at \(run.at)")
            }

            #expect(
                phone.deliveries.filter { $0.identifier.hasPrefix("repeat:") }.allSatisfy { $0.badge == nil },
                "seed \(seed)")

            // Missed exactly when, at the last run before its due time, it was not among the soonest W wanted.
            var expectedDelivered = Set<String>()
            var expectedMissed = Set<String>()
            var candidates = Set<String>()
            for run in scenario.runs {
                for (id, due) in run.dues where due > run.at { candidates.insert("item:\(id)@\(due.seconds)") }
                for (id, fire) in run.snoozes where fire > run.at { candidates.insert("snooze:\(id)@\(fire.seconds)") }
            }
            var windows: [ReminderTime: [String]] = [:]
            func window(at run: RunState) -> [String] {
                if let cached = windows[run.at] { return cached }
                var wanted =
                    run.dues.filter { $0.value > run.at }.map { ($0.value, "item:" + $0.key) }
                    + run.snoozes.filter { $0.value > run.at }.map { ($0.value, "snooze:" + $0.key) }
                for reminder in scenario.repeats {
                    guard let next = reminder.nextOccurrence(after: run.at) else { continue }
                    wanted += [(next, "repeat:" + reminder.id), (next, "badge:" + reminder.id)]
                }
                let result = wanted.sorted { $0 < $1 }.prefix(scenario.window).map { "\($0.1)@\($0.0.seconds)" }
                windows[run.at] = result
                return result
            }
            for candidate in candidates {
                let parts = candidate.split(separator: "@")
                let identifier = String(parts[0])
                let fire = ReminderTime(seconds: Int64(parts[1]) ?? 0)
                guard let run = lastRun(before: fire, in: scenario.runs) else { continue }
                let owner = String(identifier.split(separator: ":")[1])
                let stillWanted = identifier.hasPrefix("item:") ? run.dues[owner] == fire : run.snoozes[owner] == fire
                guard stillWanted else { continue }
                if window(at: run).contains(candidate) {
                    expectedDelivered.insert(candidate)
                } else {
                    expectedMissed.insert(candidate)
                }
            }
            // A repeating request in the window at the last run fires at every occurrence until the next
            // run; its badge carrier only at the first.
            let end = phone.now
            for reminder in scenario.repeats {
                var occurrence = reminder.nextOccurrence(after: .zero)
                while let fire = occurrence, fire <= end {
                    occurrence = reminder.nextOccurrence(after: fire)
                    guard let run = lastRun(before: fire, in: scenario.runs),
                        let next = reminder.nextOccurrence(after: run.at)
                    else { continue }
                    let inWindow = window(at: run).contains("repeat:\(reminder.id)@\(next.seconds)")
                    if inWindow {
                        expectedDelivered.insert("repeat:\(reminder.id)@\(fire.seconds)")
                    } else {
                        expectedMissed.insert("repeat:\(reminder.id)@\(fire.seconds)")
                    }
                    if next == fire && window(at: run).contains("badge:\(reminder.id)@\(next.seconds)") {
                        expectedDelivered.insert("badge:\(reminder.id)@\(fire.seconds)")
                    }
                }
            }
            let delivered = Set(phone.deliveries.map { "\($0.identifier)@\($0.at.seconds)" })
            let missed = Set(phone.missed.map { "\($0.identifier)@\($0.due.seconds)" })
            #expect(delivered == expectedDelivered, "seed \(seed)")
            #expect(missed == expectedMissed, "seed \(seed)")
            #expect(
                phone.missed.allSatisfy {
                    if case .outsideWindow = $0.reason { return true }
                    return false
                }, "seed \(seed)")
        }
    }

    @Test func naiveSchedulerNeverHasMoreThan64PendingAndItsMissesAreDrops() throws {
        for seed in UInt64(1)...300 {
            var rng = TestRandom(seed: seed)
            let retention = OverflowRetention.allCases.randomElement(using: &rng) ?? .mostRecentlyAdded
            let configuration = try SchedulerConfiguration(mode: .naive)
            var phone = ReminderHarness(configuration: configuration, retention: retention, start: .zero)
            let count = Int.random(in: 0...150, using: &rng)
            try phone.run(at: .zero, reason: .launch) { scheduler in
                for index in 0..<count {
                    scheduler.setItem("n\(index)", due: minutes(Int64.random(in: 1...2_000, using: &rng)), now: .zero)
                }
            }
            phone.advance(to: minutes(2_001))
            #expect(phone.pendingMax <= 64, "seed \(seed)")
            #expect(phone.deliveries.count == min(count, 64), "seed \(seed)")
            #expect(phone.missed.count == max(0, count - 64), "seed \(seed)")
            #expect(
                phone.missed.allSatisfy { $0.reason == .droppedBySystem(.overLimit(retention), at: .zero) },
                "seed \(seed)")
        }
    }
}
