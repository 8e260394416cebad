/// What the app tells the scheduler: items, completions, snoozes, repeating reminders, actions.
extension ReminderScheduler {
    /// Adds item `id`, open, or changes the due date of a known item. An open item with a due date after
    /// `now` gets a reminder then; one due at or before `now` is already overdue and only counts in badges.
    /// A **completed** item stays completed: its new due date is kept for ``reopen(_:now:)`` and it neither
    /// reminds nor counts in any badge (rule R2 in `docs/reminders.md`).
    ///
    /// - Complexity: O(log N + a), a = pending notifications whose badge changes.
    public mutating func setItem(_ id: String, due: ReminderTime?, now: ReminderTime) {
        expire(now: now)
        let (slot, isNew) = slot(registering: id, as: .open(due: nil))
        if isNew { return arm(slot: slot, due: due) }
        switch items[Int(slot)].state {
        case .completed:
            items[Int(slot)].state = .completed(due: due)
        case .removed:
            break
        case .open:
            clearReminders(slot: slot)
            arm(slot: slot, due: due)
        }
    }

    /// Puts a completed item back on the list with the due date it has (the user unchecked it);
    /// an open item is left as it is.
    ///
    /// - Complexity: O(log N + a), a = pending notifications whose badge changes.
    /// - Throws: ``ReminderSchedulerError/unknownItem(_:)``.
    public mutating func reopen(_ id: String, now: ReminderTime) throws(ReminderSchedulerError) {
        guard let slot = slot(of: id) else { throw .unknownItem(id) }
        expire(now: now)
        guard case .completed(let due) = items[Int(slot)].state else { return }
        arm(slot: slot, due: due)
    }

    /// Takes item `id` off the list (the user removed it, on this device or through sync): its
    /// reminder, snooze and badge contribution are withdrawn — pending requests are removed from the
    /// system and held ones dropped at the next refill — and it never reminds or counts again until
    /// ``restore(_:due:now:)`` (rule R15 in `docs/reminders.md`). Removing an unknown or removed item
    /// does nothing.
    ///
    /// - Complexity: O(log N + W + a), a = pending notifications whose badge changes.
    public mutating func removeItem(_ id: String, now: ReminderTime) {
        guard let slot = slot(of: id) else { return }
        expire(now: now)
        switch items[Int(slot)].state {
        case .open: clearReminders(slot: slot)
        case .completed, .removed: break
        }
        items[Int(slot)].state = .removed
    }

    /// Puts a removed item back on the list (it was added again), open with `due`; an item that is
    /// not removed is left as it is, and an unknown one is added.
    ///
    /// - Complexity: O(log N + W + a), a = pending notifications whose badge changes.
    public mutating func restore(_ id: String, due: ReminderTime?, now: ReminderTime) {
        guard let slot = slot(of: id) else { return setItem(id, due: due, now: now) }
        guard case .removed = items[Int(slot)].state else { return }
        expire(now: now)
        arm(slot: slot, due: due)
    }

    /// Makes item `slot` open with `due`: counted in the badges and reminded if `due` is after the clock.
    private mutating func arm(slot: Int32, due: ReminderTime?) {
        items[Int(slot)].state = .open(due: due)
        guard let due else { return }
        let id = items[Int(slot)].id
        dueIndex.insert(DueKey(due: due.seconds, id: id))
        adjustBadges(from: due, by: 1)
        if due > clock {
            insertWanted(ReminderKey(fire: due, kind: .item, owner: id))
        } else {
            overdueCount += 1
        }
    }

    /// Adds many open items at once. On an empty scheduler item `i` of `list` gets slot `i`, and the
    /// badge index is built in O(N) from one radix sort of packed (due date, index) words, equal due
    /// dates then put in identifier order; the window takes the first W items due after `now`, and the
    /// rest are held as they are (a held item is an open item of the badge index beyond the window).
    /// Each pass is a tight loop over arrays (the identifiers are hashed in batches), so the memory
    /// accesses of consecutive items overlap; up to ``smallLoadLimit`` due dates are sorted by
    /// comparison instead (the radix sort's fixed cost dominates a short list). Otherwise each item goes through
    /// ``setItem(_:due:now:)``. A repeated identifier keeps its last due date.
    ///
    /// - Complexity: O(N) for N items, plus O(t log t) for each run of t equal due dates.
    public mutating func load(_ list: [(id: String, due: ReminderTime?)], now: ReminderTime) {
        guard items.isEmpty, repeatRecords.isEmpty, list.count < Int(Int32.max) else {
            for entry in list { setItem(entry.id, due: entry.due, now: now) }
            return
        }
        expire(now: now)
        guard let (words, lowest) = Self.sortedDueWords(of: list) else {
            for entry in list { setItem(entry.id, due: entry.due, now: now) }
            return
        }
        reserveCapacity(list.count)
        for entry in list { items.append(ItemRecord(id: entry.id, state: .open(due: entry.due))) }
        guard slots.indexAll(items) else { return reloadOneByOne(list, now: now) }
        var dueKeys = words.map { word in
            DueKey(due: lowest &+ Int64(word >> 32), id: list[Int(word & 0xFFFF_FFFF)].id)
        }
        // Equal due dates in identifier order (the words have them in list order).
        var start = 0
        while start < dueKeys.count {
            var end = start + 1
            while end < dueKeys.count, dueKeys[end].due == dueKeys[start].due { end += 1 }
            if end - start > 1 { dueKeys[start..<end].sort() }
            start = end
        }
        var firstFuture = 0
        var upper = dueKeys.count
        while firstFuture < upper {
            let middle = (firstFuture + upper) / 2
            if dueKeys[middle].due > clock.seconds { upper = middle } else { firstFuture = middle + 1 }
        }
        overdueCount += firstFuture
        dueIndex = CountingBlockList(sorted: dueKeys)
        entries = dueKeys[firstFuture...].prefix(capacity).map { dueKey in
            let key = dueKey.reminderKey
            return WindowEntry(key: key, badge: initialBadge(for: key), sync: .new)
        }
        if holdsReminders { heldItemCount = dueKeys.count - firstFuture - entries.count }
    }

    /// Starts again one item at a time (the list repeats an identifier).
    private mutating func reloadOneByOne(_ list: [(id: String, due: ReminderTime?)], now: ReminderTime) {
        items.removeAll()
        slots = ItemSlotTable()
        for entry in list { setItem(entry.id, due: entry.due, now: now) }
    }

    /// The entries with a due date as sorted words `(due − lowest) << 32 | index`, with `lowest`;
    /// `nil` when the due dates span 2³² seconds or more (the caller then adds them one by one).
    ///
    /// - Complexity: O(N) (a radix sort of the due bits).
    private static func sortedDueWords(of list: [(id: String, due: ReminderTime?)]) -> ([UInt64], Int64)? {
        var lowest = Int64.max
        var highest = Int64.min
        for entry in list {
            guard let due = entry.due?.seconds else { continue }
            lowest = min(lowest, due)
            highest = max(highest, due)
        }
        guard lowest <= highest else { return ([], 0) }
        let (span, overflow) = highest.subtractingReportingOverflow(lowest)
        guard !overflow, span < Int64(UInt32.max) else { return nil }
        var words: [UInt64] = []
        words.reserveCapacity(list.count)
        for (index, entry) in list.enumerated() {
            guard let due = entry.due?.seconds else { continue }
            words.append(UInt64(due - lowest) << 32 | UInt64(index))
        }
        // The words are in index order already, so a stable sort on the due bits alone sorts them.
        // A short list is sorted by whole words instead: the index bits are distinct and in list
        // order, so the order is the same, without the radix sort's 16 KB of digit counts a pass.
        if words.count <= smallLoadLimit {
            words.sort()
        } else {
            radixSortHighHalf(&words, bits: 64 - UInt64(span).leadingZeroBitCount)
        }
        return (words, lowest)
    }

    /// Up to this many due dates, ``load(_:now:)`` sorts them by comparison instead of by radix.
    static let smallLoadLimit = 256

    /// Sorts `words` stably by their bits 32 ..< 32 + `bits` (least significant digit first, 11 bits
    /// a pass).
    ///
    /// - Complexity: O(N · ⌈bits / 11⌉).
    static func radixSortHighHalf(_ words: inout [UInt64], bits: Int) {
        guard words.count > 1, bits > 0 else { return }
        let digitBits = 11
        let radix = 1 << digitBits
        var buffer = [UInt64](repeating: 0, count: words.count)
        var counts = [Int](repeating: 0, count: radix + 1)
        var shift = 32
        while shift < 32 + bits {
            let digitShift = UInt64(shift)
            for index in counts.indices { counts[index] = 0 }
            words.withUnsafeBufferPointer { source in
                counts.withUnsafeMutableBufferPointer { counts in
                    for word in source { counts[Int((word >> digitShift) & UInt64(radix - 1)) + 1] += 1 }
                    for digit in 1...radix { counts[digit] += counts[digit - 1] }
                    buffer.withUnsafeMutableBufferPointer { target in
                        for word in source {
                            let digit = Int((word >> digitShift) & UInt64(radix - 1))
                            target[counts[digit]] = word
                            counts[digit] += 1
                        }
                    }
                }
            }
            swap(&words, &buffer)
            shift += digitBits
        }
    }

    /// Marks item `id` done: its reminder and snooze are withdrawn and every pending badge firing at or
    /// after its due date drops by one. Completing a completed item does nothing (the watch may repeat it).
    ///
    /// - Complexity: O(log N + a), a = pending notifications whose badge changes.
    /// - Throws: ``ReminderSchedulerError/unknownItem(_:)``.
    public mutating func complete(_ id: String, now: ReminderTime) throws(ReminderSchedulerError) {
        guard let slot = slot(of: id) else { throw .unknownItem(id) }
        expire(now: now)
        complete(slot: slot)
    }

    /// Marks item `id` done as ``complete(_:now:)`` does, registering it if the scheduler does not
    /// know it: an unknown item (one without a due date, or checked off before the app loaded it)
    /// is registered completed, with `due` kept unarmed for a later ``reopen(_:now:)``, so it
    /// neither reminds nor counts, and a due date set later does not arm it (rules R2, R15). A
    /// known item keeps the due date it has.
    ///
    /// The app calls it when the user checks an item off, known or not: one lookup of `id`.
    ///
    /// - Complexity: O(log N + a), a = pending notifications whose badge changes; O(1) amortized
    ///   for an unknown item.
    public mutating func complete(_ id: String, registeringWithDue due: ReminderTime?, now: ReminderTime) {
        expire(now: now)
        let (slot, isNew) = slot(registering: id, as: .completed(due: due))
        if !isNew { complete(slot: slot) }
    }

    /// Completes the item at `slot` if it is open: its reminders and badge contribution are withdrawn.
    private mutating func complete(slot: Int32) {
        guard case .open(let due) = items[Int(slot)].state else { return }
        clearReminders(slot: slot)
        items[Int(slot)].state = .completed(due: due)
    }

    /// "Remind me in 30 minutes": a one-shot ``SchedulerConfiguration/snoozeSeconds`` after `now`
    /// (replacing an earlier snooze); the item's due date and the badges stay.
    ///
    /// - Complexity: O(log N + W).
    /// - Throws: ``ReminderSchedulerError/unknownItem(_:)`` or ``ReminderSchedulerError/itemCompleted(_:)``.
    public mutating func snooze(_ id: String, now: ReminderTime) throws(ReminderSchedulerError) {
        guard let slot = slot(of: id) else { throw .unknownItem(id) }
        guard items[Int(slot)].state.isOpen else { throw .itemCompleted(id) }
        expire(now: now)
        if let previous = snoozes[id] { removeWanted(ReminderKey(fire: previous, kind: .snooze, owner: id)) }
        let fire = now + configuration.snoozeSeconds
        snoozes[id] = fire
        insertWanted(ReminderKey(fire: fire, kind: .snooze, owner: id))
    }

    /// Handles a notification action for item `id`. The app runs for every action (rule R3): an action on
    /// an item that is already completed changes nothing and says so, and the caller refills anyway.
    ///
    /// - Returns: what the action did.
    /// - Throws: ``ReminderSchedulerError/unknownItem(_:)``.
    @discardableResult
    public mutating func handle(_ action: ReminderAction, item id: String, now: ReminderTime)
        throws(ReminderSchedulerError) -> ActionOutcome
    {
        guard let slot = slot(of: id) else { throw .unknownItem(id) }
        switch items[Int(slot)].state {
        case .open: break
        case .completed:
            expire(now: now)
            return .ignoredCompleted
        case .removed:
            expire(now: now)
            return .ignoredRemoved
        }
        switch action {
        case .complete:
            try complete(id, now: now)
            return .completed
        case .snooze:
            try snooze(id, now: now)
            return .snoozed(until: now + configuration.snoozeSeconds)
        }
    }

    /// Adds (or replaces) a repeating reminder; it takes one window slot, plus one for its badge
    /// carrier under ``RepeatingBadgePolicy/separateCarrier``.
    ///
    /// - Complexity: O(log N + W).
    /// - Throws: ``ReminderSchedulerError/rejected(_:)`` if the interval is under 60 s.
    public mutating func addRepeating(_ reminder: RepeatingReminder, now: ReminderTime) throws(ReminderSchedulerError) {
        guard configuration.api.allowsRepeatInterval(reminder.interval) else {
            let identifier = ReminderKind.repeating.prefix + reminder.id
            switch configuration.api {
            case .legacy:
                throw .rejected(.repeatIntervalNotACalendarUnit(identifier: identifier, seconds: reminder.interval))
            case .userNotifications:
                throw .rejected(.repeatIntervalTooShort(identifier: identifier, seconds: reminder.interval))
            }
        }
        expire(now: now)
        let position = repeatRecords.partitionPoint { $0.reminder.id >= reminder.id }
        let replaces = position < repeatRecords.count && repeatRecords[position].reminder.id == reminder.id
        if replaces { removeRepeatingKeys(at: position) }
        var record = RepeatingRecord(reminder: reminder)
        if let next = reminder.nextOccurrence(after: now) {
            record.queuedFire = next
            insertWanted(ReminderKey(fire: next, kind: .repeating, owner: reminder.id))
            if configuration.mode.refills && configuration.repeatingBadgePolicy == .separateCarrier {
                record.carrierFire = next
                insertWanted(ReminderKey(fire: next, kind: .badgeCarrier, owner: reminder.id))
            }
        }
        if replaces {
            repeatRecords[position] = record
        } else {
            repeatRecords.insert(record, at: position)
        }
    }

    /// Removes a repeating reminder and its badge carrier.
    ///
    /// - Throws: ``ReminderSchedulerError/unknownRepeating(_:)``.
    public mutating func removeRepeating(_ id: String, now: ReminderTime) throws(ReminderSchedulerError) {
        guard let position = repeatingPosition(of: id) else { throw .unknownRepeating(id) }
        expire(now: now)
        removeRepeatingKeys(at: position)
        repeatRecords.remove(at: position)
    }

    /// Withdraws the queued occurrence and the badge carrier of the repeating reminder at `position`.
    private mutating func removeRepeatingKeys(at position: Int) {
        let record = repeatRecords[position]
        let id = record.reminder.id
        if let fire = record.queuedFire { removeWanted(ReminderKey(fire: fire, kind: .repeating, owner: id)) }
        if let fire = record.carrierFire { removeWanted(ReminderKey(fire: fire, kind: .badgeCarrier, owner: id)) }
    }

    /// Withdraws an open item's due-date reminder, snooze and badge contribution.
    private mutating func clearReminders(slot: Int32) {
        let record = items[Int(slot)]
        if let snooze = snoozes[record.id] {
            removeWanted(ReminderKey(fire: snooze, kind: .snooze, owner: record.id))
            snoozes[record.id] = nil
        }
        guard let due = record.state.due else { return }
        // Out of the badge index first: held items are the open items of the index beyond the
        // window, and the window topped up below must not take this one back. Its own window entry
        // (if any) is adjusted with the others and then removed; entries topped up are counted anew.
        let indexed = dueIndex.remove(DueKey(due: due.seconds, id: record.id))
        if indexed {
            adjustBadges(from: due, by: -1)
            if due <= clock { overdueCount -= 1 }
        }
        let wasInWindow = removeWanted(ReminderKey(fire: due, kind: .item, owner: record.id))
        // Due after the clock and not in the window: it was held.
        if indexed, !wasInWindow, due > clock, holdsReminders { heldItemCount -= 1 }
    }
}
