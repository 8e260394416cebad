import ReminderScheduling
import SimulationKernel

extension RemindersReport {
    /// The JSON schema identifier.
    package static let jsonSchema = "wristsim.reminders/2"

    /// One JSON document, schema `wristsim.reminders/2` (`Schemas/reminders.schema.json`):
    /// the settings, `pendingMax`, `wrongBadges` (deliveries after which the app badge differs from
    /// the items due, rule R16), `windows` (after every app run: `at`, `trigger`, `pending`,
    /// `held`, `first`, `last`, `appBadge`), `deliveries` (`at`, `item`, `id`, `badge` — `null`
    /// when the notification left the badge unchanged —, `appBadge`, `alert`), `missed` (`item`,
    /// `id`, `due`, `reason` with its `code`) and `overdue` (`null` without `--at`). The three lists
    /// hold the first ``RecordLog/defaultLimit`` records of each; when there were more, `notListed`
    /// says how many of each were left out (`windows`, `deliveries`, `missed`), and is absent otherwise.
    package var document: JSONValue {
        let harness = phone.harness
        let clock = TraceFormatter(start: scenario.start, showsDates: true)
        func iso(_ time: ReminderTime) -> JSONValue { .string(clock.iso(PhoneReminders.simTime(time))) }
        var overdue = JSONValue.null
        if let overdueAt {
            overdue = [
                "at": .string(clock.iso(overdueAt)),
                "items": .array(
                    phone.overdue(at: overdueAt).map { entry in
                        ["item": .string(entry.item), "due": .string(clock.iso(entry.due))]
                    }),
            ]
        }
        var document: JSONObject = [
            "schema": .string(Self.jsonSchema), "file": .string(scenario.file), "scenario": .string(scenario.name),
            "scheduler": .string(phone.settings.mode.rawValue), "window": .count(phone.settings.window),
            "retention": .string(phone.settings.rules.retention.rawValue),
            "repeatingBadges": .string(phone.settings.repeatingBadges.rawValue),
            "pendingMax": .count(harness.pendingMax), "systemLimit": .count(harness.center.limit),
            "wrongBadges": .count(phone.wrongBadges),
            "windows": .array(
                harness.snapshots.map { snapshot in
                    [
                        "at": iso(snapshot.at), "trigger": .string(snapshot.reason.rawValue),
                        "pending": .count(snapshot.pending), "held": .count(snapshot.held),
                        "first": .optional(snapshot.firstFire.map(iso)), "last": .optional(snapshot.lastFire.map(iso)),
                        "appBadge": .count(snapshot.appBadge),
                        "backgroundTask": RemindersReport.json(snapshot.backgroundTask),
                    ]
                }),
            "deliveries": .array(
                harness.deliveries.map { delivery in
                    [
                        "at": iso(delivery.at), "item": .string(delivery.owner),
                        "id": .string(delivery.identifier), "badge": .optional(delivery.badge.map { .count($0) }),
                        "appBadge": .count(delivery.appBadge), "alert": .bool(delivery.isAlert),
                    ]
                }),
            "missed": .array(
                harness.missed.map { miss in
                    [
                        "item": .string(miss.owner), "id": .string(miss.identifier), "due": iso(miss.due),
                        "reason": RunReport.reason(
                            code: miss.reason.code.name, message: reasonText(miss.reason)),
                    ]
                }),
            "overdue": overdue,
        ]
        let dropped = [harness.snapshots.droppedCount, harness.deliveries.droppedCount, harness.missed.droppedCount]
        if dropped.contains(where: { $0 > 0 }) {
            document["notListed"] = [
                "windows": .count(dropped[0]), "deliveries": .count(dropped[1]), "missed": .count(dropped[2]),
            ]
        }
        return .object(document)
    }

    /// What the report says of a background task the system terminated with exception code `code`.
    static func terminationText(code: String, detail: String) -> String {
        "terminated by the system (\(code)): \(detail); no next refresh requested"
    }

    /// How a background refresh run's task ended, as a reason object: `null` for any other run,
    /// `{"code": "completed", …}`, or `{"code": "terminated", "exceptionCode": "0xc51bad01", …}`
    /// (the crash report's code; the text report's "terminated by the system" line).
    static func json(_ task: BackgroundTaskVerdict?) -> JSONValue {
        switch task {
        case nil: return .null
        case .completed?:
            return RunReport.reason(code: "completed", message: "the refill ran to completion within the task's budget")
        case .terminated(let code, let detail)?:
            return [
                "code": .string("terminated"), "exceptionCode": .string(code),
                "message": .string(RemindersReport.terminationText(code: code, detail: detail)),
            ]
        }
    }
}
