/// Window maintenance: the invariant is that `entries` holds the smallest wanted keys (at most W of
/// them in windowed mode), that every held key is greater than every window key, and that the window
/// is full whenever anything is held.
extension ReminderScheduler {
    /// The index of the first window entry whose key is not less than `key`.
    ///
    /// - Complexity: O(log W).
    func windowIndex(of key: ReminderKey) -> Int {
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].key < key { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The index of the first window entry firing at or after `time`.
    ///
    /// - Complexity: O(log W).
    func windowIndex(firingAtOrAfter time: ReminderTime) -> Int {
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].key.fire < time { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The badge a new notification for `key` carries.
    ///
    /// - Complexity: O(log N).
    func initialBadge(for key: ReminderKey) -> Int? {
        switch key.kind {
        case .item, .snooze, .badgeCarrier:
            return badge(at: key.fire)
        case .repeating:
            if configuration.mode == .naive { return badge(at: key.fire) }
            switch configuration.repeatingBadgePolicy {
            case .fixedAtScheduling: return badge(at: key.fire)
            case .separateCarrier, .noBadge: return nil
            }
        }
    }

    /// Adds a wanted reminder. `entry` carries a badge and sync state for a reminder the system may
    /// already hold (a repeating request moving to its next occurrence); otherwise it is new.
    ///
    /// - Complexity: O(log N + W).
    mutating func insertWanted(_ key: ReminderKey, reusing entry: WindowEntry? = nil) {
        let candidate = entry ?? WindowEntry(key: key, badge: initialBadge(for: key), sync: .new)
        if entries.count < capacity {
            if let smallestHeld = heldMin(), smallestHeld < key {
                hold(candidate)
                fill()
            } else {
                entries.insert(candidate, at: windowIndex(of: key))
            }
            return
        }
        guard let last = entries.last, key < last.key else {
            hold(candidate)
            return
        }
        entries.insert(candidate, at: windowIndex(of: key))
        hold(entries.removeLast())
    }

    /// Moves an entry to the held set, removing it from the system if it is there. An item's reminder
    /// needs no bookkeeping: beyond the window, it is held.
    private mutating func hold(_ entry: WindowEntry) {
        if entry.key.kind == .item {
            heldItemCount += 1
        } else {
            heldOthers.insert(entry.key)
        }
        if entry.sync.isInSystem { removals.append(entry.identifier) }
    }

    /// Removes a wanted reminder from the window or the held set. An item's reminder must already be
    /// out of ``dueIndex`` (a held item is an open item beyond the window: nothing else to remove).
    ///
    /// Returns whether it was in the window.
    ///
    /// - Complexity: O(log N + W).
    @discardableResult
    mutating func removeWanted(_ key: ReminderKey) -> Bool {
        let index = windowIndex(of: key)
        if index < entries.count, entries[index].key == key {
            let entry = entries.remove(at: index)
            if entry.sync.isInSystem { removals.append(entry.identifier) }
            fill()
            return true
        }
        if key.kind != .item { heldOthers.remove(key) }
        return false
    }

    /// Moves the smallest held keys into the window until it is full.
    ///
    /// - Complexity: O(k (log N + t)) for k keys moved; O(1) when nothing is held.
    mutating func fill() { fill(upTo: capacity) }

    /// Moves the smallest held keys into the window until it has `limit` entries.
    ///
    /// - Complexity: O(k (log N + t)) for k keys moved; O(1) when nothing is held.
    private mutating func fill(upTo limit: Int) {
        // Nothing held (the usual refill): no search for the smallest held key.
        guard heldReminderCount > 0 else { return }
        while entries.count < limit, let key = heldMin() {
            if key.kind == .item {
                heldItemCount -= 1
            } else {
                _ = heldOthers.popMin()
            }
            entries.append(WindowEntry(key: key, badge: initialBadge(for: key), sync: .new))
        }
    }

    /// Changes by `delta` the badge of every window notification firing at or after `due` (an item due
    /// then was added or completed). Naive mode never updates a badge it has sent (rule R4), but one
    /// not sent yet is counted when it is scheduled: it follows the list until then.
    ///
    /// - Complexity: O(log W + a) for a affected notifications.
    mutating func adjustBadges(from due: ReminderTime, by delta: Int) {
        let refills = configuration.mode.refills
        for index in windowIndex(firingAtOrAfter: due)..<entries.count {
            guard refills || entries[index].sync == .new, let badge = entries[index].badge else { continue }
            entries[index].badge = max(0, badge + delta)
            if entries[index].sync == .current { entries[index].sync = .stale }
        }
    }

    /// Takes out every reminder that fired at or before `now`: window entries were delivered by the
    /// system; held ones are missed. Repeating reminders and badge carriers move to their next occurrence.
    ///
    /// - Complexity: O(f · (log N + W)) for f expired reminders.
    mutating func expire(now: ReminderTime) {
        // Held keys are beyond every window key: some passed only if the whole window did.
        var missedKeys: [ReminderKey] = []
        var missedItems = 0
        if holdsReminders, heldReminderCount > 0, entries.last.map({ $0.key.fire <= now }) ?? true {
            let passedItems = heldItems(beyond: itemFrontier(clock: clock), after: clock.seconds, through: now.seconds)
            var passedOthers: [ReminderKey] = []
            while let smallest = heldOthers.min, smallest.fire <= now {
                _ = heldOthers.popMin()
                passedOthers.append(smallest)
            }
            missedItems = passedItems.count
            missedKeys = Self.merged(passedItems, passedOthers)
        }
        if now > clock { clock = now }
        if let current = notice, current.fire <= now { notice = nil }
        var firedCount = 0
        var firedItems = 0
        while firedCount < entries.count, entries[firedCount].key.fire <= now {
            if entries[firedCount].key.kind == .item { firedItems += 1 }
            firedCount += 1
        }
        for key in missedKeys {
            pendingMisses.append(
                MissedReminder(key: key, reason: .outsideWindow(lastRun: lastRun?.at, windowEnd: windowEndAtLastRun)))
        }
        guard firedCount > 0 || !missedKeys.isEmpty else { return }
        overdueCount += firedItems + missedItems
        heldItemCount -= missedItems
        // An item's reminder needs no bookkeeping once it fired: the others (snoozes, repeating
        // reminders, badge carriers) are copied out only when there are any.
        let fired = firedItems == firedCount ? [] : Array(entries[..<firedCount])
        entries.removeFirst(firedCount)
        for entry in fired { advancePastFire(entry.key, previous: entry, now: now) }
        for key in missedKeys where key.kind != .item { advancePastFire(key, previous: nil, now: now) }
        fill()
    }

    /// Bookkeeping after a reminder's fire date passed.
    private mutating func advancePastFire(_ key: ReminderKey, previous: WindowEntry?, now: ReminderTime) {
        switch key.kind {
        case .item:
            break
        case .snooze:
            if snoozes[key.owner] == key.fire { snoozes[key.owner] = nil }
        case .repeating:
            guard let position = repeatingPosition(of: key.owner),
                let next = repeatRecords[position].next(after: now)
            else { return }
            repeatRecords[position].queuedFire = next
            let nextKey = ReminderKey(fire: next, kind: .repeating, owner: key.owner)
            guard let previous, previous.sync.isInSystem else {
                insertWanted(nextKey)
                return
            }
            // Still pending in the system; only a changed badge makes it stale (naive: never).
            var entry = WindowEntry(key: nextKey, badge: previous.badge, sync: previous.sync)
            if configuration.mode.refills {
                let badge = initialBadge(for: nextKey)
                if badge != previous.badge {
                    entry.badge = badge
                    entry.sync = .stale
                }
            }
            insertWanted(nextKey, reusing: entry)
        case .badgeCarrier:
            guard let position = repeatingPosition(of: key.owner),
                let next = repeatRecords[position].next(after: now)
            else { return }
            repeatRecords[position].carrierFire = next
            insertWanted(ReminderKey(fire: next, kind: .badgeCarrier, owner: key.owner))
        }
    }

    /// ``SchedulingMode/overflowNotice`` (rule S3): the last of the W slots is the notice's only
    /// when more reminders are wanted than W. When they all fit in W, the window takes all of them
    /// (no notice); otherwise it keeps W − 1 and holds the rest, which the notice counts.
    ///
    /// - Complexity: O(k (log N + t)) for k keys moved between the window and the held set.
    mutating func fitNoticeSlot() {
        guard configuration.mode == .overflowNotice else { return }
        if entries.count + heldReminderCount <= configuration.windowSize {
            fill(upTo: configuration.windowSize)
        } else {
            while entries.count > capacity { hold(entries.removeLast()) }
        }
    }
}
