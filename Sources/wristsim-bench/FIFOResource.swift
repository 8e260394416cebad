/// A SimPy `Resource(env, capacity=1)` with FIFO waiting, as a value type driven by the
/// workload's event handlers (which schedule the events it asks for).
///
/// SimPy's timing is reproduced exactly, because it decides the order of events at equal times:
/// - `request()` joins the queue and grants the head at once if the resource is free; the
///   grant is an event at `now` that the requester resumes from.
/// - `release()` frees the resource at once, but the next waiter is granted only when SimPy's
///   `Release` event is processed (a bookkeeping event at `now`, not a process resumption):
///   the workload schedules it and calls ``releaseProcessed()`` when it pops.
struct FIFOResource<Requester> {
    /// Who holds the resource.
    enum Holder {
        case free
        case held(by: Requester)
    }

    private(set) var holder: Holder = .free
    private var waiting = FIFOQueue<Requester>()

    /// The number of requests waiting (not yet granted).
    var waitingCount: Int { waiting.count }

    /// SimPy `request()`: queues `requester` and returns the requester granted now, if any
    /// (the caller schedules its grant at `now`). That is the queue's head, which is
    /// `requester` itself unless an earlier request is still waiting.
    ///
    /// - Complexity: amortised O(1).
    mutating func request(_ requester: Requester) -> Requester? {
        waiting.append(requester)
        return grantHead()
    }

    /// SimPy `release()`: the holder lets go. The caller schedules the release event at `now`
    /// and calls ``releaseProcessed()`` when it pops.
    mutating func release() {
        holder = .free
    }

    /// SimPy processing a `Release` event: returns the waiter granted now, if any.
    ///
    /// - Complexity: amortised O(1).
    mutating func releaseProcessed() -> Requester? {
        grantHead()
    }

    private mutating func grantHead() -> Requester? {
        guard case .free = holder, let next = waiting.popFirst() else { return nil }
        holder = .held(by: next)
        return next
    }
}
