import Testing

@testable import ReminderScheduling

/// The held reminders are not stored as such for items (they are the open items of the badge index
/// beyond the window): every query about them is checked against a plain model of the wanted set,
/// with many equal due dates and identifiers sharing long prefixes (the cases where an order by
/// storage slot and an order by identifier differ).
@Suite struct HeldQueueTests {
    /// What the scheduler must want after each operation: open items and snoozes, by identifier.
    private struct Model {
        var dues: [String: ReminderTime] = [:]
        var snoozes: [String: ReminderTime] = [:]

        func wanted(after now: ReminderTime) -> [ReminderKey] {
            let items = dues.filter { $0.value > now }.map { ReminderKey(fire: $0.value, kind: .item, owner: $0.key) }
            let snoozed = snoozes.filter { $0.value > now }.map {
                ReminderKey(fire: $0.value, kind: .snooze, owner: $0.key)
            }
            return (items + snoozed).sorted()
        }
    }

    private func check(
        _ scheduler: ReminderScheduler, _ model: Model, now: ReminderTime, window: Int, seed: UInt64, step: Int
    ) {
        let wanted = model.wanted(after: now)
        let context = "seed \(seed), step \(step)"
        #expect(scheduler.window.map(\.key) == Array(wanted.prefix(window)), "\(context): window")
        #expect(scheduler.heldCount == max(0, wanted.count - window), "\(context): held count")
        #expect(scheduler.wantedCount == wanted.count, "\(context): wanted count")
        let upper = now + 3 * 3_600
        #expect(
            scheduler.wantedReminders(after: now, through: upper).map(\.key) == wanted.filter { $0.fire <= upper },
            "\(context): wanted reminders")
        let placements = scheduler.wantedReminders(after: now, through: upper).map(\.placement)
        #expect(
            placements == wanted.filter { $0.fire <= upper }.indices.map { $0 < window ? .window : .held },
            "\(context): placements")
        #expect(scheduler.nextFire(after: now) == wanted.first?.fire, "\(context): next fire")
        for probe in [now, now + 600, now + 3_600] {
            #expect(
                scheduler.badge(at: probe) == model.dues.values.filter { $0 <= probe }.count,
                "\(context): badge at \(probe)")
        }
    }

    @Test func heldQueriesMatchTheWantedSetWithManyTies() throws {
        for seed in UInt64(1)...300 {
            var rng = TestRandom(seed: seed)
            let window = [1, 2, 5, 60].randomElement(using: &rng) ?? 5
            var scheduler = ReminderScheduler(configuration: try SchedulerConfiguration(windowSize: window))
            var model = Model()
            // Long shared prefixes, so identifier order is decided late in the string.
            func id(_ number: Int) -> String { "shopping-list-item-" + String(number) }
            var now = ReminderTime.zero
            let initial = (0..<Int.random(in: 0...40, using: &rng)).map { number in
                (id: id(number), due: Optional(now + 300 * Int64.random(in: 1...12, using: &rng)))
            }
            if Bool.random(using: &rng) {
                scheduler.load(initial, now: now)
            } else {
                for entry in initial { scheduler.setItem(entry.id, due: entry.due, now: now) }
            }
            for entry in initial { model.dues[entry.id] = entry.due }
            var next = initial.count
            check(scheduler, model, now: now, window: window, seed: seed, step: 0)
            for step in 1...40 {
                now = now + 60 * Int64.random(in: 0...6, using: &rng)
                for (owner, fire) in model.snoozes where fire <= now { model.snoozes[owner] = nil }
                let known = model.dues.keys.sorted()
                switch Int.random(in: 0..<4, using: &rng) {
                case 0 where !known.isEmpty:
                    let owner = known[Int.random(in: 0..<known.count, using: &rng)]
                    try scheduler.complete(owner, now: now)
                    model.dues[owner] = nil
                    model.snoozes[owner] = nil
                case 1 where !known.isEmpty:
                    let owner = known[Int.random(in: 0..<known.count, using: &rng)]
                    try scheduler.snooze(owner, now: now)
                    model.snoozes[owner] = now + SchedulerConfiguration.defaultSnoozeSeconds
                case 2 where !known.isEmpty:
                    // Move an open item to another (often shared) due date; its snooze is withdrawn.
                    let owner = known[Int.random(in: 0..<known.count, using: &rng)]
                    let due = now + 300 * Int64.random(in: 0...12, using: &rng)
                    scheduler.setItem(owner, due: due, now: now)
                    model.dues[owner] = due
                    model.snoozes[owner] = nil
                default:
                    let due = now + 300 * Int64.random(in: 0...12, using: &rng)
                    scheduler.setItem(id(next), due: due, now: now)
                    model.dues[id(next)] = due
                    next += 1
                }
                check(scheduler, model, now: now, window: window, seed: seed, step: step)
            }
        }
    }

    @Test func aLongRunOfEqualDueDatesIsHeldInIdentifierOrder() throws {
        var scheduler = ReminderScheduler(configuration: try SchedulerConfiguration(windowSize: 3))
        let due = ReminderTime(seconds: 3_600)
        // Listed in reverse identifier order, so slot order and identifier order disagree.
        let list = (0..<10).reversed().map { (id: "item-\($0)", due: Optional(due)) }
        scheduler.load(list, now: .zero)
        #expect(scheduler.window.map(\.key.owner) == ["item-0", "item-1", "item-2"])
        #expect(scheduler.heldCount == 7)
        try scheduler.complete("item-1", now: ReminderTime(seconds: 60))
        #expect(scheduler.window.map(\.key.owner) == ["item-0", "item-2", "item-3"])
        #expect(scheduler.heldCount == 6)
        let held = scheduler.wantedReminders(after: .zero, through: due).filter { $0.placement == .held }
        #expect(held.map(\.key.owner) == ["item-4", "item-5", "item-6", "item-7", "item-8", "item-9"])
    }
}
