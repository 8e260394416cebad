import Foundation
import ReminderScheduling
import Testing

/// The reconciler against the recording fake: the plan, the smallest diff, and convergence after
/// each fault.
@Suite struct ReminderReconcilerTests {
    private let now = AppFixture.start

    private func setUp(window: Int = 60) -> (RecordingNotificationCenter, ReminderReconciler) {
        let center = RecordingNotificationCenter(now: now)
        return (center, ReminderReconciler(center: center, windowSize: window, calendar: AppFixture.utc))
    }

    private func addCount(_ calls: [NotificationCenterCall]) -> Int {
        calls.count { if case .add(_, true) = $0 { true } else { false } }
    }

    @Test func firstReconcileSchedulesTheSoonestWindowWithBadges() async {
        let (center, reminders) = setUp()
        let items = AppFixture.items(100)
        let report = await reminders.reconcile(items: items, now: now.date)
        let expected = AppFixture.expectedPlan(items, now: now, window: 60)
        #expect(report.planned == expected)
        #expect(await center.owned() == Set(expected))
        #expect(report.heldCount == 40)
        #expect(report.badge == 0)
        #expect(expected.first?.content.badge == 1)
        #expect(expected.last?.content.badge == 60)
    }

    @Test func aSecondReconcileWithNoChangeTouchesNothing() async {
        let (center, reminders) = setUp()
        let items = AppFixture.items(100)
        await reminders.reconcile(items: items, now: now.date)
        await center.clearCalls()
        let report = await reminders.reconcile(items: items, now: now.date)
        #expect(report.added.isEmpty && report.removed.isEmpty)
        #expect(addCount(await center.calls) == 0)
    }

    @Test func completingAnItemResendsOnlyTheRequestsFiringAfterIt() async {
        let (center, reminders) = setUp()
        var items = AppFixture.items(100)
        await reminders.reconcile(items: items, now: now.date)
        items[49].isDone = true
        let report = await reminders.reconcile(items: items, now: now.date)
        // item 49's request goes; items 50…59 get a badge one lower; item 60 enters the window.
        #expect(report.removed == ["reminders.item:i49"])
        #expect(report.added.count == 11)
        #expect(await center.owned() == Set(AppFixture.expectedPlan(items, now: now, window: 60)))
    }

    @Test func theCompleteActionMarksDoneAndSnoozeMovesTheDueDate() {
        let (_, reminders) = setUp()
        let item = AppFixture.items(1)[0]
        let at = now.date
        #expect(reminders.change(for: .complete, item: item, now: at) == .complete(id: "i0"))
        #expect(reminders.change(for: .snooze, item: item, now: at) == .reschedule(id: "i0", due: at + 1_800))
        var daily = item
        daily.repeatRule = .daily
        #expect(reminders.change(for: .complete, item: daily, now: at) == .reschedule(id: "i0", due: item.due + 86_400))
        #expect(item.applying(.complete(id: "i0")).isDone)
        #expect(reminders.itemIdentifier(ofNotification: "reminders.item:i0") == "i0")
        #expect(reminders.itemIdentifier(ofNotification: "someone-else") == nil)
    }

    // MARK: - One test per fault

    @Test func killedBetweenTwoAddsTheNextLaunchAddsOnlyWhatIsMissing() async {
        let (center, first) = setUp()
        let items = AppFixture.items(100)
        await center.inject(NotificationFaults(killAfterAdds: 10))
        let killed = await first.reconcile(items: items, now: now.date)
        #expect(killed.added.count == 10)
        #expect(await center.owned().count == 10)
        // The app starts again: a new process, a new reconciler, the same system.
        await center.relaunch()
        await center.clearCalls()
        let second = ReminderReconciler(center: center, calendar: AppFixture.utc)
        let report = await second.reconcile(items: items, now: now.date)
        #expect(report.added.count == 50)
        #expect(await center.owned() == Set(AppFixture.expectedPlan(items, now: now, window: 60)))
    }

    @Test func anAddThatThrowsIsRetriedAtTheNextReconcile() async {
        let (center, reminders) = setUp()
        let items = AppFixture.items(100)
        await center.inject(NotificationFaults(refusedAdds: 3))
        let failed = await reminders.reconcile(items: items, now: now.date)
        #expect(failed.failedAdds.count == 3)
        #expect(!failed.isComplete)
        let report = await reminders.reconcile(items: items, now: now.date)
        #expect(report.added == failed.failedAdds.map(\.identifier))
        #expect(await center.owned() == Set(report.planned))
    }

    @Test func aStalePendingListIsCorrectedByTheNextCleanReconcile() async {
        let (center, reminders) = setUp()
        var items = AppFixture.items(100)
        await reminders.reconcile(items: items, now: now.date)
        for index in 0..<5 { items[index].isDone = true }
        await center.inject(NotificationFaults(stalePendingReads: 1))
        await reminders.reconcile(items: items, now: now.date)
        // The stale list (empty, from before the first reconcile) hid the requests to remove.
        #expect(await center.owned() != Set(AppFixture.expectedPlan(items, now: now, window: 60)))
        await reminders.reconcile(items: items, now: now.date)
        #expect(await center.owned() == Set(AppFixture.expectedPlan(items, now: now, window: 60)))
    }

    @Test func requestsTheSystemDroppedAreAddedAgain() async {
        let (center, reminders) = setUp()
        let items = AppFixture.items(100)
        await reminders.reconcile(items: items, now: now.date)
        let dropped = ["reminders.item:i3", "reminders.item:i40", "reminders.item:i59"]
        await center.drop(dropped)
        let report = await reminders.reconcile(items: items, now: now.date)
        #expect(report.added == dropped)
        #expect(await center.owned() == Set(report.planned))
    }

    @Test func foreignRequestsAreLeftAloneAndShrinkTheWindow() async throws {
        let (center, reminders) = setUp()
        for index in 0..<10 {
            try await center.addForeign(
                NotificationRequest(
                    identifier: "app.other.\(index)", content: NotificationContent(title: "other"),
                    trigger: .once(at: now + 30 * 86_400)))
        }
        let items = AppFixture.items(100)
        let report = await reminders.reconcile(items: items, now: now.date)
        #expect(report.foreignCount == 10)
        #expect(report.windowSize == 54)
        #expect(await center.pending.count == 64)
        #expect(await center.system.drops.isEmpty)
        #expect(await center.owned() == Set(AppFixture.expectedPlan(items, now: now, window: 54)))
        let removed = await center.calls.flatMap { call -> [String] in
            if case .remove(let identifiers) = call { identifiers } else { [] }
        }
        #expect(removed.allSatisfy { $0.hasPrefix("reminders.") })
    }

    @Test func deniedRemovesOurRequestsAndReauthorizingAddsThemBack() async {
        let (center, reminders) = setUp()
        let items = AppFixture.items(100)
        await reminders.reconcile(items: items, now: now.date)
        await center.setSettings(NotificationSettings(authorization: .denied, badges: .enabled))
        let denied = await reminders.reconcile(items: items, now: now.date)
        #expect(denied.planned.isEmpty)
        #expect(denied.badge == nil)
        #expect(await center.owned().isEmpty)
        await center.setSettings(.authorized)
        await reminders.reconcile(items: items, now: now.date)
        #expect(await center.owned() == Set(AppFixture.expectedPlan(items, now: now, window: 60)))
    }

    @Test func provisionalWithBadgesOffSchedulesWithoutBadges() async {
        let (center, reminders) = setUp()
        let settings = NotificationSettings(authorization: .provisional, badges: .disabled)
        await center.setSettings(settings)
        let items = AppFixture.items(20)
        let report = await reminders.reconcile(items: items, now: now.date)
        #expect(report.badge == nil)
        #expect(report.planned.allSatisfy { $0.content.badge == nil })
        #expect(await center.owned() == Set(AppFixture.expectedPlan(items, now: now, window: 60, settings: settings)))
        #expect(!(await center.calls).contains { if case .setBadge = $0 { true } else { false } })
    }

    @Test func twoReconcilesAtOnceDoNotInterleave() async {
        let center = RecordingNotificationCenter(now: now)
        let reminders = ReminderReconciler(center: YieldingCenter(base: center), calendar: AppFixture.utc)
        let first = AppFixture.items(80)
        let second = first.enumerated().map { index, item in
            ReminderItem(id: item.id, title: item.title, due: item.due, isDone: index < 40)
        }
        async let one = reminders.reconcile(items: first, now: now.date)
        async let two = reminders.reconcile(items: second, now: now.date)
        _ = await (one, two)
        // Each reconcile is settings, pending, [remove], adds…, badge: no call of one between another's.
        var open = false
        for call in await center.calls {
            switch call {
            case .readSettings:
                #expect(!open, "a reconcile started before the previous one ended")
                open = true
            case .setBadge:
                open = false
            case .readPending, .remove, .add, .setCategories:
                #expect(open)
            }
        }
        let final = await center.owned()
        // Whichever ran last decides; `async let` does not fix which one reaches the actor first.
        let plans = [first, second].map { Set(AppFixture.expectedPlan($0, now: now, window: 60)) }
        #expect(plans.contains(final))
    }
}
