// The Swift blocks of docs/scheduler-in-your-app.md marked "compiled", verbatim (DocSnippetTests
// keeps them equal). Compiled with the tests, so the page's code always builds against the API.

import Foundation
import ReminderScheduling

/// The app's items, and the one reconciler that keeps the system's notifications in line with them.
@MainActor
final class ReminderStore {
    private(set) var items: [ReminderItem] = []
    let reminders: ReminderReconciler

    init(center: any AsyncNotificationCenter) {
        reminders = ReminderReconciler(center: center)
    }

    /// At launch: register the Done / Remind-me-in-30-minutes category, then reconcile.
    func launch(with saved: [ReminderItem]) async {
        items = saved
        await reminders.registerCategories()
        await reminders.reconcile(items: items, now: Date())
    }

    /// After every change the user makes (add, edit, check off, delete).
    func save(_ item: ReminderItem) async {
        if let index = items.firstIndex(where: { $0.id == item.id }) {
            items[index] = item
        } else {
            items.append(item)
        }
        await reminders.reconcile(items: items, now: Date())
    }

    /// The user answered a notification (called from the notification delegate).
    func respond(toAction actionIdentifier: String, notification identifier: String) async {
        if let action = ReminderAction(rawValue: actionIdentifier),
            let id = reminders.itemIdentifier(ofNotification: identifier),
            let index = items.firstIndex(where: { $0.id == id })
        {
            let change = reminders.change(for: action, item: items[index], now: Date())
            items[index] = items[index].applying(change)
        }
        await reminders.reconcile(items: items, now: Date())
    }

    /// A background app refresh: time has passed, so the window moves on.
    func refresh() async {
        await reminders.reconcile(items: items, now: Date())
    }
}

func logReconcile(_ report: ReconcileReport) {
    if !report.isComplete {
        // Some adds failed; the next reconcile retries them.
        print("reminders: \(report.failedAdds.count) requests not scheduled yet")
    }
    if !report.settings.authorization.allowsDelivery {
        print("reminders: notifications are off; nothing is scheduled until the user allows them")
    }
}
