/// The held reminders: every wanted reminder beyond the window, in (fire date, identifier) order.
///
/// Item reminders are not stored a second time. Every open item with a due date is in the badge
/// index (``ReminderScheduler/dueIndex``), ordered like its reminder key (due date, then
/// identifier); the wanted ones are those due after the clock, and since the window holds the
/// smallest wanted keys, the held items are exactly the index keys beyond the **item frontier**: the
/// window's last item reminder, or the clock when the window has none. Only the other kinds
/// (snoozes, repeating reminders, badge carriers — a few per item at most) are kept in
/// ``ReminderScheduler/heldOthers``. So completing, adding or moving an item changes one index of the
/// N items instead of two, and a held item costs no memory beyond its badge-index key.
extension ReminderScheduler {
    /// Where the held items begin: the index keys greater than `(due, owner)`, or with no `owner`
    /// (the frontier is the clock), those due after `due`.
    struct ItemFrontier {
        var due: Int64
        var owner: String?

        /// Whether `key` is beyond the frontier (false for a prefix of the index).
        func holds(_ key: DueKey) -> Bool {
            guard let owner else { return key.due > due }
            return key.due != due ? key.due > due : key.id > owner
        }
    }

    /// The item frontier for the window as it is and the clock `clock`.
    ///
    /// - Complexity: O(log N) when the window has no item (its items are the open items due after
    ///   the clock that are not held: counted, none); O(1) more when the window's last entry is an
    ///   item; O(W) at worst.
    func itemFrontier(clock: ReminderTime) -> ItemFrontier {
        if dueIndex.count - dueCount(atOrBefore: clock.seconds) == heldItemCount {
            return ItemFrontier(due: clock.seconds)
        }
        for index in entries.indices.reversed() where entries[index].key.kind == .item {
            let key = entries[index].key
            return key.fire > clock
                ? ItemFrontier(due: key.fire.seconds, owner: key.owner) : ItemFrontier(due: clock.seconds)
        }
        return ItemFrontier(due: clock.seconds)
    }

    /// Whether reminders are ever held (not in naive mode, whose window is unlimited).
    var holdsReminders: Bool { capacity != Int.max }

    /// The number of open items due at or before `seconds`.
    ///
    /// - Complexity: O(log N).
    func dueCount(atOrBefore seconds: Int64) -> Int {
        seconds == .max ? dueIndex.count : dueIndex.count(lessThan: DueKey(due: seconds + 1, id: ""))
    }

    /// The smallest held item reminder.
    ///
    /// - Complexity: O(log N); O(1) when no item is held.
    func heldItemMin() -> ReminderKey? {
        guard holdsReminders, heldItemCount > 0 else { return nil }
        let frontier = itemFrontier(clock: clock)
        var result: ReminderKey?
        dueIndex.forEach(skippingWhile: { !frontier.holds($0) }) { key in
            result = key.reminderKey
            return false
        }
        return result
    }

    /// The smallest held reminder.
    ///
    /// - Complexity: O(log N).
    func heldMin() -> ReminderKey? {
        let other = heldOthers.min
        guard let item = heldItemMin() else { return other }
        guard let other else { return item }
        return other < item ? other : item
    }

    /// The number of held reminders.
    ///
    /// - Complexity: O(1).
    @inlinable
    var heldReminderCount: Int { heldOthers.count + heldItemCount }

    /// The held items beyond `frontier` due after `lower` and at or before `upper`, in order.
    ///
    /// - Complexity: O(log N + m) for m items.
    func heldItems(beyond frontier: ItemFrontier, after lower: Int64, through upper: Int64) -> [ReminderKey] {
        guard holdsReminders, lower < upper else { return [] }
        var result: [ReminderKey] = []
        dueIndex.forEach(skippingWhile: { $0.due <= lower || !frontier.holds($0) }) { key in
            guard key.due <= upper else { return false }
            result.append(key.reminderKey)
            return true
        }
        return result
    }

    /// Every held reminder firing after `lower` and at or before `upper`, in order.
    ///
    /// - Complexity: O(log N + m) for m reminders.
    func heldReminders(after lower: ReminderTime, through upper: ReminderTime) -> [ReminderKey] {
        let items =
            heldItemCount > 0
            ? heldItems(beyond: itemFrontier(clock: clock), after: lower.seconds, through: upper.seconds) : []
        var others: [ReminderKey] = []
        heldOthers.forEach(skippingWhile: { $0.fire <= lower }) { key in
            guard key.fire <= upper else { return false }
            others.append(key)
            return true
        }
        return Self.merged(items, others)
    }

    /// The number of held reminders firing after `lower` and at or before `upper` (the held ones of
    /// ``wantedReminders(after:through:)``, counted where they are).
    ///
    /// - Complexity: O(log N + m) for m reminders; O(1) when nothing is held.
    func heldReminderCount(after lower: ReminderTime, through upper: ReminderTime) -> Int {
        guard heldReminderCount > 0, lower < upper else { return 0 }
        var count = 0
        heldOthers.forEach(skippingWhile: { $0.fire <= lower }) { key in
            guard key.fire <= upper else { return false }
            count += 1
            return true
        }
        guard holdsReminders, heldItemCount > 0 else { return count }
        let frontier = itemFrontier(clock: clock)
        dueIndex.forEach(skippingWhile: { $0.due <= lower.seconds || !frontier.holds($0) }) { key in
            guard key.due <= upper.seconds else { return false }
            count += 1
            return true
        }
        return count
    }

    /// The earliest fire date after `time` of a held reminder.
    ///
    /// - Complexity: O(log N).
    func heldNextFire(after time: ReminderTime) -> ReminderTime? {
        var result: ReminderTime?
        heldOthers.forEach(skippingWhile: { $0.fire <= time }) { key in
            result = key.fire
            return false
        }
        guard holdsReminders, heldItemCount > 0 else { return result }
        let frontier = itemFrontier(clock: clock)
        dueIndex.forEach(skippingWhile: { $0.due <= time.seconds || !frontier.holds($0) }) { key in
            let fire = ReminderTime(seconds: key.due)
            if result.map({ fire < $0 }) ?? true { result = fire }
            return false
        }
        return result
    }

    /// Two sorted lists of keys merged into one.
    ///
    /// - Complexity: O(a + b) for lists of a and b keys.
    static func merged(_ first: [ReminderKey], _ second: [ReminderKey]) -> [ReminderKey] {
        guard !first.isEmpty else { return second }
        guard !second.isEmpty else { return first }
        var result: [ReminderKey] = []
        result.reserveCapacity(first.count + second.count)
        var left = 0
        var right = 0
        while left < first.count, right < second.count {
            if second[right] < first[left] {
                result.append(second[right])
                right += 1
            } else {
                result.append(first[left])
                left += 1
            }
        }
        result.append(contentsOf: first[left...])
        result.append(contentsOf: second[right...])
        return result
    }
}
