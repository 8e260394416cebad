import CompanionModel
import ReminderScheduling
import SimulationKernel

/// For every delivery, in order, the number of incomplete items due at or before it as the phone
/// knew them then: the badge it should leave (rule R2). `reminders`, `reminders --compare` and the
/// reminders chart all read their "wrong badge" from here.
///
/// **Same instant (rule R16):** at one instant the system delivers what fires first, then the
/// app runs. A change the phone learns at the instant of a delivery (a Complete tapped, an item
/// checked off or moved at that very time) comes after it, so it does not count for it.
///
/// Kept as the deliveries are made (``record(_:dueLog:)``), one sweep over the due-date log and the
/// deliveries, both in time order: the count of wrong badges covers every delivery, and the true
/// badge is kept for the deliveries the harness keeps in full (the ones a report lists).
package struct BadgeTruth: Sendable {
    /// Each item's open due date, by its key in the list's ``ItemCatalog`` (which also keeps equal
    /// due dates distinct in ``open``).
    private var dues: [SimTime?]
    /// The open items' due dates.
    private var open = CountingBlockList<TruthKey>()
    /// How many due-date changes of the log are applied.
    private var applied = 0
    /// How many deliveries are looked at.
    private(set) var seen = 0
    /// The true badge of each delivery the harness keeps in full, in order.
    package private(set) var kept: [Int] = []
    /// How many deliveries left a wrong app badge, over every delivery.
    package private(set) var wrongCount = 0

    /// The truth of a list of `itemCount` items (its catalog's), none of them due yet.
    init(itemCount: Int) {
        dues = Array(repeating: nil, count: itemCount)
    }

    /// Looks at the next delivery: applies the due-date changes strictly before its instant, then
    /// counts the open items due at or before it.
    ///
    /// - Complexity: O(log n) for n items, plus O(log n) per change applied.
    mutating func record(_ delivery: ReminderDelivery, keeping: Bool, dueLog: [PhoneReminders.DueChange]) {
        let at = PhoneReminders.simTime(delivery.at)
        apply(dueLog, before: at)
        let truth = open.count(lessThanOrEqualTo: TruthKey(due: at.nanoseconds, slot: .max))
        if keeping { kept.append(truth) }
        if delivery.appBadge != truth { wrongCount += 1 }
        seen += 1
    }

    /// Applies the changes of `dueLog` (in time order) made strictly before `time` and not applied
    /// yet. The phone applies the list as known at the start once, when it is made: every run's
    /// truth starts from it (the system delivers only after the instant a request is added, so
    /// never at the start).
    ///
    /// - Complexity: O(log n) per change applied, for n items.
    mutating func apply(_ dueLog: [PhoneReminders.DueChange], before time: SimTime) {
        while applied < dueLog.count, dueLog[applied].time < time {
            let change = dueLog[applied]
            applied += 1
            let slot = Int32(change.key)
            if let previous = dues[change.key] { open.remove(TruthKey(due: previous.nanoseconds, slot: slot)) }
            dues[change.key] = change.due
            if let due = change.due { open.insert(TruthKey(due: due.nanoseconds, slot: slot)) }
        }
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

extension BadgeTruth: StorageAdopting {
    /// Keeps this truth exactly, moving its indexes and kept badges into `old`'s storage.
    ///
    /// - Complexity: O(*n*) for the *n* items and kept badges held, plus emptying `old`'s.
    package mutating func adoptStorage(of old: inout BadgeTruth) {
        dues.adoptStorage(of: &old.dues)
        kept.adoptStorage(of: &old.kept)
    }
}
