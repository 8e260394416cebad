import CompanionModel
import Foundation
import SimulationKernel
import Testing

@testable import WatchConnectivityDouble

/// Issue #35, "one model, two users": the pair is the link model, not a copy of its rules. The
/// same generated schedule (requests, injected faults, a fault plan) is run through a pair's
/// public API and through a bare ``WatchLink`` driven as the scenario simulation drives it (its
/// events on a loop, its effects performed in order, the apps' lifecycles applied): the link's
/// trace must be the same event for event (deliveries, duplicates, errors with their codes, and
/// their times), and every delivery and error in it must reach the app's delegate or handler at
/// that time.
@Suite struct LinkAgreementTests {
    /// One step of a generated schedule, at `at` from the start.
    enum Action {
        case message(Device, waitsForReply: Bool)
        case transfer(Device)
        case context(Device)
        case complication
        case environment(LinkEnvironmentChange)
        case activate(Device)
    }

    static func schedule(seed: UInt64) -> [(at: SimDuration, action: Action)] {
        var base = SplitMix64(seed: seed)
        var rng = base.split(label: 0x5343_4844)  // "SCHD"
        var steps: [(at: SimDuration, action: Action)] = []
        let changes: [LinkEnvironmentChange] = [
            .phoneOutOfRange, .phoneInRange, .app(.phone, .terminate), .app(.phone, .launch), .app(.watch, .terminate),
            .app(.watch, .launch),
            .app(.watch, .moveToBackground), .app(.phone, .moveToBackground), .session(.becomeInactive),
            .session(.deactivate),
        ]
        for _ in 0..<Int.random(in: 20...60, using: &rng) {
            let at = SimDuration.milliseconds(Int64.random(in: 0...600_000, using: &rng))
            let device: Device = rng.bernoulli(0.6) ? .watch : .phone
            let action: Action
            switch Int.random(in: 0..<100, using: &rng) {
            case 0..<35: action = .message(device, waitsForReply: rng.bernoulli(0.6))
            case 35..<65: action = .transfer(device)
            case 65..<75: action = .context(device)
            case 75..<80: action = .complication
            case 80..<85: action = .activate(device)
            default: action = .environment(changes[Int.random(in: 0..<changes.count, using: &rng)])
            }
            steps.append((at, action))
        }
        return steps.sorted { $0.at < $1.at }
    }

    /// The payload of the `index`th send (the link numbers messages in send order from 1).
    static func payload(_ index: Int) -> [String: PropertyListValue] { ["k": .integer(index), "item": "milk"] }

    /// A delegate and handlers that write down, with the pair's clock, what reached the app.
    final class Observer: ConnectivitySessionDelegate, @unchecked Sendable {
        var pair: SessionPair?
        var seen: [String] = []
        private let lock = NSLock()

        func note(_ text: String) {
            lock.lock()
            defer { lock.unlock() }
            let now = pair?.engine.locked { $0.loop.now.offset } ?? .zero
            seen.append("\(now) \(text)")
        }

        func session(
            _ session: any ConnectivitySession, activationDidCompleteWith activationState: SessionActivationState,
            error: (any Error)?
        ) {}
        func session(_ session: any ConnectivitySession, didReceiveMessage message: [String: PropertyListValue]) {
            note("delivered \(message["k"]?.integerValue ?? 0)")
        }
        func session(
            _ session: any ConnectivitySession, didReceiveMessage message: [String: PropertyListValue],
            replyHandler: @escaping @Sendable ([String: PropertyListValue]) -> Void
        ) {
            note("delivered \(message["k"]?.integerValue ?? 0)")
            replyHandler([:])
        }
        func session(_ session: any ConnectivitySession, didReceiveUserInfo userInfo: [String: PropertyListValue]) {
            note("delivered \(userInfo["k"]?.integerValue ?? 0)")
        }
        func session(
            _ session: any ConnectivitySession,
            didReceiveApplicationContext applicationContext: [String: PropertyListValue]
        ) {
            note("delivered \(applicationContext["k"]?.integerValue ?? 0)")
        }
        func session(
            _ session: any ConnectivitySession, didFinish userInfoTransfer: any UserInfoTransfer, error: (any Error)?
        ) {
            guard let error = error as? WatchConnectivityError else { return }
            note("failed \(userInfoTransfer.userInfo["k"]?.integerValue ?? 0) \(error.code.rawValue)")
        }
    }

    /// A bare link driven as the scenario simulation drives one, settled by the same routine.
    struct Reference: LinkSettling {
        var link: WatchLink
        var apps: LinkApps
        var loop = EventLoop<LinkEvent>()
        var timers = LinkTimers()
        var trace: [TraceEvent] = []

        init(seed: UInt64, faults: FaultPlan) {
            let configuration = faults.configuration
            var rng = SplitMix64(seed: seed)
            link = WatchLink(configuration: configuration, rng: &rng)
            apps = LinkApps(watch: .foreground, phone: .foreground)  // as the double's pair starts
            for (time, event) in configuration.faults.scheduledEvents() { loop.schedule(event, at: time) }
            for at in faults.watchSwitches {
                let time = SimTime(offset: SimDuration(clamping: at))
                loop.schedule(.environment(.session(.becomeInactive)), at: time)
                loop.schedule(.environment(.session(.deactivate)), at: time + .seconds(1))
            }
        }

        mutating func run(notAfter limit: SimTime) {
            while let event = loop.next(notAfter: limit) {
                timers.willHandle(event)
                reduce(event)
            }
        }

        mutating func reduce(_ event: LinkEvent) {
            var effects: [LinkTransportEffect] = []
            link.reduce(event, at: LinkMoment(now: loop.now, apps: apps, trace: .recorded)) { effects.append($0) }
            for effect in effects {
                switch effect {
                case .timer(let effect): timers.perform(effect, on: &loop)
                case .deliver, .outcome: break
                case .trace(let event): trace.append(event)
                case .changeApp(let side, let event, _):
                    if let change = apps.change(side, event) { reduce(.environment(change)) }
                }
            }
        }

        mutating func handleNextLinkEvent() -> Bool {
            guard let event = loop.next() else { return false }
            timers.willHandle(event)
            reduce(event)
            return true
        }

        mutating func applyLinkEnvironment(_ change: LinkEnvironmentChange) {
            reduce(.environment(change))
        }

        mutating func request(_ index: Int, _ build: (LinkPayload) -> LinkRequest) {
            let body = LinkAgreementTests.payload(index)
            let label = "#\(index) \(PropertyListValue.summary(of: body))"
            reduce(.request(build(.data(label: label, bytes: PropertyListValue.estimatedByteCount(of: body)))))
        }
    }

    static func agree(seed: UInt64) -> (trace: String?, delegate: Bool) {
        let faults = FaultPlan.random(seed: seed)
        let pair = SessionPair(seed: seed, faults: faults)
        var reference = Reference(seed: seed, faults: faults)
        let observer = Observer()
        observer.pair = pair
        pair.watch.delegate = observer
        pair.phone.delegate = observer
        pair.watch.activate()
        reference.loop.schedule(.environment(.session(.activate)), at: .zero)
        var sent = 0
        for (at, action) in schedule(seed: seed) {
            pair.advance(by: (at - pair.engine.locked { $0.loop.now.offset }).duration)
            reference.run(notAfter: SimTime(offset: at))
            switch action {
            case .message(let device, let waits):
                sent += 1
                let index = sent
                var reply: (@Sendable ([String: PropertyListValue]) -> Void)?
                if waits { reply = { _ in } }
                let failed: @Sendable (any Error) -> Void = { error in
                    let code = (error as? WatchConnectivityError)?.code.rawValue ?? 0
                    observer.note("failed \(index) \(code)")
                }
                pair.session(device).sendMessage(payload(index), replyHandler: reply, errorHandler: failed)
                reference.request(index) { .sendMessage($0, from: device.side) }
            case .transfer(let device):
                sent += 1
                pair.session(device).transferUserInfo(payload(sent))
                reference.request(sent) { .transferUserInfo($0, from: device.side) }
            case .context(let device):
                sent += 1
                try? pair.session(device).updateApplicationContext(payload(sent))
                reference.request(sent) { .updateApplicationContext($0, from: device.side) }
            case .complication:
                sent += 1
                pair.phone.transferCurrentComplicationUserInfo(payload(sent))
                reference.request(sent) { .transferCurrentComplicationUserInfo($0) }
            case .activate(let device):
                pair.session(device).activate()
                reference.loop.schedule(.environment(.session(.activate)), at: reference.loop.now)
            case .environment(let change):
                pair.engine.locked { $0.change(change) }
                reference.reduce(.environment(change))
            }
        }
        pair.recover()
        reference.settle()
        let trace = pair.engine.locked { $0.trail }
        // What the trace says reached the apps, as the observer writes it.
        var expected: [String] = []
        for event in trace {
            guard case .int(let id)? = event["id"] else { continue }
            switch event.kind {
            case TraceKind.linkDelivered.rawValue, TraceKind.linkDuplicate.rawValue:
                expected.append("\(event.time.offset) delivered \(id)")
            case TraceKind.linkFailed.rawValue:
                guard case .int(let code)? = event["code"], event["channel"] != .string("applicationContext") else {
                    continue
                }
                expected.append("\(event.time.offset) failed \(id) \(code)")
            default: continue
            }
        }
        return (firstDifference(trace, reference.trace), observer.seen == expected)
    }

    /// Where two traces first differ (`nil`: they are the same).
    static func firstDifference(_ pair: [TraceEvent], _ reference: [TraceEvent]) -> String? {
        for (index, (a, b)) in zip(pair, reference).enumerated() where a != b {
            return "event \(index): pair \(a.time) \(a.kind) \(a.fields.map { "\($0.key)=\($0.value.text)" }), "
                + "link \(b.time) \(b.kind) \(b.fields.map { "\($0.key)=\($0.value.text)" })"
        }
        return pair.count == reference.count ? nil : "\(pair.count) events, the link \(reference.count)"
    }

    @Test(arguments: [0..<250, 250..<500, 500..<750, 750..<1_000] as [Range<UInt64>])
    func thePairAndTheBareLinkAgreeOnEverySchedule(seeds: Range<UInt64>) {
        for seed in seeds {
            let (trace, delegate) = Self.agree(seed: seed)
            #expect(trace == nil, "seed \(seed): the pair's link trace differs from the bare link's: \(trace ?? "")")
            #expect(delegate, "seed \(seed): what reached the delegates differs from the link's trace")
            if trace != nil || !delegate { return }
        }
    }
}
