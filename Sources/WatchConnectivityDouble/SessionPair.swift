import CompanionModel
import Foundation
import SimulationKernel

/// Two connected WatchConnectivity sessions, the watch's and the phone's, on a virtual clock,
/// driven by WristSim's link model: the same reducer (``WatchLink``) its scenario simulation
/// runs, so a delivery rule fixed for one is fixed for both.
///
/// Nothing happens until the test advances the clock: ``advance(by:)``, ``runUntilIdle()`` or
/// ``settle()``. Handlers and delegate methods then run on the caller, one at a time, in an
/// order the seed decides; the same seed gives the same run on every machine.
///
/// ```swift
/// let pair = SessionPair(seed: 7, faults: .random(seed: 7))
/// pair.watch.delegate = watchApp
/// pair.phone.delegate = phoneApp
/// pair.watch.activate()
/// pair.phone.activate()
/// pair.runUntilIdle()
/// pair.watch.sendMessage(["item": "milk", "done": true], replyHandler: nil, errorHandler: nil)
/// pair.advance(by: .seconds(1))
/// ```
///
/// Model limits: the link keeps one session state for the pair (either side's `activate()`
/// activates it); a reply reaches the sender one hop after delivery, carrying what the
/// receiver's delegate passed to its reply handler by then (an empty reply otherwise); a killed
/// app's objects are not destroyed (a test that models the app's memory rebuilds it itself).
public final class SessionPair: Sendable {
    let engine: PairEngine
    /// The watch's session.
    public let watch: SimulatedSession
    /// The phone's session.
    public let phone: SimulatedPhoneSession
    /// The seed the link's latency and duplicate draws come from.
    public let seed: UInt64

    /// A pair of sessions, not yet activated, with both apps running in the foreground.
    ///
    /// - Parameters:
    ///   - seed: the seed of the link's random draws (latency, duplicates).
    ///   - faults: the faults to inject (default: none).
    ///   - start: the date the virtual clock starts at.
    ///   - recordsMessageTrail: whether the link's trace is kept for ``messageTrail`` (turn it off
    ///     for speed when no trail is read).
    public init(
        seed: UInt64 = 0, faults: FaultPlan = FaultPlan(), start: Date = Date(timeIntervalSinceReferenceDate: 0),
        recordsMessageTrail: Bool = true
    ) {
        self.seed = seed
        engine = PairEngine(seed: seed, faults: faults, start: start, recordsTrail: recordsMessageTrail)
        watch = SimulatedSession(engine: engine, device: .watch)
        phone = SimulatedPhoneSession(engine: engine, device: .phone)
        engine.locked { state in
            state.sessions[.watch] = WeakSession(session: watch)
            state.sessions[.phone] = WeakSession(session: phone)
        }
    }

    /// The session of `device`.
    public func session(_ device: Device) -> SimulatedSession {
        device == .watch ? watch : phone
    }

    // MARK: - Time

    /// The virtual clock's date.
    public var now: Date {
        let offset = engine.locked { $0.loop.now.offset }
        return engine.start.addingTimeInterval(offset.seconds)
    }

    /// Moves the clock forward by `duration`, handling every event due on the way and making the
    /// calls each decides; the clock then stands at the end.
    public func advance(by duration: Duration) {
        let limit = engine.locked { $0.loop.now } + SimDuration(clamping: max(duration, .zero))
        engine.run(notAfter: limit)
    }

    /// Handles every pending event and call, however far in the future (scheduled faults among
    /// them), until nothing is left; the clock stands at the last event.
    public func runUntilIdle() {
        var engine = engine
        engine.drain()
    }

    /// ``runUntilIdle()`` from async code, letting other tasks (an `await`ing send, a task that
    /// sends in a callback) run between steps, until a few rounds in a row find nothing to do.
    /// Like ``runUntilIdle()`` it ends no fault (``recover()`` does).
    public func settle() async {
        var quietRounds = 0
        while quietRounds < 3 {
            for _ in 0..<8 { await Task.yield() }
            quietRounds = engine.run(notAfter: nil) ? 0 : quietRounds + 1
        }
    }

    /// Whether nothing is pending: no event scheduled, no call waiting.
    public var isIdle: Bool { engine.locked { $0.isIdle } }

    // MARK: - Faults the test injects now

    /// Ends every fault: runs until idle, then the session activates (both delegates hear it
    /// complete), the phone comes in range and both apps launch, and it runs until idle again.
    /// Afterwards every guaranteed transfer has been delivered. (This is the link model's one
    /// settle routine, the one the scenario simulation ends its runs with.)
    public func recover() {
        var engine = engine
        engine.settle()
    }

    /// The phone leaves radio range now (messages in flight fail with 7007; transfers wait).
    public func moveOutOfRange() { inject(.phoneOutOfRange) }

    /// The phone comes back in range now (waiting transfers go).
    public func moveIntoRange() { inject(.phoneInRange) }

    /// `device`'s app is killed now: it receives nothing until it is launched again, and its
    /// messages waiting for a reply never hear one.
    public func terminateApp(_ device: Device) {
        inject(.app(device.side, .terminate))
    }

    /// `device`'s app is launched into the foreground now: what waits for it is delivered.
    public func launchApp(_ device: Device) {
        inject(.app(device.side, .launch))
    }

    /// `device`'s app moves to the background now (the phone can no longer reach the watch app).
    public func moveAppToBackground(_ device: Device) {
        inject(.app(device.side, .moveToBackground))
    }

    /// The user switches watches now: the session becomes inactive (messages in flight fail with
    /// 7016), then deactivates (the phone's delegate hears both; it should call `activate()`).
    public func switchWatch() {
        inject(.session(.becomeInactive))
        inject(.session(.deactivate))
    }

    private func inject(_ change: LinkEnvironmentChange) {
        engine.locked { $0.change(change) }
    }

    // MARK: - Message trail

    /// What the link did, one line per event, oldest first: `+1.25s link.delivered id=3
    /// channel=interactive route=watch→phone payload=#3 {done: true, item: milk} 41B delay=250ms`.
    public var messageTrail: [String] {
        engine.locked { $0.trail.map(Self.line) }
    }

    /// The lines of ``messageTrail`` that mention `text` (an item's name, a key's value).
    public func messageTrail(mentioning text: String) -> [String] {
        messageTrail.filter { $0.contains(text) }
    }

    private static func line(_ event: TraceEvent) -> String {
        var line = "\(event.time) \(event.kind)"
        for field in event.fields { line += " \(field.key)=\(field.value.text)" }
        return line
    }
}
