import SimulationKernel
import Testing

@testable import ReminderScheduling

/// ``ReminderScheduler/complete(_:registeringWithDue:now:)``: a check-off is one transition, known
/// item or not (issue #32), and the scheduler's storage is kept across runs.
@Suite struct CompleteRegisteringTests {
    private func harness() -> ReminderHarness {
        ReminderHarness(configuration: .standard, start: .zero)
    }

    @Test func anUnknownItemIsRegisteredCompletedWithItsDueDateUnarmed() throws {
        var scheduler = ReminderScheduler()
        scheduler.complete("milk", registeringWithDue: minutes(30), now: .zero)
        #expect(scheduler.state(of: "milk") == .completed(due: minutes(30)))
        #expect(scheduler.badge(at: minutes(60)) == 0)
        #expect(scheduler.wantedCount == 0)
        // A later due date keeps it unarmed (rule R2); a reopen arms the date it has.
        scheduler.setItem("milk", due: minutes(40), now: minutes(1))
        #expect(scheduler.wantedCount == 0)
        try scheduler.reopen("milk", now: minutes(2))
        #expect(scheduler.state(of: "milk") == .open(due: minutes(40)))
        #expect(scheduler.badge(at: minutes(40)) == 1)
    }

    @Test func aKnownOpenItemIsCompletedKeepingItsDueDate() {
        var scheduler = ReminderScheduler()
        scheduler.setItem("milk", due: minutes(30), now: .zero)
        scheduler.setItem("eggs", due: minutes(20), now: .zero)
        scheduler.complete("milk", registeringWithDue: minutes(99), now: minutes(1))
        #expect(scheduler.state(of: "milk") == .completed(due: minutes(30)))
        #expect(scheduler.badge(at: minutes(60)) == 1)
        #expect(scheduler.itemCount == 2)
        #expect(scheduler.window.map(\.key.owner) == ["eggs"])
    }

    @Test func aRemovedItemStaysRemoved() {
        var scheduler = ReminderScheduler()
        scheduler.setItem("milk", due: minutes(30), now: .zero)
        scheduler.removeItem("milk", now: .zero)
        scheduler.complete("milk", registeringWithDue: nil, now: minutes(1))
        #expect(scheduler.state(of: "milk") == .removed)
    }

    /// Registering an unknown item completed touches no pending request: the badges already sent
    /// stay current, so the next refill re-sends nothing (it used to be armed and cleared again,
    /// marking every later badge stale).
    @Test func completingAnUnknownItemWithADueDateResendsNothing() throws {
        var phone = harness()
        try phone.run(at: .zero, reason: .launch) { scheduler in
            scheduler.setItem("eggs", due: minutes(20), now: .zero)
            scheduler.setItem("bread", due: minutes(50), now: .zero)
        }
        let sent = phone.requestsSent
        try phone.run(at: minutes(1), reason: .watchMessage) { scheduler in
            scheduler.complete("milk", registeringWithDue: minutes(10), now: minutes(1))
        }
        #expect(phone.requestsSent == sent)
        #expect(phone.scheduler.window.map(\.badge) == [1, 2])
    }

    /// Many items registered one at a time (one probe each) are all found again by name.
    @Test(arguments: [1, 7, 100, 1_000])
    func everyRegisteredItemIsFoundAgain(count: Int) {
        var scheduler = ReminderScheduler()
        for index in 0..<count {
            scheduler.complete("item \(index)", registeringWithDue: nil, now: .zero)
        }
        // Registering again finds the item: no second record.
        for index in stride(from: 0, to: count, by: 3) {
            scheduler.complete("item \(index)", registeringWithDue: minutes(5), now: .zero)
        }
        #expect(scheduler.itemCount == count)
        for index in 0..<count {
            #expect(scheduler.state(of: "item \(index)") == .completed(due: nil), "item \(index)")
        }
        #expect(scheduler.state(of: "item \(count)") == nil)
    }

    /// A scheduler started again for another run (from a template sized for the scenario's items)
    /// registers its items in the storage the last run used, and behaves as a fresh one.
    @Test func aRestartedSchedulerRegistersItsItemsInTheLastRunsStorage() {
        var template = ReminderScheduler()
        template.reserveCapacity(200)
        var old = template
        for index in 0..<200 { old.complete("item \(index)", registeringWithDue: nil, now: .zero) }
        let itemStorage = old.items.withUnsafeBufferPointer(\.baseAddress)
        let bucketStorage = old.slots.buckets.withUnsafeBufferPointer(\.baseAddress)
        var fresh = template
        fresh.adoptStorage(of: &old)
        #expect(fresh.itemCount == 0)
        #expect(fresh.state(of: "item 3") == nil)
        for index in 0..<200 { fresh.complete("item \(index)", registeringWithDue: nil, now: .zero) }
        #expect(fresh.items.withUnsafeBufferPointer(\.baseAddress) == itemStorage)
        #expect(fresh.slots.buckets.withUnsafeBufferPointer(\.baseAddress) == bucketStorage)
        #expect(fresh.state(of: "item 199") == .completed(due: nil))
        #expect(fresh.itemCount == 200)
        #expect(template.itemCount == 0)
    }
}
