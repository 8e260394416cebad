import Foundation
import ReminderScheduling
import Testing

/// Random histories of app runs, item changes and faults; then one clean reconcile. Over 1,000 seeds
/// (four chunks of 250): the pending set equals the plan (and the plan is the independent model's),
/// every delivered badge equals the overdue count at its fire time, and nothing the reconciler did
/// not schedule is ever removed by it. A failure names its seed.
@Suite struct ReminderReconcilerPropertyTests {
    static let seedsPerChunk: UInt64 = 250

    private struct World {
        var rng: TestRandom
        var items: [ReminderItem] = []
        var now = AppFixture.start
        var nextID = 0
        var foreign: Set<String> = []
    }

    @Test(arguments: 0..<4)
    func oneCleanReconcileConvergesAfterAnyHistory(chunk: Int) async throws {
        let first = UInt64(chunk) * Self.seedsPerChunk
        for seed in first..<(first + Self.seedsPerChunk) {
            let failures = try await check(seed: seed)
            for failure in failures { Issue.record("seed \(seed): \(failure)") }
        }
    }

    private func newItem(_ world: inout World) -> ReminderItem {
        world.nextID += 1
        let minutes = Int64.random(in: -120...(3 * 24 * 60), using: &world.rng)
        // A coarse grid half of the time, so that equal due dates are common.
        let due = Bool.random(using: &world.rng) ? minutes - minutes % 60 : minutes
        return ReminderItem(
            id: "n\(world.nextID)", title: "Item \(world.nextID)", due: (world.now + due * 60).date,
            isDone: Int.random(in: 0..<10, using: &world.rng) == 0)
    }

    private func check(seed: UInt64) async throws -> [String] {
        var world = World(rng: TestRandom(seed: seed))
        let window = [1, 5, 60, 64].randomElement(using: &world.rng) ?? 60
        let center = RecordingNotificationCenter(now: world.now)
        var reminders = ReminderReconciler(center: center, windowSize: window, calendar: AppFixture.utc)
        for _ in 0..<Int.random(in: 0...120, using: &world.rng) { world.items.append(newItem(&world)) }
        for _ in 0..<Int.random(in: 1...8, using: &world.rng) {
            try await step(&world, center: center, reminders: &reminders, window: window)
        }
        // The clean reconcile: no faults, the app alive (a new process if it was killed).
        await center.inject(NotificationFaults())
        if await center.isKilled {
            await center.relaunch()
            reminders = ReminderReconciler(center: center, windowSize: window, calendar: AppFixture.utc)
        }
        let report = await reminders.reconcile(items: world.items, now: world.now.date)
        var failures: [String] = []
        let owned = await center.owned()
        if owned != Set(report.planned) {
            failures.append("pending != plan (\(owned.count) vs \(report.planned.count))")
        }
        let room = min(window, PlatformRules.defaultLimit - report.foreignCount)
        let model = AppFixture.expectedPlan(world.items, now: world.now, window: room, settings: report.settings)
        if report.planned != model {
            failures.append("plan differs from the model (\(report.planned.count) vs \(model.count))")
        }
        if !report.isComplete { failures.append("the clean reconcile failed to add \(report.failedAdds)") }
        let removedForeign = await center.calls.contains { call in
            if case .remove(let identifiers) = call {
                identifiers.contains { !$0.hasPrefix("reminders.") }
            } else {
                false
            }
        }
        if removedForeign { failures.append("removed a request it did not schedule") }
        let pendingForeign = Set(await center.pending.map(\.identifier).filter { !$0.hasPrefix("reminders.") })
        // A foreign request may only be gone because the system dropped it (added while not authorized,
        // or over the limit when other code added it): never through the reconciler.
        let droppedBySystem = Set(await center.system.drops.map(\.identifier))
        if !world.foreign.subtracting(droppedBySystem).isSubset(of: pendingForeign) {
            failures.append("a foreign request disappeared without a system drop")
        }
        // Nothing changes from here: every badge delivered is the overdue count at its fire time.
        for delivery in await center.advance(to: world.now + 4 * 86_400)
        where delivery.request.identifier.hasPrefix("reminders.") {
            guard let badge = delivery.request.content.badge else { continue }
            let expected = AppFixture.overdue(world.items, at: delivery.at)
            if badge != expected {
                failures.append(
                    "\(delivery.request.identifier) at \(delivery.at) showed \(badge), expected \(expected)")
            }
        }
        return failures
    }

    /// One stretch of the app's life: time passes (notifications fire), the user changes items,
    /// the system misbehaves, and the app reconciles.
    private func step(
        _ world: inout World, center: RecordingNotificationCenter, reminders: inout ReminderReconciler, window: Int
    ) async throws {
        world.now = world.now + Int64.random(in: 0...(6 * 3_600), using: &world.rng)
        _ = await center.advance(to: world.now)
        for _ in 0..<Int.random(in: 0...6, using: &world.rng) {
            guard !world.items.isEmpty else {
                world.items.append(newItem(&world))
                continue
            }
            let index = Int.random(in: 0..<world.items.count, using: &world.rng)
            switch Int.random(in: 0..<5, using: &world.rng) {
            case 0: world.items.append(newItem(&world))
            case 1: world.items[index].isDone.toggle()
            case 2: world.items.remove(at: index)
            case 3:
                let change = reminders.change(
                    for: Bool.random(using: &world.rng) ? .complete : .snooze, item: world.items[index],
                    now: world.now.date)
                world.items[index] = world.items[index].applying(change)
            default:
                world.items[index].due =
                    world.items[index].due + Double(Int.random(in: -3...3, using: &world.rng)) * 3_600
            }
        }
        if Int.random(in: 0..<4, using: &world.rng) == 0, world.foreign.count < 20 {
            let id = "app.other.\(world.foreign.count)"
            world.foreign.insert(id)
            try await center.addForeign(
                NotificationRequest(
                    identifier: id, content: NotificationContent(title: "other"),
                    trigger: .once(at: world.now + 30 * 86_400)))
        }
        switch Int.random(in: 0..<8, using: &world.rng) {
        case 0: await center.inject(NotificationFaults(refusedAdds: Int.random(in: 1...5, using: &world.rng)))
        case 1: await center.inject(NotificationFaults(stalePendingReads: 1))
        case 2: await center.inject(NotificationFaults(killAfterAdds: Int.random(in: 1...5, using: &world.rng)))
        case 3:
            let owned = await center.owned().map(\.identifier)
            await center.drop(owned.filter { _ in Bool.random(using: &world.rng) })
        case 4:
            let authorization = NotificationAuthorization.allCases.randomElement(using: &world.rng) ?? .authorized
            let badges = NotificationSettings.Setting.allCases.randomElement(using: &world.rng) ?? .enabled
            await center.setSettings(NotificationSettings(authorization: authorization, badges: badges))
        default: break
        }
        if await center.isKilled {
            await center.relaunch()
            reminders = ReminderReconciler(center: center, windowSize: window, calendar: AppFixture.utc)
        }
        await reminders.reconcile(items: world.items, now: world.now.date)
    }
}
