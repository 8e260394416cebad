/// The next occurrence of each of the scheduler's repeating reminders after the harness's clock,
/// kept as the clock moves: a binary min-heap ordered by (occurrence, position), where a
/// reminder's position is its place in the scheduler's identifier order
/// (``ReminderScheduler/repeatRecords``), so occurrences at one instant come out in identifier order.
///
/// Moving the clock past d occurrences costs O(d log R) for R reminders, and the next occurrence
/// is the root: the harness asks neither about every reminder at every delivery. The scheduler
/// changes only when the app runs; the harness builds the calendar again then
/// (``rebuild(from:after:)``).
struct RepeatingCalendar: Sendable {
    /// A reminder's next occurrence.
    struct Slot: Sendable {
        var due: ReminderTime
        var position: Int32

        /// Heap order: (due, position).
        func precedes(_ other: Slot) -> Bool {
            due != other.due ? due < other.due : position < other.position
        }
    }

    /// The heap: every slot precedes its children (`2i + 1`, `2i + 2`).
    private var heap: [Slot] = []

    /// The earliest next occurrence of any repeating reminder.
    ///
    /// - Complexity: O(1).
    var first: ReminderTime? { heap.first?.due }

    /// Rebuilds the calendar from the scheduler's repeating reminders `records` (in identifier
    /// order): each one's first occurrence after `now`.
    ///
    /// - Complexity: O(R log R) for R repeating reminders; no allocation once the heap has room.
    mutating func rebuild(from records: [ReminderScheduler.RepeatingRecord], after now: ReminderTime) {
        heap.removeAll(keepingCapacity: true)
        for position in records.indices {
            guard let due = records[position].next(after: now) else { continue }
            heap.append(Slot(due: due, position: Int32(position)))
        }
        // A sorted array is a heap.
        heap.sort { $0.precedes($1) }
    }

    /// Takes the earliest occurrence if it is at or before `time`, and puts its reminder's next one
    /// in its place: called until it returns `nil`, it gives every occurrence up to `time`, in
    /// (due, identifier) order, and leaves the calendar after `time`.
    ///
    /// - Returns: the occurrence's due time and its reminder's position in `records` (the
    ///   scheduler's repeating reminders the calendar was built from).
    /// - Complexity: O(log R).
    mutating func popOccurrence(through time: ReminderTime, of records: [ReminderScheduler.RepeatingRecord]) -> (
        due: ReminderTime, position: Int
    )? {
        guard let top = heap.first, top.due <= time else { return nil }
        let position = Int(top.position)
        if let next = records[position].next(after: top.due) {
            heap[0].due = next
        } else {
            heap[0] = heap[heap.count - 1]
            heap.removeLast()
        }
        siftDown(from: 0)
        return (top.due, position)
    }

    /// The positions of the reminders whose next occurrence is `time`, for a `time` at or before
    /// ``first`` (none when it is before).
    ///
    /// - Complexity: O(1) to make; walking it reads the heap up to the children of the last
    ///   reminder due at `time` (the reminders due at ``first`` are a subtree at the root).
    func reminders(dueAt time: ReminderTime) -> DueReminders {
        DueReminders(heap: heap, time: time)
    }

    /// The positions of the reminders whose next occurrence is one instant, the earliest
    /// (``reminders(dueAt:)``): the slots due then are a subtree at the root of the heap, so a
    /// slot is one of them exactly when it is due then, and the walk ends past the children of the
    /// last one found.
    struct DueReminders: Sequence, IteratorProtocol {
        fileprivate let heap: [Slot]
        fileprivate let time: ReminderTime
        private var index = 0
        /// The last heap index that can still be due at ``time``.
        private var end = 0

        fileprivate init(heap: [Slot], time: ReminderTime) {
            self.heap = heap
            self.time = time
        }

        mutating func next() -> Int? {
            while index <= end, index < heap.count {
                let slot = heap[index]
                index += 1
                if slot.due == time {
                    end = Swift.max(end, 2 * index)  // The children of the slot at `index - 1`.
                    return Int(slot.position)
                }
            }
            return nil
        }
    }

    /// Restores the heap order below `index` after its slot moved later.
    private mutating func siftDown(from index: Int) {
        var parent = index
        while true {
            let left = 2 * parent + 1
            guard left < heap.count else { return }
            var child = left
            if left + 1 < heap.count, heap[left + 1].precedes(heap[left]) { child = left + 1 }
            guard heap[child].precedes(heap[parent]) else { return }
            heap.swapAt(parent, child)
            parent = child
        }
    }
}
