// `swift run reminders-example`: ReminderScheduling's app API against the recording fake.
// 200 items due over two weeks are reconciled at launch; the example prints what is pending with
// each badge, completes three items through the notification action, reconciles and prints again.
// Time is fixed (2027-01-15 08:00 UTC), so the output is the same on every run.

import Foundation
import ReminderScheduling

let calendar: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
    return calendar
}()
let now = calendar.date(from: DateComponents(year: 2027, month: 1, day: 15, hour: 8)) ?? Date(timeIntervalSince1970: 0)

/// `2027-01-15 09:40` in UTC.
func text(_ date: Date) -> String {
    let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
    func two(_ value: Int?) -> String { value.map { $0 < 10 ? "0\($0)" : "\($0)" } ?? "??" }
    return "\(parts.year ?? 0)-\(two(parts.month))-\(two(parts.day)) \(two(parts.hour)):\(two(parts.minute))"
}

func show(_ title: String, _ report: ReconcileReport, center: RecordingNotificationCenter) async {
    let pending = await center.pending
    print("\(title): \(pending.count) pending, \(report.heldCount) held, window \(report.windowSize)")
    print(
        "  removed \(report.removed.count), added \(report.added.count), icon badge \(report.badge.map(String.init) ?? "-")"
    )
    let lines = pending.map { request -> String in
        guard case .once(let fire) = request.trigger else { return "  \(request.identifier)" }
        return "  \(text(fire.date))  badge \(request.content.badge.map(String.init) ?? "-")  \(request.content.title)"
    }
    for line in lines.prefix(6) { print(line) }
    if lines.count > 9 { print("  … \(lines.count - 9) more …") }
    for line in lines.suffix(min(3, max(0, lines.count - 6))) { print(line) }
}

// 200 items, one every 100.8 minutes over two weeks from 08:30; every 20th repeats weekly.
let items = (0..<200).map { index in
    ReminderItem(
        id: "task-\(index + 1)", title: "Task \(index + 1)",
        due: now.addingTimeInterval(1_800 + Double(index) * 6_048),
        repeatRule: index % 20 == 0 ? .weekly : nil)
}
let center = RecordingNotificationCenter(now: ReminderTime(now))
let reminders = ReminderReconciler(center: center, calendar: calendar)
await reminders.registerCategories()
var store = items
let launch = await reminders.reconcile(items: store, now: now)
await show("At launch", launch, center: center)

// The user taps Done on the notifications of tasks 2, 3 and 21 (task 21 repeats weekly: it moves on).
for id in ["task-2", "task-3", "task-21"] {
    guard let index = store.firstIndex(where: { $0.id == id }) else { continue }
    let change = reminders.change(for: .complete, item: store[index], now: now)
    switch change {
    case .complete: print("Done on \(id): completed")
    case .reschedule(_, let due): print("Done on \(id): repeats, next due \(text(due))")
    case .none: print("Done on \(id): nothing to store")
    }
    store[index] = store[index].applying(change)
}
let after = await reminders.reconcile(items: store, now: now)
await show("After three completions", after, center: center)
let calls = await center.calls
print("center calls: \(calls.count) (\(calls.count { if case .add = $0 { true } else { false } }) adds)")
