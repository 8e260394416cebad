import Testing

@testable import ReminderScheduling

/// The harness's answer to "what happens next, and how much work is it" (``ReminderHarness/nextWork(after:)``)
/// is counted where things are — the pending requests in place, the held reminders in their
/// index, the repeating reminders' next occurrences kept as time moves (``RepeatingCalendar``) —
/// and agrees with a recount from the lists the public queries make, over random lists, repeating
/// reminders, modes and windows. Every delivery and miss at the instant is counted (issue #33
/// item 8: the event limit sees them all).
@Suite struct ReminderHarnessWorkTests {
    /// The work at `time` recounted from the lists: the pending requests firing then, the held
    /// wanted reminders firing then, and the repeating occurrences due then that the system does
    /// not hold (the count the phone made before it was counted in place).
    private func recountedWork(_ phone: ReminderHarness, at time: ReminderTime) -> Int {
        let before = time + -1
        var count = phone.center.pendingRequests().count { $0.trigger.nextFireDate(after: before) == time }
        count += phone.scheduler.wantedReminders(after: before, through: time).count { $0.placement == .held }
        count += phone.scheduler.repeatingOccurrences(after: before, through: time).count {
            $0.placement == .held || phone.center.nextFireDate(of: $0.key.identifier) == nil
        }
        return count
    }

    /// The next event recounted the long way: every source asked, the earliest after `time` kept.
    private func recountedNextEvent(_ phone: ReminderHarness, after time: ReminderTime) -> ReminderTime? {
        [phone.center.nextFireDate, phone.scheduler.nextFire(after: time), phone.nextSystemRun?.at]
            .compactMap { $0 }.filter { $0 > time }.min()
    }

    /// A phone with up to 40 repeating reminders (often many due at one instant), a few items with
    /// due dates, and a random mode and window, launched at zero.
    private func launchedPhone(seed: UInt64) throws -> ReminderHarness {
        var rng = TestRandom(seed: seed)
        let mode = [SchedulingMode.windowed, .backgroundRefresh, .overflowNotice, .naive].randomElement(using: &rng)!
        let window = [2, 3, 8, 64].randomElement(using: &rng)!
        let rules = PlatformRules(limit: 64, repeatingSlots: [1, 1, 64].randomElement(using: &rng)!)
        var phone = ReminderHarness(
            configuration: try SchedulerConfiguration(mode: mode, windowSize: window), rules: rules, start: .zero)
        let repeatingCount = Int.random(in: 1...40, using: &rng)
        let itemCount = Int.random(in: 0...5, using: &rng)
        var reminders: [RepeatingReminder] = []
        for index in 0..<repeatingCount {
            // Starts on a few seconds only, so that many reminders come due at one instant.
            let start = ReminderTime(seconds: Int64.random(in: 0...3, using: &rng) * 30)
            let interval = [60, 120, 3_600].randomElement(using: &rng)!
            reminders.append(RepeatingReminder(id: "r\(index)", title: "R", start: start, interval: Int64(interval)))
        }
        try phone.run(at: .zero, reason: .launch) { (scheduler) throws(ReminderSchedulerError) in
            for index in 0..<itemCount {
                scheduler.setItem("i\(index)", due: minutes(Int64.random(in: 1...20, using: &rng)), now: .zero)
            }
            for reminder in reminders { try scheduler.addRepeating(reminder, now: .zero) }
        }
        return phone
    }

    @Test(arguments: UInt64(1)...120)
    func workAtEachNextEventAgreesWithTheRecountAndCountsEveryDeliveryAndMiss(seed: UInt64) throws {
        var phone = try launchedPhone(seed: seed)
        var rng = TestRandom(seed: seed &* 31)
        for step in 0..<60 {
            let now = phone.now
            let next = phone.nextEvent(after: now)
            #expect(next == recountedNextEvent(phone, after: now), "seed \(seed) step \(step): next event")
            guard let (time, work) = phone.nextWork(after: now) else { break }
            #expect(time == next, "seed \(seed) step \(step)")
            #expect(work == recountedWork(phone, at: time), "seed \(seed) step \(step): work at \(time)")
            let systemRun = phone.nextSystemRun.map { $0.at <= time } ?? false
            let delivered = phone.deliveries.recordedCount
            let missed = phone.missed.recordedCount
            phone.advance(to: time)
            if !systemRun, phone.center.drops.isEmpty {
                // Every delivery and every miss of the instant is counted in its work (a request the
                // system dropped aside: its window reminder is missed where it was due).
                let made = phone.deliveries.recordedCount - delivered + phone.missed.recordedCount - missed
                #expect(made <= work, "seed \(seed) step \(step): \(made) records at \(time), work \(work)")
            }
            // Now and then the app runs (the calendar of repeating reminders is built again).
            if Int.random(in: 0..<8, using: &rng) == 0 { try phone.run(at: phone.now, reason: .foreground) }
        }
    }

    @Test(arguments: UInt64(1)...60)
    func movingTimeMissesEveryRepeatingOccurrenceInDueAndIdentifierOrder(seed: UInt64) throws {
        var phone = try launchedPhone(seed: seed)
        var rng = TestRandom(seed: seed &+ 7)
        // Long moves with no app run: every occurrence the system does not deliver is missed, in order.
        for _ in 0..<5 {
            let from = phone.now
            let to = from + Int64.random(in: 1...7_200, using: &rng)
            let expected = phone.scheduler.repeatingOccurrences(after: from, through: to).count
            let before = phone.missed.recordedCount + phone.deliveries.recordedCount
            phone.advance(to: to)
            let made = phone.missed.recordedCount + phone.deliveries.recordedCount - before
            #expect(made >= expected, "seed \(seed): \(made) records for \(expected) occurrences")
        }
        let misses = Array(phone.missed)
        let sorted = misses.sorted { ($0.due, $0.identifier) < ($1.due, $1.identifier) }
        #expect(misses.map(\.due) == sorted.map(\.due), "seed \(seed): misses in due order")
        #expect(misses.map(\.identifier) == sorted.map(\.identifier), "seed \(seed): then identifier order")
    }

    @Test func pendingCountFiringAtCountsTheRequestsThatFireThen() throws {
        var center = SimulatedNotificationCenter(now: .zero)
        let content = NotificationContent(title: "T")
        try center.add(NotificationRequest(identifier: "a", content: content, trigger: .once(at: minutes(5))))
        try center.add(NotificationRequest(identifier: "b", content: content, trigger: .once(at: minutes(5))))
        try center.add(
            NotificationRequest(identifier: "c", content: content, trigger: .repeating(start: minutes(5), interval: 60))
        )
        try center.add(NotificationRequest(identifier: "d", content: content, trigger: .once(at: minutes(6))))
        #expect(center.pendingCount(firingAt: minutes(5)) == 3)
        // The repeating request fires every minute from 5.
        #expect(center.pendingCount(firingAt: minutes(6)) == 2)
        #expect(center.pendingCount(firingAt: minutes(4)) == 0)
        #expect(center.isPending("c") && !center.isPending("e"))
        _ = center.advance(to: minutes(5))
        // Asked about an instant already passed, the repeating request still fires then.
        #expect(center.pendingCount(firingAt: minutes(5)) == 1)
        #expect(center.pendingCount(firingAt: minutes(6)) == 2)
    }
}
