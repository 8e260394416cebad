import CompanionModel
import ReminderScheduling
import SimulationKernel

/// Step kinds of the reminders feature: the phone app running, notification actions, due dates.
package enum RemindersSteps {
    package static let all: [StepKind] = [
        appRun("launchApp", .launch, "the phone app launches and refills its reminders"),
        appRun("appForeground", .foreground, "the phone app comes to the foreground and refills"),
        appRun("backgroundRefresh", .backgroundRefresh, "the phone app gets background time and refills"),
        notificationAction, setDue,
    ]

    /// The phone app runs for `reason`. Launching it or bringing it to the foreground is the same
    /// user action as the link's `launchPhoneApp`: the app runs, so queued transfers are delivered
    /// too. (A background refresh only refills reminders: the link model has no "launched into
    /// the background" transition.)
    private static func appRun(_ name: String, _ reason: ReminderScheduler.AppRunReason, _ summary: String) -> StepKind
    {
        StepKind(name: name, summary: summary) {
            (_: inout ObjectReader, _: DecodingContext) throws(ScenarioError) -> any ScenarioAction in
            reason == .launch || reason == .foreground
                ? SendEvents(.link(.environment(.app(.phone, .launch))), .phone(.appRun(reason)))
                : SendEvents(.phone(.appRun(reason)))
        }
    }

    /// `{"do": "notificationAction", "item": "milk", "action": "snooze"}`: the user taps an action
    /// (`complete` or `snooze`) on the latest notification about the item.
    package static let notificationAction = StepKind(
        name: "notificationAction",
        summary: "tap an action on the item's latest notification: \"item\": id, \"action\": \"complete\" or \"snooze\""
    ) { (object: inout ObjectReader, context: DecodingContext) throws(ScenarioError) -> any ScenarioAction in
        let item = try object.required("item", "the id of the item the notification is about").itemReference(context)
        let action: ReminderAction = try object.required("action", "\"complete\" or \"snooze\"").named(
            "action", context)
        return SendEvents(.phone(.notificationAction(item, action)))
    }

    /// `{"do": "setDue", "item": "milk", "due": "+3h"}`: the user changes a due date in the phone app.
    package static let setDue = StepKind(
        name: "setDue", summary: "change an item's due date in the phone app: \"item\": id, \"due\": time"
    ) { (object: inout ObjectReader, context: DecodingContext) throws(ScenarioError) -> any ScenarioAction in
        let item = try object.required("item", "the id of the item").itemReference(context)
        let due = try object.required("due", "the new due time, such as \"+3h\"").time(context)
        return SendEvents(.phone(.setDue(item, due)))
    }
}
