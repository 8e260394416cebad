import Testing

@testable import ReminderScheduling

/// The shortcuts of a move of time in which nothing happens (``ReminderScheduler/hasWantedReminders(after:through:)``)
/// and of loading a short list (sorted by comparison instead of by radix).
@Suite struct QuietIntervalTests {
    /// A scheduler with `count` items (some overdue, some held beyond a window of 4), a snooze and,
    /// for odd seeds, a repeating reminder.
    private static func scheduler(seed: UInt64, count: Int) throws -> ReminderScheduler {
        var rng = TestRandom(seed: seed)
        var scheduler = ReminderScheduler(configuration: try SchedulerConfiguration(windowSize: 4))
        let now = ReminderTime(seconds: 1_000)
        let list = (0..<count).map { index -> (id: String, due: ReminderTime?) in
            (
                "item\(index)",
                Bool.random(using: &rng) ? ReminderTime(seconds: Int64.random(in: 0...20_000, using: &rng)) : nil
            )
        }
        scheduler.load(list, now: now)
        if seed % 2 == 1 {
            try scheduler.addRepeating(
                RepeatingReminder(id: "bread", title: "Bread", start: ReminderTime(seconds: 5_000), interval: 3_600),
                now: now)
        }
        if let open = list.first(where: { $0.due != nil }) { try? scheduler.snooze(open.id, now: now) }
        return scheduler
    }

    @Test func anIntervalHasWantedRemindersExactlyWhenSomethingComesDueInIt() throws {
        for seed in UInt64(0)..<40 {
            let scheduler = try Self.scheduler(seed: seed, count: Int(seed % 12) + 1)
            var rng = TestRandom(seed: seed &+ 1_000)
            for _ in 0..<50 {
                let lower = ReminderTime(seconds: Int64.random(in: 0...25_000, using: &rng))
                let upper = lower + Int64.random(in: -10...4_000, using: &rng)
                let expected =
                    !scheduler.wantedReminders(after: lower, through: upper).isEmpty
                    || !scheduler.repeatingOccurrences(after: lower, through: upper).isEmpty
                #expect(
                    scheduler.hasWantedReminders(after: lower, through: upper) == expected,
                    "seed \(seed), (\(lower), \(upper)]")
            }
        }
    }

    @Test func loadingAShortListEqualsAddingItsItemsOneByOne() throws {
        for seed in UInt64(0)..<30 {
            var rng = TestRandom(seed: seed)
            let count = Int.random(in: 0...300, using: &rng)
            let list = (0..<count).map { index -> (id: String, due: ReminderTime?) in
                ("i\(index)", ReminderTime(seconds: Int64.random(in: 0...50, using: &rng) * 60))
            }
            let now = ReminderTime(seconds: 600)
            var loaded = ReminderScheduler(configuration: .standard)
            loaded.load(list, now: now)
            var added = ReminderScheduler(configuration: .standard)
            for entry in list { added.setItem(entry.id, due: entry.due, now: now) }
            #expect(loaded.window == added.window, "seed \(seed)")
            #expect(loaded.heldCount == added.heldCount, "seed \(seed)")
            #expect(loaded.overdueCount == added.overdueCount, "seed \(seed)")
        }
    }

    @Test func aQuietMoveOfTimeChangesNothingButTheClocks() throws {
        var quietMoves = 0
        for seed in UInt64(0)..<30 {
            var rng = TestRandom(seed: seed)
            var harness = ReminderHarness(configuration: try SchedulerConfiguration(windowSize: 4), start: .zero)
            try harness.run(at: .zero, reason: .launch) { scheduler in
                for index in 0..<8 {
                    let due = ReminderTime(seconds: Int64.random(in: 60...20_000, using: &rng))
                    scheduler.setItem("item\(index)", due: due, now: .zero)
                }
            }
            var time = ReminderTime.zero
            for step in 0..<40 {
                let next = time + Int64.random(in: 0...3_000, using: &rng)
                var moved = harness
                moved.advance(to: next)
                let unchanged =
                    moved.deliveries == harness.deliveries && moved.missed == harness.missed
                    && moved.snapshots == harness.snapshots && moved.center.badge == harness.center.badge
                    && moved.center.pendingCount == harness.center.pendingCount
                if harness.isQuiet(through: next) { quietMoves += 1 }
                #expect(harness.isQuiet(through: next) == unchanged, "seed \(seed), step \(step)")
                if step % 5 == 4 { try harness.run(at: next, reason: .foreground) }
                harness.advance(to: next)
                time = next
            }
        }
        #expect(quietMoves > 100)
    }
}
