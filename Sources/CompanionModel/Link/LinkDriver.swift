import SimulationKernel

/// A small self-contained driver for a ``LinkSystem``: an ``EventLoop`` of ``LinkEvent``s, the
/// configured faults scheduled at creation, and a trace recorder.
///
/// The scenario simulation embeds a ``LinkSystem`` in its own loop the same way; this driver is
/// for tests, property tests and benchmarks.
///
/// ```swift
/// var driver = LinkDriver(configuration: configuration, seed: 42)
/// driver.schedule(.user(.checkOff("kale")), at: SimTime(offset: .seconds(5)))
/// driver.run()
/// driver.settle()   // the shared LinkSettling routine
/// #expect(driver.verify().isEmpty)
/// ```
public struct LinkDriver: LinkSettling {
    /// The event loop; `loop.now` is the current time.
    public private(set) var loop = EventLoop<LinkEvent>(capacity: 256)
    /// The sender, the link and the phone.
    public private(set) var system: LinkSystem
    /// Every trace event so far.
    public private(set) var trace = TraceRecorder()
    /// Events handled so far.
    public private(set) var handledEvents = 0

    /// Creates the system with sub-streams of `seed` and schedules the configured faults.
    public init(configuration: LinkConfiguration, seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        self.init(configuration: configuration, rng: &rng)
    }

    /// Creates the system from sub-streams of `rng` and schedules the configured faults.
    public init(configuration: LinkConfiguration, rng: inout SplitMix64) {
        system = LinkSystem(configuration: configuration, rng: &rng)
        for (time, event) in configuration.faults.scheduledEvents() {
            loop.schedule(event, at: time)
        }
    }

    /// Schedules an event (a tap, a step, an app request).
    public mutating func schedule(_ event: LinkEvent, at time: SimTime) {
        loop.schedule(event, at: time)
    }

    /// Handles events in time order until none is left; the clock stays at the last event.
    ///
    /// - Complexity: O(*e* log *e*) for *e* events.
    public mutating func run() {
        while let event = loop.next() {
            handle(event)
        }
    }

    /// Handles events due at or before `limit`, then moves the clock to `limit`.
    public mutating func run(until limit: SimTime) {
        while let event = loop.next(notAfter: limit) {
            handle(event)
        }
    }

    /// Discrepancies between the phone's list and the watch's intent, with trails.
    public func verify() -> [LinkDiscrepancy] {
        system.verify(trail: trace.events)
    }

    mutating func handle(_ event: LinkEvent) {
        handledEvents += 1
        for effect in system.reduce(event, at: loop.now) {
            switch effect {
            case .schedule(let next, let time): loop.schedule(next, at: time)
            case .trace(let record): trace.record(record)
            case .phoneApplied, .watchReceivedComplication: break
            }
        }
    }
}

extension LinkDriver {
    /// Handles the next scheduled event; `false` when none is left (``LinkSettling``).
    public mutating func handleNextLinkEvent() -> Bool {
        guard let event = loop.next() else { return false }
        handle(event)
        return true
    }

    /// Applies `change` now (``LinkSettling``).
    public mutating func applyLinkEnvironment(_ change: LinkEnvironmentChange) {
        handle(.environment(change))
    }
}
