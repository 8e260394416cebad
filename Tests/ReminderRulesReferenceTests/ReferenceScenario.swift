/// A generated reminders scenario, as plain values: what the reference model reads and what is
/// written as a scenario file for `wristsim` (``json``). Times are whole seconds after the start.
struct ReferenceScenario: Hashable {
    enum Action: Hashable {
        case launchApp, appForeground, backgroundRefresh
        case complete(String), snooze(String)
        case setDue(String, Int)
        case check(String), uncheck(String), remove(String), add(String)

        /// The item the step names, if any.
        var item: String? {
            switch self {
            case .launchApp, .appForeground, .backgroundRefresh: nil
            case .complete(let item), .snooze(let item), .setDue(let item, _), .check(let item), .uncheck(let item),
                .remove(let item), .add(let item):
                item
            }
        }
    }

    struct Step: Hashable {
        var at: Int
        var action: Action
    }

    struct Item: Hashable {
        var id: String
        var due: Int?
    }

    struct Repeating: Hashable {
        var id: String
        var start: Int
        var every: Int
    }

    struct AppRuns: Hashable {
        var every: Int
        var from: Int
        var reason: String
    }

    /// The background refresh budget and task costs, in milliseconds for the costs. The timing is
    /// always punctual (rule P10): the model does not draw the opportunistic delays, so every
    /// generated scenario asks for `"timing": "punctual"`.
    struct Refresh: Hashable {
        var every = 3_600
        var perHour = 4
        var spacing = 900
        var cpuMs = 0
        var cpuPerReminderMs = 0
        var wallMs = 0
        /// The iPhone refresh task's runtime (S6; default 30 s).
        var wallLimitMs = 30_000
    }

    var seed: UInt64
    var api = "userNotifications"
    var authorization = "authorized"
    var scheduler = "windowed"
    var window = 60
    var retention: String?
    var replacement = "inPlace"
    var repeatingSlots = 1
    var repeatingBadges = "separateCarrier"
    var snooze = 1_800
    var launchAt = 0
    var appRuns: AppRuns?
    /// Seconds after an overflow notice arrives at which the user opens it; `nil`: never.
    var noticeOpenedAfter: Int? = 600
    var refresh = Refresh()
    var repeating: [Repeating] = []
    var items: [Item] = []
    var steps: [Step] = []
    var end = 86_400

    /// The scenario file (format 1) that says all of the above.
    var json: String {
        var reminders: [String] = [
            "\"api\": \"\(api)\"", "\"authorization\": \"\(authorization)\"", "\"scheduler\": \"\(scheduler)\"",
            "\"window\": \(window)", "\"replacement\": \"\(replacement)\"", "\"repeatingSlots\": \(repeatingSlots)",
            "\"repeatingBadges\": \"\(repeatingBadges)\"", "\"snooze\": \"\(snooze)s\"",
            "\"launchAt\": \"+\(launchAt)s\"",
            "\"noticeOpenedAfter\": " + (noticeOpenedAfter.map { "\"\($0)s\"" } ?? "null"),
            "\"refresh\": {\"every\": \"\(refresh.every)s\", \"perHour\": \(refresh.perHour), "
                + "\"spacing\": \"\(refresh.spacing)s\", \"timing\": \"punctual\", \"task\": {\"cpu\": \"\(refresh.cpuMs)ms\", "
                + "\"cpuPerReminder\": \"\(refresh.cpuPerReminderMs)ms\", \"wall\": \"\(refresh.wallMs)ms\", "
                + "\"wallLimit\": \"\(refresh.wallLimitMs)ms\"}}",
        ]
        if let retention { reminders.append("\"retention\": \"\(retention)\"") }
        if let appRuns {
            reminders.append(
                "\"appRuns\": {\"every\": \"\(appRuns.every)s\", \"from\": \"+\(appRuns.from)s\", "
                    + "\"reason\": \"\(appRuns.reason)\"}")
        }
        let repeats = repeating.map {
            "{\"id\": \"\($0.id)\", \"title\": \"\($0.id)\", \"start\": \"+\($0.start)s\", \"every\": \"\($0.every)s\"}"
        }
        reminders.append("\"repeating\": [" + repeats.joined(separator: ", ") + "]")
        let itemTexts = items.map { item in
            "{\"id\": \"\(item.id)\", \"title\": \"\(item.id)\""
                + (item.due.map { ", \"due\": \"+\($0)s\"" } ?? "") + "}"
        }
        let stepTexts = steps.map { step -> String in
            let at = "\"at\": \"+\(step.at)s\", "
            switch step.action {
            case .launchApp: return "{\(at)\"do\": \"launchApp\"}"
            case .appForeground: return "{\(at)\"do\": \"appForeground\"}"
            case .backgroundRefresh: return "{\(at)\"do\": \"backgroundRefresh\"}"
            case .complete(let item):
                return "{\(at)\"do\": \"notificationAction\", \"item\": \"\(item)\", \"action\": \"complete\"}"
            case .snooze(let item):
                return "{\(at)\"do\": \"notificationAction\", \"item\": \"\(item)\", \"action\": \"snooze\"}"
            case .setDue(let item, let due):
                return "{\(at)\"do\": \"setDue\", \"item\": \"\(item)\", \"due\": \"+\(due)s\"}"
            case .check(let item): return "{\(at)\"do\": \"phoneCheckItem\", \"item\": \"\(item)\"}"
            case .uncheck(let item): return "{\(at)\"do\": \"phoneUncheckItem\", \"item\": \"\(item)\"}"
            case .remove(let item): return "{\(at)\"do\": \"phoneRemoveItem\", \"item\": \"\(item)\"}"
            case .add(let item): return "{\(at)\"do\": \"phoneAddItem\", \"item\": \"\(item)\", \"title\": \"\(item)\"}"
            }
        }
        return """
            {
              "format": 1,
              "name": "reminders differential, seed \(seed)",
              "seed": 1,
              "start": "2026-01-01T00:00:00Z",
              "items": [\(itemTexts.joined(separator: ", "))],
              "reminders": {\(reminders.joined(separator: ", "))},
              "script": [
                \(stepTexts.joined(separator: ",\n    "))
              ],
              "end": "+\(end)s"
            }

            """
    }
}
