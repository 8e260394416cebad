/// The held reminders: every wanted reminder beyond the window, in (fire date, identifier) order.
///
/// Item reminders are not stored a second time. Every open item with a due date is in the badge
/// index (``ReminderScheduler/dueIndex``); the wanted ones are those due after the clock, and since
/// the window holds the smallest wanted keys, the held items are exactly the open items beyond the
/// **item frontier**: the window's last item reminder, or the clock when the window has none. Only
/// the other kinds (snoozes, repeating reminders, badge carriers — a few per item at most) are kept
/// in ``ReminderScheduler/heldOthers``. So completing, adding or moving an item changes one index of
/// the N items instead of two, and a held item costs no memory beyond its badge-index key.
///
/// The badge index orders equal due dates by slot; wherever the order of items matters, a run of
/// equal due dates is put in identifier order (ties are rare; the run is read once).
extension ReminderScheduler {
    /// Where the held items begin: items due after ``due`` are held, and so are those due at ``due``
    /// whose identifier comes after ``owner`` (none when `owner` is `nil`: `due` is the clock).
    struct ItemFrontier {
        var due: Int64
        var owner: String?

        /// Whether the item `id`, due at `due` (at or after ``due``), is beyond the frontier.
        @inline(__always)
        func holds(due: Int64, id: @autoclosure () -> String) -> Bool {
            guard due == self.due else { return true }
            guard let owner else { return false }
            return id() > owner
        }
    }

    /// The item frontier for the window as it is and the clock `clock`.
    ///
    /// - Complexity: O(1) when the window's last entry is an item; O(W) at worst.
    func itemFrontier(clock: ReminderTime) -> ItemFrontier {
        for index in entries.indices.reversed() where entries[index].key.kind == .item {
            let key = entries[index].key
            return key.fire > clock
                ? ItemFrontier(due: key.fire.seconds, owner: key.owner) : ItemFrontier(due: clock.seconds)
        }
        return ItemFrontier(due: clock.seconds)
    }

    /// Whether reminders are ever held (not in naive mode, whose window is unlimited).
    var holdsReminders: Bool { capacity != Int.max }

    /// The smallest held item reminder.
    ///
    /// - Complexity: O(log N + t) for t items sharing its due date.
    func heldItemMin() -> ReminderKey? {
        guard holdsReminders else { return nil }
        let frontier = itemFrontier(clock: clock)
        var best: ReminderKey?
        dueIndex.forEach(skippingWhile: { $0.due < frontier.due }) { key in
            if let best, best.fire.seconds != key.due { return false }
            let id = items[Int(key.slot)].id
            guard frontier.holds(due: key.due, id: id) else { return true }
            if best.map({ id < $0.owner }) ?? true {
                best = ReminderKey(fire: ReminderTime(seconds: key.due), kind: .item, owner: id)
            }
            return true
        }
        return best
    }

    /// The smallest held reminder.
    ///
    /// - Complexity: O(log N + t) for t items sharing its due date.
    func heldMin() -> ReminderKey? {
        let other = heldOthers.min
        guard let item = heldItemMin() else { return other }
        guard let other else { return item }
        return other < item ? other : item
    }

    /// The number of held reminders.
    ///
    /// - Complexity: O(log N + t) for t items due at the frontier.
    var heldReminderCount: Int {
        guard holdsReminders else { return heldOthers.count }
        let frontier = itemFrontier(clock: clock)
        var count = dueIndex.count - dueIndex.count(lessThanOrEqualTo: DueKey(due: frontier.due, slot: .max))
        if let owner = frontier.owner {
            dueIndex.forEach(skippingWhile: { $0.due < frontier.due }) { key in
                guard key.due == frontier.due else { return false }
                if items[Int(key.slot)].id > owner { count += 1 }
                return true
            }
        }
        return heldOthers.count + count
    }

    /// The held items beyond `frontier` due after `lower` and at or before `upper`, in
    /// (due, identifier) order.
    ///
    /// - Complexity: O(log N + m log t) for m items, t of them at most sharing a due date.
    func heldItems(beyond frontier: ItemFrontier, after lower: Int64, through upper: Int64) -> [ReminderKey] {
        guard holdsReminders, lower < upper else { return [] }
        var result: [ReminderKey] = []
        var runStart = 0
        dueIndex.forEach(skippingWhile: { $0.due <= lower || $0.due < frontier.due }) { key in
            guard key.due <= upper else { return false }
            let id = items[Int(key.slot)].id
            guard frontier.holds(due: key.due, id: id) else { return true }
            if let last = result.last, last.fire.seconds != key.due {
                if result.count - runStart > 1 { result[runStart...].sort() }
                runStart = result.count
            }
            result.append(ReminderKey(fire: ReminderTime(seconds: key.due), kind: .item, owner: id))
            return true
        }
        if result.count - runStart > 1 { result[runStart...].sort() }
        return result
    }

    /// Every held reminder firing after `lower` and at or before `upper`, in order.
    ///
    /// - Complexity: O(log N + m log t) for m reminders.
    func heldReminders(after lower: ReminderTime, through upper: ReminderTime) -> [ReminderKey] {
        let items = heldItems(beyond: itemFrontier(clock: clock), after: lower.seconds, through: upper.seconds)
        var others: [ReminderKey] = []
        heldOthers.forEach(skippingWhile: { $0.fire <= lower }) { key in
            guard key.fire <= upper else { return false }
            others.append(key)
            return true
        }
        return Self.merged(items, others)
    }

    /// The earliest fire date after `time` of a held reminder.
    ///
    /// - Complexity: O(log N + t).
    func heldNextFire(after time: ReminderTime) -> ReminderTime? {
        var result: ReminderTime?
        heldOthers.forEach(skippingWhile: { $0.fire <= time }) { key in
            result = key.fire
            return false
        }
        guard holdsReminders else { return result }
        let frontier = itemFrontier(clock: clock)
        dueIndex.forEach(skippingWhile: { $0.due <= time.seconds || $0.due < frontier.due }) { key in
            guard frontier.holds(due: key.due, id: items[Int(key.slot)].id) else { return true }
            let fire = ReminderTime(seconds: key.due)
            if result.map({ fire < $0 }) ?? true { result = fire }
            return false
        }
        return result
    }

    /// Two sorted lists of keys merged into one.
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
