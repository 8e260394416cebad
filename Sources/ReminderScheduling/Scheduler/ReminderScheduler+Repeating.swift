/// The repeating reminders: one record each in ``ReminderScheduler/repeatRecords``, in identifier
/// order, asked by position (a moving clock asks about every occurrence) or found by identifier.
extension ReminderScheduler {
    /// The position in ``repeatRecords`` of the repeating reminder `id`, if there is one.
    ///
    /// - Complexity: O(log R) for R repeating reminders.
    func repeatingPosition(of id: String) -> Int? { Self.position(of: id, in: repeatRecords) }

    /// The position in `records` (in identifier order) of the repeating reminder `id`, if there is one.
    ///
    /// - Complexity: O(log R) for R records.
    static func position(of id: String, in records: [RepeatingRecord]) -> Int? {
        let position = records.partitionPoint { $0.reminder.id >= id }
        return position < records.count && records[position].reminder.id == id ? position : nil
    }

    /// The queued key of the repeating reminder at `position` and where it is (window or held):
    /// what a miss of one of its occurrences reports.
    ///
    /// - Complexity: O(log W).
    func repeatingQueuedKey(at position: Int) -> (key: ReminderKey, placement: ScheduledReminder.Placement) {
        let key = repeatRecords[position].queuedKey
        let index = windowIndex(of: key)
        return (key, index < entries.count && entries[index].key == key ? .window : .held)
    }

    /// The earliest occurrence after `time` of any repeating reminder.
    ///
    /// - Complexity: O(R) for R repeating reminders.
    func nextOccurrence(after time: ReminderTime) -> ReminderTime? {
        var result: ReminderTime?
        for position in repeatRecords.indices {
            result = Self.earliest(result, repeatRecords[position].next(after: time))
        }
        return result
    }

    /// Every occurrence of every repeating reminder due after `lower` and at or before `upper`, in
    /// (due, identifier) order, with where its queued occurrence is (window or held). Occurrences are
    /// produced one after another from the reminder's start and interval, never expanded ahead.
    ///
    /// Only a reminder with an occurrence in the interval is looked up in the window; the
    /// occurrences are sorted once, at the end (a reminder's own are in order, and each reminder
    /// has its own identifier).
    ///
    /// - Complexity: O(R + r log W + m log m) for R repeating reminders, r of them with m
    ///   occurrences in the interval.
    public func repeatingOccurrences(after lower: ReminderTime, through upper: ReminderTime) -> [RepeatingOccurrence] {
        var result: [RepeatingOccurrence] = []
        var owners = 0
        for position in repeatRecords.indices {
            var next = repeatRecords[position].next(after: lower)
            guard let first = next, first <= upper else { continue }
            owners += 1
            let (key, placement) = repeatingQueuedKey(at: position)
            while let due = next, due <= upper {
                result.append(RepeatingOccurrence(key: key, due: due, placement: placement))
                next = repeatRecords[position].next(after: due)
            }
        }
        if owners > 1 { result.sort { ($0.due, $0.key.owner) < ($1.due, $1.key.owner) } }
        return result
    }

    /// The queued occurrence of every repeating reminder, with where it is, by identifier order.
    ///
    /// - Complexity: O(R log W) for R repeating reminders.
    public var repeatingQueue: [ScheduledReminder] {
        repeatRecords.compactMap { record -> ScheduledReminder? in
            guard let fire = record.queuedFire else { return nil }
            let key = ReminderKey(fire: fire, kind: .repeating, owner: record.reminder.id)
            let index = windowIndex(of: key)
            if index < entries.count, entries[index].key == key {
                return ScheduledReminder(key: key, badge: entries[index].badge, placement: .window)
            }
            return ScheduledReminder(key: key, badge: nil, placement: .held)
        }
    }

    /// The repeating reminders, by identifier order.
    public var repeatingReminders: [RepeatingReminder] { repeatRecords.map(\.reminder) }
}
