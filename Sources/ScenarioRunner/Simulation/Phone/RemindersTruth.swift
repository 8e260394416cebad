import CompanionModel
import ReminderScheduling
import SimulationKernel

extension PhoneReminders {
    /// For every delivery, in order, the number of incomplete items due at or before it as the
    /// phone knew them then: the badge it should leave (rule R2). `reminders`, `reminders --compare`
    /// and the reminders chart all read their "wrong badge" from here.
    ///
    /// **Same instant (rule R16):** at one instant the system delivers what fires first, then the
    /// app runs. A change the phone learns at the instant of a delivery (a Complete tapped, an item
    /// checked off or moved at that very time) comes after it, so it does not count for it.
    ///
    /// One sweep over the due-date log and the deliveries, both in time order.
    ///
    /// - Complexity: O((c + d) log n) for c logged changes, d deliveries and n items.
    package func trueBadges() -> [Int] {
        var slots: [ItemID: Int32] = [:]
        var dues: [ItemID: SimTime] = [:]
        var open = CountingBlockList<TruthKey>()
        var log = dueLog[...]
        var result: [Int] = []
        result.reserveCapacity(harness.deliveries.count)
        for delivery in harness.deliveries {
            let at = Self.simTime(delivery.at)
            // The changes strictly before the delivery's instant.
            while let change = log.first, change.time < at {
                log.removeFirst()
                let slot = slots[change.item] ?? Int32(slots.count)
                slots[change.item] = slot
                if let previous = dues[change.item] { open.remove(TruthKey(due: previous.nanoseconds, slot: slot)) }
                dues[change.item] = change.due
                if let due = change.due { open.insert(TruthKey(due: due.nanoseconds, slot: slot)) }
            }
            result.append(open.count(lessThanOrEqualTo: TruthKey(due: at.nanoseconds, slot: .max)))
        }
        return result
    }

    /// How many deliveries left a wrong app badge (``trueBadges()``).
    ///
    /// - Complexity: as ``trueBadges()``.
    package func wrongBadgeCount() -> Int {
        zip(harness.deliveries, trueBadges()).count { $0.appBadge != $1 }
    }

    /// An open item's due date in the truth index; the slot makes equal dates distinct.
    struct TruthKey: Comparable {
        var due: Int64
        var slot: Int32

        static func < (lhs: TruthKey, rhs: TruthKey) -> Bool {
            lhs.due != rhs.due ? lhs.due < rhs.due : lhs.slot < rhs.slot
        }
    }
}
