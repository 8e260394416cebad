import ReminderScheduling
import SimulationKernel

/// Renders the phone's reminders after a run for `wristsim reminders`: the pending window after
/// every app run, every delivery with its badge, the missed reminders with their reasons and,
/// optionally, the items overdue at one moment.
///
/// JSON shape `wristsim.reminders/1`: one object with `schema`, `scenario`, `scheduler`, `window`,
/// `retention`, `repeatingBadges`, `pendingMax`, `windows` [{`at`, `reason`, `pending`, `held`,
/// `first`, `last`, `appBadge`}], `deliveries` [{`at`, `item`, `id`, `badge`, `appBadge`, `alert`}],
/// `missed` [{`item`, `id`, `due`, `reason`}], and with `--at` `overdue` {`at`, `items` [{`item`, `due`}]}.
/// Times are ISO 8601 in the scenario's UTC offset; `badge` is `null` when the notification left
/// the badge unchanged.
public struct RemindersReport {
    public var scenario: Scenario
    /// The phone's reminders, moved to the end of the run.
    public var phone: PhoneReminders
    /// The moment for the overdue list (`--at`), if any.
    public var overdueAt: SimTime?

    public init(scenario: Scenario, phone: PhoneReminders, overdueAt: SimTime?) {
        self.scenario = scenario
        self.phone = phone
        self.overdueAt = overdueAt
    }

    /// The JSON schema identifier.
    public static let jsonSchema = "wristsim.reminders/1"

    private func iso(_ time: ReminderTime) -> String {
        scenario.start.adding(PhoneReminders.simTime(time).offset).iso8601
    }

    private func clock(_ time: ReminderTime) -> String {
        let local = scenario.start.adding(PhoneReminders.simTime(time).offset)
        return local.dateText + " " + String(local.timeOfDay.prefix(5))
    }

    private func isoSim(_ time: SimTime) -> String { scenario.start.adding(time.offset).iso8601 }

    /// Why a reminder was missed, with times on the scenario's clock.
    public func reasonText(_ reason: MissedReminder.Reason) -> String {
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
            + "\(settings.retention.rawValue) · repeating badges \(settings.repeatingBadges.rawValue)"
    }

    /// The human report.
    public var text: String {
        let harness = phone.harness
        var lines: [String] = []
        lines.append("reminders  \(scenario.name)")
        lines.append("scheduler  \(settingsText)")
        lines.append("")
        lines.append("pending window after each app run (\(harness.snapshots.count) runs)")
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
        }
        let alerts = harness.deliveries
        lines.append("")
        lines.append(
            "deliveries (\(alerts.filter(\.isAlert).count) alerts, \(alerts.count - alerts.filter(\.isAlert).count) badge-only)"
        )
        for delivery in alerts {
            let badge = delivery.badge.map { "badge \($0)" } ?? "badge unchanged"
            lines.append(
                "  " + pad(clock(delivery.at), 18) + pad(delivery.identifier, 24) + pad(badge, 18)
                    + "app badge \(delivery.appBadge)")
        }
        lines.append("")
        lines.append("missed (\(harness.missed.count))")
        for miss in harness.missed {
            lines.append("  " + pad(clock(miss.due), 18) + pad(miss.identifier, 24) + reasonText(miss.reason))
        }
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
        return lines.joined(separator: "\n")
    }

    /// The JSON object.
    public var json: String {
        let harness = phone.harness
        var object = JSONObjectText()
        object.add("schema", .string(Self.jsonSchema))
        object.add("scenario", .string(scenario.name))
        object.add("file", .string(scenario.file))
        object.add("scheduler", .string(phone.settings.mode.rawValue))
        object.add("window", .int(Int64(phone.settings.window)))
        object.add("retention", .string(phone.settings.retention.rawValue))
        object.add("repeatingBadges", .string(phone.settings.repeatingBadges.rawValue))
        object.add("pendingMax", .int(Int64(harness.pendingMax)))
        object.addRaw(
            "windows",
            harness.snapshots.map { snapshot in
                var entry = JSONObjectText()
                entry.add("at", .string(iso(snapshot.at)))
                entry.add("reason", .string(snapshot.reason.rawValue))
                entry.add("pending", .int(Int64(snapshot.pending)))
                entry.add("held", .int(Int64(snapshot.held)))
                entry.add("first", snapshot.firstFire.map { .string(iso($0)) })
                entry.add("last", snapshot.lastFire.map { .string(iso($0)) })
                entry.add("appBadge", .int(Int64(snapshot.appBadge)))
                return entry.text
            }.jsonArray)
        object.addRaw(
            "deliveries",
            harness.deliveries.map { delivery in
                var entry = JSONObjectText()
                entry.add("at", .string(iso(delivery.at)))
                entry.add("item", .string(delivery.item ?? owner(of: delivery.identifier)))
                entry.add("id", .string(delivery.identifier))
                entry.add("badge", delivery.badge.map { .int(Int64($0)) })
                entry.add("appBadge", .int(Int64(delivery.appBadge)))
                entry.add("alert", .bool(delivery.isAlert))
                return entry.text
            }.jsonArray)
        object.addRaw(
            "missed",
            harness.missed.map { miss in
                var entry = JSONObjectText()
                entry.add("item", .string(miss.owner))
                entry.add("id", .string(miss.identifier))
                entry.add("due", .string(iso(miss.due)))
                entry.add("reason", .string(reasonText(miss.reason)))
                return entry.text
            }.jsonArray)
        if let overdueAt {
            var overdue = JSONObjectText()
            overdue.add("at", .string(isoSim(overdueAt)))
            overdue.addRaw(
                "items",
                phone.overdue(at: overdueAt).map { entry in
                    var item = JSONObjectText()
                    item.add("item", .string(entry.item))
                    item.add("due", .string(isoSim(entry.due)))
                    return item.text
                }.jsonArray)
            object.addRaw("overdue", overdue.text)
        }
        return object.text
    }

    private func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let fill = String(repeating: " ", count: max(1, width - text.count))
        return right ? fill + text : text + fill
    }
}
