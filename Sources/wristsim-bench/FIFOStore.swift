/// A SimPy `Store(env)` (unbounded, FIFO) with a single consumer process, as a value type driven
/// by the workload's event handlers.
///
/// SimPy's timing is reproduced exactly:
/// - `put(item)` appends the item at once and always succeeds; the putter still suspends and
///   resumes from a put event at `now`. A consumer blocked on `get()` is served only when that
///   put event is processed: the caller calls ``putProcessed()`` first, then resumes the putter.
/// - `get()` takes the front item at once if there is one (the consumer resumes from a get
///   event at `now`); otherwise the consumer waits.
struct FIFOStore<Item> {
    /// What the single consumer is doing.
    enum Consumer {
        /// Not blocked on the store (busy elsewhere).
        case away
        /// Blocked in `get()` on an empty store.
        case waiting
    }

    private(set) var consumer: Consumer = .away
    private var items = FIFOQueue<Item>()

    /// The number of items in the store.
    var count: Int { items.count }

    /// SimPy `put(item)`: the item joins the back of the store.
    ///
    /// - Complexity: amortised O(1).
    mutating func put(_ item: Item) {
        items.append(item)
    }

    /// SimPy processing a put event: hands the front item to the waiting consumer, if it waits
    /// (the caller schedules the consumer's get event at `now`).
    ///
    /// - Complexity: amortised O(1).
    mutating func putProcessed() -> Item? {
        guard case .waiting = consumer, let item = items.popFirst() else { return nil }
        consumer = .away
        return item
    }

    /// SimPy `get()` by the consumer: the front item now (the caller schedules the get event at
    /// `now`), or `nil` and the consumer waits for the next put to be processed.
    ///
    /// - Complexity: amortised O(1).
    mutating func get() -> Item? {
        if let item = items.popFirst() { return item }
        consumer = .waiting
        return nil
    }
}
