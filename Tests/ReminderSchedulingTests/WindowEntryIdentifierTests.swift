import Testing

@testable import ReminderScheduling

/// A window entry keeps its notification identifier, joined once when the entry is made; the
/// requests the scheduler sends are built from it. After any sequence of app runs it agrees with a
/// recount from the entry's key, and the system holds exactly the window's identifiers.
@Suite struct WindowEntryIdentifierTests {
    @Test func keptIdentifiersAgreeWithTheKeysAndTheSystem() throws {
        for seed: UInt64 in 1...150 {
            var rng = TestRandom(seed: seed)
            let window = [1, 3, 8, 60].randomElement(using: &rng) ?? 60
            var phone = ReminderHarness(
                configuration: try SchedulerConfiguration(mode: .windowed, windowSize: window), start: .zero)
            var open: [String] = []
            var time: Int64 = 0
            for step in 0..<30 {
                time += Int64.random(in: 1...90, using: &rng)
                let now = minutes(time)
                let action = Int.random(in: 0..<5, using: &rng)
                let picked = open.isEmpty ? nil : open[Int.random(in: 0..<open.count, using: &rng)]
                let due = minutes(time + Int64.random(in: 1...600, using: &rng))
                let repeating = RepeatingReminder(
                    id: "rep\(step)", title: "R", start: due, interval: [600, 3_600, 86_400][step % 3])
                try phone.run(at: now, reason: .foreground) { (scheduler) throws(ReminderSchedulerError) in
                    switch (action, picked) {
                    case (0, let id?): try scheduler.complete(id, now: now)
                    case (1, let id?): try scheduler.snooze(id, now: now)
                    case (2, _): try scheduler.addRepeating(repeating, now: now)
                    default: scheduler.setItem("i\(step)", due: due, now: now)
                    }
                }
                if action == 0, let picked { open.removeAll { $0 == picked } }
                if action >= 3 { open.append("i\(step)") }
                let entries = phone.scheduler.entries
                #expect(entries.map(\.identifier) == entries.map(\.key.identifier), "seed \(seed), step \(step)")
                let pending = Set(phone.center.pendingRequests().map(\.identifier))
                #expect(
                    pending == Set(phone.scheduler.window.map(\.identifier)), "seed \(seed), step \(step)")
            }
        }
    }
}
