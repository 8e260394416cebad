import CompanionModel
import SimulationKernel
import Testing

/// `t(1.5)`: the instant 1.5 s after the start.
func t(_ seconds: Double) -> SimTime { SimTime(offset: .seconds(seconds)) }

/// Drives a bare ``WatchLink`` (no sender, no phone list) and records what it hands to the apps.
/// The harness owns the two apps' states (``apps``), as a driver of the link does: it applies
/// the lifecycle changes the link hands it and tells the link when an app starts or stops. It
/// drains and settles with the link's one routine (``LinkSettling``).
struct TransportHarness: LinkSettling {
    struct Delivery: Equatable {
        var id: MessageID
        var payload: LinkPayload
        var duplicate: Bool
        var at: SimTime
    }

    struct Outcome: Equatable {
        var id: MessageID
        var outcome: LinkOutcome
        var at: SimTime
    }

    var link: WatchLink
    var apps: LinkApps
    var loop = EventLoop<LinkEvent>()
    var delivered: [Delivery] = []
    var outcomes: [Outcome] = []
    var traces: [TraceEvent] = []
    /// The loop's handles of the pending reply timeouts, to cancel them when the link asks.
    var timers = LinkTimers()

    /// A harness whose apps start as `apps` says (by default the watch app in front, the phone
    /// app in the background), its link configured by `configure`.
    init(
        seed: UInt64 = 1, apps: LinkApps = LinkApps(watch: .foreground, phone: .background),
        _ configure: (inout LinkConfiguration) -> Void = { _ in }
    ) {
        var configuration = LinkConfiguration(faults: LinkFaults(latency: .fixed(.milliseconds(100))))
        configure(&configuration)
        var rng = SplitMix64(seed: seed)
        link = WatchLink(configuration: configuration, rng: &rng)
        self.apps = apps
    }

    /// Schedules `event` at `time`.
    mutating func at(_ time: SimTime, _ event: LinkEvent) {
        loop.schedule(event, at: time)
    }

    func outcome(of id: MessageID) -> [LinkOutcome] {
        outcomes.filter { $0.id == id }.map(\.outcome)
    }

    var firstDeliveryIDs: [MessageID] { delivered.filter { !$0.duplicate }.map(\.id) }

    /// Handles the next scheduled event and what it sets off; `false` when none is left.
    mutating func handleNextLinkEvent() -> Bool {
        guard let event = loop.next() else { return false }
        now(event)
        return true
    }

    /// Applies `change` to the link now.
    mutating func applyLinkEnvironment(_ change: LinkEnvironmentChange) {
        now(.environment(change))
    }

    /// Handles `event` now (at the loop's current time).
    mutating func now(_ event: LinkEvent) {
        timers.willHandle(event)
        apply(link.reduce(event, at: loop.now, apps: apps))
    }

    private mutating func apply(_ effects: [LinkTransportEffect]) {
        for effect in effects {
            switch effect {
            case .timer(.cancelReplyTimeout(let id)):
                // Every cancel finds its reply timeout still pending on the loop.
                let handle = timers.takeReplyTimeout(of: id)
                #expect(handle.map { loop.cancel($0) } == true, "cancelReplyTimeout(\(id)): the timeout was pending")
            case .timer(let effect):
                timers.perform(effect, on: &loop)
            case .deliver(let message, let duplicate):
                delivered.append(Delivery(id: message.id, payload: message.payload, duplicate: duplicate, at: loop.now))
            case .outcome(let message, let outcome):
                outcomes.append(Outcome(id: message.id, outcome: outcome, at: loop.now))
            case .trace(let event): traces.append(event)
            case .changeApp(let side, let event, _):
                if let change = apps.change(side, event) { now(.environment(change)) }
            }
        }
    }
}

/// A payload of `bytes` bytes.
func blob(_ bytes: Int, _ label: String = "blob") -> LinkPayload { .data(label: label, bytes: bytes) }
