import Foundation
import ReminderScheduling
import Testing

/// The app's reconciler and the simulator's refill plan with the same scheduler and diff: for the
/// same items, the simulated center and the recording fake end with the same requests (the app's
/// carry its prefix and the items' titles).
@Suite struct SimulatorPathTests {
    @Test(arguments: [1, 7, 60])
    func theReconcilerAndTheSimulatorsRefillScheduleTheSameWindow(window: Int) async throws {
        let now = AppFixture.start
        var items = AppFixture.items(90, firstMinute: -100, spacing: 17)
        for index in stride(from: 0, to: items.count, by: 5) { items[index].isDone = true }

        var scheduler = ReminderScheduler(configuration: try SchedulerConfiguration(windowSize: window))
        var simulated = SimulatedNotificationCenter(now: now)
        for item in items {
            scheduler.setItem(item.id, due: ReminderTime(item.due), now: now)
            if item.isDone { try scheduler.complete(item.id, now: now) }
        }
        try scheduler.refill(now: now, reason: .launch, center: &simulated)

        let center = RecordingNotificationCenter(now: now)
        let reminders = ReminderReconciler(center: center, windowSize: window, calendar: AppFixture.utc)
        await reminders.reconcile(items: items, now: now.date)

        let titles = Dictionary(uniqueKeysWithValues: items.map { ($0.id, $0.title) })
        let fromSimulator = simulated.pendingRequests().map { request -> NotificationRequest in
            var request = request
            request.identifier = "reminders." + request.identifier
            request.content.title = request.content.itemID.flatMap { titles[$0] } ?? request.content.title
            return request
        }
        #expect(await center.pending == fromSimulator)
        #expect(await center.badge == simulated.badge)
    }
}
