import Testing

@testable import ReminderScheduling

/// The shortcuts for a scheduler that wants nothing (``ReminderScheduler/wantsNothing``, used by
/// ``ReminderHarness/nextEvent(after:)``, ``ReminderHarness/isQuiet(through:)`` and the moves of
/// time), for an idle harness (``ReminderHarness/isIdle``) and for a refill with nothing to do
/// (``ReminderScheduler/windowIsSettled``) agree with a recount from the public queries and with
/// the full refill, over random lists, runs and modes.
@Suite struct ReminderHarnessNextEventTests {
    /// The next event recounted the long way: every source asked, the earliest after `time` kept.
    private func recountedNextEvent(_ phone: ReminderHarness, after time: ReminderTime) -> ReminderTime? {
        [phone.center.nextFireDate, phone.scheduler.nextFire(after: time), phone.nextSystemRun?.at]
            .compactMap { $0 }.filter { $0 > time }.min()
    }

    /// Returns whether a settled refill was checked.
    @discardableResult
    private func check(_ phone: ReminderHarness, seed: UInt64, probe: ReminderTime) -> Bool {
        let scheduler = phone.scheduler
        let recountedNothing =
            scheduler.window.isEmpty && scheduler.heldCount == 0 && scheduler.repeatingReminders.isEmpty
        #expect(scheduler.wantsNothing == recountedNothing, "seed \(seed) at \(phone.now)")
        if scheduler.wantsNothing {
            #expect(scheduler.nextFire(after: phone.now) == nil, "seed \(seed)")
            #expect(!scheduler.hasWantedReminders(after: phone.now, through: probe), "seed \(seed)")
        }
        for time in [phone.now, probe] {
            #expect(
                phone.nextEvent(after: time) == recountedNextEvent(phone, after: time),
                "seed \(seed): next event after \(time)")
        }
        let recountedIdle = recountedNothing && phone.center.pendingCount == 0 && phone.nextSystemRun == nil
        #expect(phone.isIdle == recountedIdle, "seed \(seed): idle at \(phone.now)")
        if phone.isIdle {
            #expect(phone.nextEvent(after: phone.now) == nil && phone.isQuiet(through: probe), "seed \(seed)")
        }
        #expect(
            scheduler.windowIsSettled == (recountedNothing && scheduler.removals.isEmpty && scheduler.notice == nil),
            "seed \(seed): settled at \(phone.now)")
        return checkSettledRefill(scheduler, seed: seed, at: probe)
    }

    /// A refill of `scheduler` at `time` through the shortcut of a settled window agrees with the
    /// full refill (forced by passing the system's pending requests, which the shortcut never
    /// takes; with nothing wanted and nothing pending, reconciling with them changes nothing):
    /// same effects, same report, same window, held set, clock and last run.
    private func checkSettledRefill(_ scheduler: ReminderScheduler, seed: UInt64, at time: ReminderTime) -> Bool {
        guard scheduler.windowIsSettled else { return false }
        var short = scheduler
        var full = scheduler
        let shortPlan = short.plan(now: time, reason: .watchMessage, systemPending: nil)
        let fullPlan = full.plan(now: time, reason: .watchMessage, systemPending: [])
        #expect(shortPlan.effects == fullPlan.effects, "seed \(seed): settled refill effects")
        #expect(shortPlan.report == fullPlan.report, "seed \(seed): settled refill report")
        #expect(short.window == full.window && short.heldCount == full.heldCount, "seed \(seed)")
        #expect(short.clock == full.clock && short.lastRun == full.lastRun, "seed \(seed)")
        #expect(short.windowEndAtLastRun == full.windowEndAtLastRun, "seed \(seed)")
        #expect(short.overdueCount == full.overdueCount && short.windowIsSettled, "seed \(seed)")
        return true
    }

    @Test func nextEventAndWantsNothingAgreeWithARecountOverFiveHundredSeeds() throws {
        var idle = 0
        var settled = 0
        for seed in UInt64(1)...500 {
            var rng = TestRandom(seed: seed)
            let mode =
                [SchedulingMode.windowed, .backgroundRefresh, .overflowNotice, .naive].randomElement(using: &rng)
                ?? .windowed
            let window = [2, 3, 8, 60].randomElement(using: &rng) ?? 60
            var phone = ReminderHarness(
                configuration: try SchedulerConfiguration(mode: mode, windowSize: window), start: .zero)
            // A third of the lists have no due dates at all (as a shopping trip without reminders).
            let itemCount = seed % 3 == 0 ? 0 : Int.random(in: 1...12, using: &rng)
            let repeating = seed % 3 != 0 && Int.random(in: 0..<4, using: &rng) == 0
            var open: [String] = []
            try phone.run(at: .zero, reason: .launch) { (scheduler) throws(ReminderSchedulerError) in
                for index in 0..<itemCount {
                    let id = "i\(index)"
                    scheduler.setItem(id, due: minutes(Int64.random(in: 1...600, using: &rng)), now: .zero)
                    open.append(id)
                }
                if repeating {
                    try scheduler.addRepeating(
                        RepeatingReminder(id: "r", title: "R", start: minutes(30), interval: 3_600), now: .zero)
                }
            }
            check(phone, seed: seed, probe: minutes(700))
            var time: Int64 = 0
            for _ in 0..<Int.random(in: 1...15, using: &rng) {
                time += Int64.random(in: 1...90, using: &rng)
                let now = minutes(time)
                if let id = open.randomElement(using: &rng), Bool.random(using: &rng) {
                    open.removeAll { $0 == id }
                    try phone.run(at: now, reason: .watchMessage) { (scheduler) throws(ReminderSchedulerError) in
                        try scheduler.complete(id, now: now)
                    }
                } else {
                    try phone.run(at: now, reason: .watchMessage)
                }
                if check(phone, seed: seed, probe: now + 6_000) { settled += 1 }
                if phone.scheduler.wantsNothing { idle += 1 }
            }
        }
        // Both sides of the shortcuts were exercised.
        #expect(idle > 100)
        #expect(settled > 100)
    }
}
