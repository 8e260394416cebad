import SimulationKernel

/// Workload A, the shopping trip (`shared/bench/WORKLOAD.md` §2), on the kernel's
/// `EventQueue<Double, ShopEvent>`.
///
/// SimPy's processes become explicit state machines: each ``ShopEvent`` is a process resuming
/// from one suspension point, and its handler runs that process until its next suspension,
/// scheduling the event it will resume from. Time is `Double` seconds and every scheduled
/// time is `now + delay`, as in SimPy; the queue runs equal times in schedule order, and the
/// handlers schedule in the order SimPy would, so ties break the same way:
/// - a resumption that SimPy makes through an already-triggered event (a free UI thread, a
///   `put` into the unbounded store, a `get` with items waiting) is scheduled at `now`;
/// - SimPy's `Release` event is kept as an uncounted ``ShopEvent/releaseProcessed`` event,
///   because the next waiter is granted only when it is processed;
/// - a retry process's start (SimPy's URGENT `Initialize` event, processed right after the
///   phone suspends) is done at the end of the phone's handler.
///
/// The hot loop mutates this value in place: no allocation, closures or existentials per event.
struct ShopSimulation {
    private let itemsPerShopper: Int32
    /// Walking times, shopper-major, drawn before the run; indexed by message.
    private let walks: [Double]
    private var rng: MersenneTwister
    private var queue: EventQueue<Double, ShopEvent>
    private var now = 0.0
    private var ui = FIFOResource<Int32>()
    private var store = FIFOStore<Int32>()
    private var outcome = ShopOutcome()

    /// Draws the walking times and starts the processes at time 0 (shoppers in order, then
    /// the phone).
    ///
    /// - Complexity: O(*N* × *K*).
    init(_ parameters: ShopParameters) {
        var rng = MersenneTwister(seed: parameters.seed)
        let rate = 1.0 / ShopParameters.walkMean
        let count = parameters.shoppers * parameters.itemsPerShopper
        walks = (0..<count).map { _ in rng.expovariate(rate) }
        self.rng = rng
        itemsPerShopper = Int32(parameters.itemsPerShopper)
        queue = EventQueue(capacity: parameters.shoppers + 64)
        for shopper in 0..<Int32(parameters.shoppers) {
            let first = shopper * itemsPerShopper
            queue.schedule(.walkEnded(message: first), at: now + walks[Int(first)])
        }
        _ = store.get()  // the phone blocks on the empty store
    }

    /// Runs workload A with `parameters` until no events remain.
    ///
    /// - Complexity: O(*E* log *N*) for *E* events and *N* shoppers.
    static func run(_ parameters: ShopParameters) -> ShopOutcome {
        var simulation = ShopSimulation(parameters)
        return simulation.run()
    }

    /// Handles events until none remain; returns the counts and the final clock.
    mutating func run() -> ShopOutcome {
        while let next = queue.popNext() {
            now = next.time
            handle(next.event)
        }
        outcome.simulatedSeconds = now
        return outcome
    }

    private mutating func handle(_ event: ShopEvent) {
        switch event {
        case .walkEnded(let message):
            outcome.events += 1
            if let granted = ui.request(message) {
                queue.schedule(.uiGranted(message: granted), at: now)
            }
        case .uiGranted(let message):
            outcome.events += 1
            queue.schedule(.tapHandled(message: message), at: now + ShopParameters.tapHold)
        case .tapHandled(let message):
            outcome.events += 1
            ui.release()
            queue.schedule(.releaseProcessed, at: now)
            outcome.taps += 1
            store.put(message)
            queue.schedule(.shopperPutCompleted(message: message), at: now)
        case .releaseProcessed:
            if let granted = ui.releaseProcessed() {
                queue.schedule(.uiGranted(message: granted), at: now)
            }
        case .shopperPutCompleted(let message):
            wakePhoneIfWaiting()
            outcome.events += 1
            let nextItem = message + 1
            if nextItem % itemsPerShopper != 0 {
                queue.schedule(.walkEnded(message: nextItem), at: now + walks[Int(nextItem)])
            }
        case .messageReceived(let message):
            outcome.events += 1
            queue.schedule(.attemptFinished(message: message), at: now + ShopParameters.phoneService)
        case .attemptFinished(let message):
            outcome.events += 1
            finishAttempt(message)
        case .retryDelayElapsed(let message):
            outcome.events += 1
            store.put(message)
            queue.schedule(.retryPutCompleted, at: now)
        case .retryPutCompleted:
            wakePhoneIfWaiting()
            outcome.events += 1
        }
    }

    /// The phone after a delivery attempt: one link draw, then back to `store.get()`.
    private mutating func finishAttempt(_ message: Int32) {
        outcome.attempts += 1
        let unreachable = rng.random() < ShopParameters.unreachableProbability
        if unreachable {
            outcome.retries += 1
        } else {
            outcome.delivered += 1
        }
        if let received = store.get() {
            queue.schedule(.messageReceived(message: received), at: now)
        }
        if unreachable {  // the retry process starts right after the phone suspends
            queue.schedule(.retryDelayElapsed(message: message), at: now + ShopParameters.retryDelay)
        }
    }

    /// SimPy processing a put event: a phone blocked in `get()` receives the front message.
    private mutating func wakePhoneIfWaiting() {
        if let received = store.putProcessed() {
            queue.schedule(.messageReceived(message: received), at: now)
        }
    }
}
