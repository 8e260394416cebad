/// A resumption in workload A (the shopping trip): which process wakes up, and from which
/// suspension point. A message `m` is shopper `m / k`'s item `m % k`; it also indexes the
/// pre-drawn walking times, so the events carry one 32-bit number and stay small.
///
/// Every case but ``releaseProcessed`` is a counted event (one process resumption).
enum ShopEvent {
    /// A shopper finished walking to item `message` (SimPy: `yield env.timeout(walk)`).
    case walkEnded(message: Int32)
    /// A shopper got the watch UI thread for item `message` (`yield ui.request()`).
    case uiGranted(message: Int32)
    /// A shopper's tap on item `message` was handled on the UI thread (`yield env.timeout(0.008)`).
    case tapHandled(message: Int32)
    /// A shopper's `store.put(message)` completed (`yield store.put(...)`).
    case shopperPutCompleted(message: Int32)
    /// SimPy processing a `Release` event of the UI thread: grants the next waiter.
    /// Engine bookkeeping, not counted.
    case releaseProcessed
    /// The phone received `message` from the store (`msg = yield store.get()`).
    case messageReceived(message: Int32)
    /// The phone finished a delivery attempt of `message` (`yield env.timeout(0.020)`).
    case attemptFinished(message: Int32)
    /// A retry process waited out the retry delay for `message` (`yield env.timeout(5.0)`).
    case retryDelayElapsed(message: Int32)
    /// A retry process's `store.put(msg)` completed; the retry process then ends.
    case retryPutCompleted
}
