import CompanionModel
import Foundation
import SimulationKernel

/// What an app sent, kept by its label (the link carries only the label and the size: the
/// transport never looks inside a payload).
struct SentItem {
    /// A payload: a property-list dictionary or message data.
    enum Body {
        case dictionary([String: PropertyListValue])
        case data(Data)
    }

    /// The sender's reply handler, if it waits for a reply.
    enum ReplyHandler {
        case dictionary(@Sendable ([String: PropertyListValue]) -> Void)
        case data(@Sendable (Data) -> Void)
    }

    var device: Device
    var body: Body
    var replyHandler: ReplyHandler?
    var errorHandler: (@Sendable (any Error) -> Void)?
    var transfer: SimulatedTransfer?
}

/// The state of a ``SessionPair``, driven by the link model (``WatchLink``) on its own event
/// loop: the same reducer the scenario simulation uses, with a session's callbacks in place of
/// the simulated apps. Every delegate call it decides is queued (``calls``) and run by its
/// owner outside its lock, in order.
struct PairState {
    var link: WatchLink
    var apps: LinkApps
    /// Whether the link's trace events are built and kept in ``trail``.
    let trace: TraceMode
    var loop = EventLoop<LinkEvent>()
    var timers = LinkTimers()
    var sent: [String: SentItem] = [:]
    var replies: [String: SentItem.Body] = [:]
    var nextLabel = 1
    /// The delegate calls decided and not yet made, in order.
    var calls: [() -> Void] = []
    var trail: [TraceEvent] = []
    var activationRequested: [Device] = []
    var sentContext: [Device: [String: PropertyListValue]] = [:]
    var receivedContext: [Device: [String: PropertyListValue]] = [:]
    /// The label being requested, and the error the link refused it with at once, if any.
    var requesting: String?
    var immediateError: LinkError?
    /// The sessions and their delegates (the sessions are held weakly: they hold the engine).
    var sessions: [Device: WeakSession] = [:]
    var delegates: [Device: WeakDelegate] = [:]
    /// The engine that owns this state (for reply handlers, which may run later).
    weak var engine: PairEngine?

    init(seed: UInt64, faults: FaultPlan, recordsTrail: Bool) {
        let configuration = faults.configuration
        var rng = SplitMix64(seed: seed)
        link = WatchLink(configuration: configuration, rng: &rng)
        trace = recordsTrail ? .recorded : .off
        // Both apps start in the foreground, as ``SessionPair``'s initializer promises.
        apps = LinkApps(watch: .foreground, phone: .foreground)
        for (time, event) in configuration.faults.scheduledEvents() { loop.schedule(event, at: time) }
        for at in faults.watchSwitches {
            let time = SimTime(offset: SimDuration(clamping: at))
            loop.schedule(.environment(.session(.becomeInactive)), at: time)
            loop.schedule(.environment(.session(.deactivate)), at: time + .seconds(1))
        }
    }

    // MARK: - Requests from the sessions

    /// Sends `body` from `device` on the link as `request` builds it, and returns the label.
    mutating func send(
        _ item: SentItem, byteCount: Int, _ request: (LinkPayload) -> LinkRequest
    ) -> (label: String, refusal: LinkError?) {
        let label = "#\(nextLabel) \(item.summary)"
        nextLabel += 1
        sent[label] = item
        requesting = label
        immediateError = nil
        handle(.request(request(.data(label: label, bytes: byteCount))))
        requesting = nil
        return (label, immediateError)
    }

    /// `activate()` on `device`: the link's session activates, then the delegate hears it.
    mutating func activate(_ device: Device) {
        if !activationRequested.contains(device) { activationRequested.append(device) }
        loop.schedule(.environment(.session(.activate)), at: loop.now)
    }

    /// Cancels the transfer sent with `label` if it is outstanding.
    mutating func cancel(_ label: String, from device: Device) {
        guard
            let entry = link.outstandingTransfers(from: device.side).first(where: {
                Self.label(of: $0.message) == label
            })
        else { return }
        handle(.request(.cancelTransfer(entry.message.id)))
    }

    /// Applies an environment change now (a fault the test injects).
    mutating func change(_ change: LinkEnvironmentChange) {
        handle(.environment(change))
    }

    func isTransferring(_ label: String, from device: Device) -> Bool {
        link.outstandingTransfers(from: device.side).contains { Self.label(of: $0.message) == label }
    }

    func isReachable(_ device: Device) -> Bool {
        link.connection.reachability(from: device.side, apps: apps).isReachable
    }

    var activationState: SessionActivationState {
        switch link.connection.activation {
        case .notActivated: return .notActivated
        case .inactive: return .inactive
        case .activated: return .activated
        }
    }

    // MARK: - Time

    /// Handles the next event due at or before `limit` (every event with `nil`); `false` when
    /// none is.
    mutating func handleNext(notAfter limit: SimTime?) -> Bool {
        let event: LinkEvent?
        if let limit { event = loop.next(notAfter: limit) } else { event = loop.next() }
        guard let event else { return false }
        timers.willHandle(event)
        handle(event)
        return true
    }

    /// Whether nothing is left to do: no call waiting, nothing scheduled.
    var isIdle: Bool { calls.isEmpty && loop.pendingCount == 0 }

    // MARK: - Driving the link

    /// Runs `event` through the link and performs its effects in order.
    mutating func reduce(_ event: LinkEvent) {
        var effects: [LinkTransportEffect] = []
        link.reduce(event, at: LinkMoment(now: loop.now, apps: apps, trace: trace)) { effects.append($0) }
        for effect in effects { perform(effect) }
    }

    /// Runs `event` through the link (``reduce(_:)``), then queues the delegate calls for what
    /// it changed: the session's activation, a requested activation completing, and reachability
    /// on either side. Each is asked of the link and the apps before and after the event; nothing
    /// keeps a copy of it.
    mutating func handle(_ event: LinkEvent) {
        let activation = link.connection.activation
        let reachable = (watch: isReachable(.watch), phone: isReachable(.phone))
        reduce(event)
        if activation != link.connection.activation { activationChanged(from: activation) }
        if link.connection.activation == .activated, !activationRequested.isEmpty {
            for device in activationRequested {
                call(device) { $1.session($0, activationDidCompleteWith: .activated, error: nil) }
            }
            activationRequested.removeAll()
        }
        if isReachable(.watch) != reachable.watch { call(.watch) { $1.sessionReachabilityDidChange($0) } }
        if isReachable(.phone) != reachable.phone { call(.phone) { $1.sessionReachabilityDidChange($0) } }
    }

    private mutating func activationChanged(from before: SessionActivation) {
        switch (before, link.connection.activation) {
        case (.activated, .inactive):
            call(.phone) { $1.sessionDidBecomeInactive($0) }
        case (.activated, .notActivated):
            call(.phone) { $1.sessionDidBecomeInactive($0) }
            call(.phone) { $1.sessionDidDeactivate($0) }
        case (.inactive, .notActivated):
            call(.phone) { $1.sessionDidDeactivate($0) }
        case (.notActivated, _), (.inactive, _), (.activated, _):
            break
        }
    }

    /// Queues a call of `device`'s delegate with its session, if both are still there.
    mutating func call(
        _ device: Device, _ body: @escaping (any ConnectivitySession, any ConnectivitySessionDelegate) -> Void
    ) {
        guard let session = sessions[device]?.session, let delegate = delegates[device]?.delegate else { return }
        calls.append { body(session, delegate) }
    }

    /// The label an app's payload travels with (every payload the pair sends is `.data`).
    static func label(of message: LinkMessage) -> String? {
        switch message.payload {
        case .data(let label, _): return label
        case .listOperation, .complicationUpdate: return nil
        }
    }
}

/// A session held weakly.
struct WeakSession {
    weak var session: SimulatedSession?
}

/// A delegate held weakly, as `WCSession` holds its delegate.
struct WeakDelegate {
    weak var delegate: (any ConnectivitySessionDelegate)?
}

extension SentItem {
    /// `{done: true, item: milk}` or `<12 bytes>`.
    var summary: String {
        switch body {
        case .dictionary(let dictionary): return PropertyListValue.summary(of: dictionary)
        case .data(let data): return "<\(data.count) bytes>"
        }
    }
}
