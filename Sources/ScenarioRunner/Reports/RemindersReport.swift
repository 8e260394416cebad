import ReminderScheduling
import SimulationKernel

/// Renders the phone's reminders after a run for `wristsim reminders`: the pending window after
/// every app run, every delivery with its badge, the missed reminders with their reasons and,
/// optionally, the items overdue at one moment.
///
/// The lists name the records the harness keeps in full (the first ``RecordLog/defaultLimit`` of
/// each) and then say how many more there were; every count and verdict (wrong badges, missed,
/// app runs) covers every record.
///
/// JSON: see `RemindersReport+JSON.swift` (schema `wristsim.reminders/2`).
package struct RemindersReport {
    package var scenario: Scenario
    /// The phone's reminders, moved to the end of the run.
    package var phone: PhoneReminders
    /// The moment for the overdue list (`--at`), if any.
    package var overdueAt: SimTime?

    package init(scenario: Scenario, phone: PhoneReminders, overdueAt: SimTime?) {
        self.scenario = scenario
        self.phone = phone
        self.overdueAt = overdueAt
    }

    private func clock(_ time: ReminderTime) -> String {
        let local = scenario.start.adding(PhoneReminders.simTime(time).offset)
        return local.dateText + " " + String(local.timeOfDay.prefix(5))
    }

    /// Why a reminder was missed, with times on the scenario's clock.
    package func reasonText(_ reason: MissedReminder.Reason) -> String {
        switch reason {
        case .outsideWindow(let lastRun, let windowEnd):
            let run = lastRun.map { "the app last ran at \(clock($0))" } ?? "the app had not run"
            let end = windowEnd.map { ", when the pending window ended at \(clock($0))" } ?? ""
            return "outside the window: \(run)\(end); it did not run again before the due time"
        case .droppedBySystem(.overLimit(let retention), let at):
            return
                "dropped silently by the system at \(clock(at)): over the 64-pending limit (it keeps \(retention.rawValue))"
        case .droppedBySystem(.fireDatePassed, let at):
            return "dropped silently by the system at \(clock(at)): its fire date had passed when it was added"
        case .droppedBySystem(.notAuthorized(let status), let at):
            return "dropped silently by the system at \(clock(at)): notifications are \(status.rawValue)"
        case .neverScheduled, .notAuthorized:
            return reason.description
        }
    }

    private var settingsText: String {
        let settings = phone.settings
        let mode: String
        switch settings.mode {
        case .windowed: mode = "windowed, W = \(settings.window)"
        case .naive: mode = "naive (schedule everything)"
        case .overflowNotice: mode = "overflow notice, W = \(settings.window) (last slot: the notice)"
        case .backgroundRefresh: mode = "background refresh, W = \(settings.window)"
        }
        return "\(mode) · \(settings.api.rawValue) API, \(settings.authorization.rawValue) · system keeps "
            + "\(settings.rules.retention.rawValue) · repeating badges \(settings.repeatingBadges.rawValue)"
    }

    /// The human report.
    package var text: String {
        let harness = phone.harness
        var lines: [String] = []
        lines.append("reminders  \(scenario.name)")
        lines.append("scheduler  \(settingsText)")
        lines.append("")
        lines.append("pending window after each app run (\(harness.snapshots.recordedCount) runs)")
        lines.append(
            "  time              reason              pending  held  pending fire dates                    badge")
        for snapshot in harness.snapshots {
            let window =
                snapshot.firstFire.map { first in
                    clock(first) + " → " + (snapshot.lastFire.map(clock) ?? "")
                } ?? "-"
            lines.append(
                "  " + pad(clock(snapshot.at), 18) + pad(snapshot.reason.rawValue, 20)
                    + pad(String(snapshot.pending), 9, right: true) + pad(String(snapshot.held), 6, right: true)
                    + "  " + pad(window, 38) + String(snapshot.appBadge))
            if case .terminated(let code, let detail)? = snapshot.backgroundTask {
                lines.append("    " + RemindersReport.terminationText(code: code, detail: detail))
            }
        }
        if let more = Self.notListed(harness.snapshots, "app runs") { lines.append(more) }
        let alerts = harness.alertCount
        lines.append("")
        lines.append(
            "deliveries (\(alerts) alerts, \(harness.deliveries.recordedCount - alerts) badge-only)")
        for delivery in harness.deliveries {
            let badge = delivery.badge.map { "badge \($0)" } ?? "badge unchanged"
            // A wrong app badge says so, with the number of items due then (rule R16).
            let wrong = delivery.appBadge == delivery.overdueAtFire ? "" : "  WRONG: \(delivery.overdueAtFire) due"
            lines.append(
                "  " + pad(clock(delivery.at), 18) + pad(delivery.identifier, 24) + pad(badge, 18)
                    + "app badge \(delivery.appBadge)" + wrong)
        }
        if let more = Self.notListed(harness.deliveries, "deliveries") { lines.append(more) }
        lines.append("")
        lines.append("missed (\(harness.missed.recordedCount))")
        for miss in harness.missed {
            lines.append("  " + pad(clock(miss.due), 18) + pad(miss.identifier, 24) + reasonText(miss.reason))
        }
        if let more = Self.notListed(harness.missed, "missed reminders") { lines.append(more) }
        if let overdueAt {
            let overdue = phone.overdue(at: overdueAt)
            let local = scenario.start.adding(overdueAt.offset)
            lines.append("")
            lines.append("overdue at \(local.dateText) \(local.timeOfDay) (\(overdue.count))")
            for entry in overdue {
                lines.append("  " + pad(entry.item, 24) + "due " + clock(PhoneReminders.reminderTime(entry.due)))
            }
        }
        lines.append("")
        lines.append("pendingMax  \(harness.pendingMax) (system limit \(harness.center.limit))")
        lines.append(
            "wrong badges  \(phone.wrongBadges) (deliveries after which the app badge "
                + "differs from the items due)")
        return lines.joined(separator: "\n")
    }

    /// The line that ends a list of which only the first records are kept, naming the number not
    /// listed; `nil` when every record is listed.
    static func notListed<Record>(_ log: RecordLog<Record>, _ noun: String) -> String? {
        guard log.droppedCount > 0 else { return nil }
        return "  … and \(log.droppedCount) more \(noun) not listed (a report lists the first \(log.limit))"
    }

    private func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let fill = String(repeating: " ", count: max(1, width - text.count))
        return right ? fill + text : text + fill
    }
}
