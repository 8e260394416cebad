import SimulationKernel

/// The whole watch→phone path: the watch's check-off sender, the transport, and the phone app.
///
/// One reducer for drivers: ``reduce(_:at:)`` takes any ``LinkEvent`` and returns only timers to
/// schedule and trace events. Inside, it routes deliveries to the phone's list (applied exactly
/// once) and outcomes back to the sender, which may send again (fallback to a queued transfer).
///
/// ```swift
/// var rng = SplitMix64(seed: 1)
/// var system = LinkSystem(configuration: LinkConfiguration(), rng: &rng)
/// for effect in system.reduce(.user(.checkOff("kale")), at: .zero) { … schedule / record … }
/// ```
public struct LinkSystem: Sendable {
    /// The transport.
    public private(set) var link: WatchLink
    /// The watch's check-off sender (and the user's intent).
    public private(set) var sender = CheckOffSender()
    /// The phone's list.
    public private(set) var phone: PhoneShoppingList
    /// The remaining-items count the watch complication last received from the phone.
    public private(set) var watchComplicationRemaining: Int?
    /// Outcomes reported per interactive message (the platform promises at most one; tests check it).
    public private(set) var interactiveOutcomeCounts: [MessageID: Int] = [:]

    /// - Parameter items: the list's items (for the remaining count the phone pushes to the
    ///   complication).
    public init(configuration: LinkConfiguration, rng: inout SplitMix64, items: [ItemID] = []) {
        link = WatchLink(configuration: configuration, rng: &rng)
        phone = PhoneShoppingList(items: items)
    }

    /// Handles one event and everything it sets off at the same instant.
    ///
    /// - Complexity: proportional to the messages the event touches.
    public mutating func reduce(_ event: LinkEvent, at now: SimTime) -> [LinkEffect] {
        var out: [LinkEffect] = []
        switch event {
        case .user(let action):
            if !link.watchApp.isRunning {
                run(.environment(.relaunchWatchApp), at: now, into: &out)
            }
            let reachability = link.reachability(from: .watch)
            let senderEvent: CheckOffSender.Event =
                switch action {
                case .checkOff(let item): .userSet(item, .checkedOff, reachability: reachability)
                case .uncheck(let item): .userSet(item, .open, reachability: reachability)
                case .commit(let operation): .commit(operation, reachability: reachability)
                }
            perform(sender.reduce(senderEvent, at: now), at: now, into: &out)
        case .phone(.pushComplication):
            pushComplication(at: now, into: &out)
        default:
            run(event, at: now, into: &out)
        }
        return out
    }

    /// Compares the phone's list with the watch's intent (see ``CheckOffVerifier``).
    public func verify(trail: [TraceEvent]) -> [LinkDiscrepancy] {
        CheckOffVerifier.verify(intent: sender.intent, phone: phone, trail: trail)
    }

    /// Whether nothing is left to deliver or acknowledge.
    public var isSettled: Bool { link.isIdle && sender.pending.isEmpty }

    // MARK: - Routing

    private mutating func run(_ event: LinkEvent, at now: SimTime, into out: inout [LinkEffect]) {
        let watchWasRunning = link.watchApp.isRunning
        let effects = link.reduce(event, at: now)
        if watchWasRunning != link.watchApp.isRunning {
            let commands = sender.reduce(link.watchApp.isRunning ? .watchAppStarted : .watchAppStopped, at: now)
            process(effects, at: now, into: &out)
            perform(commands, at: now, into: &out)
        } else {
            process(effects, at: now, into: &out)
        }
    }

    private mutating func perform(_ commands: [CheckOffSender.Command], at now: SimTime, into out: inout [LinkEffect]) {
        for command in commands {
            switch command {
            case .trace(let event): out.append(.trace(event))
            case .sendMessage(let operation):
                run(.request(.sendMessage(.checkOff(operation), from: .watch)), at: now, into: &out)
            case .transferUserInfo(let operation):
                run(.request(.transferUserInfo(.checkOff(operation), from: .watch)), at: now, into: &out)
            }
        }
    }

    private mutating func process(_ effects: [LinkTransportEffect], at now: SimTime, into out: inout [LinkEffect]) {
        for effect in effects {
            switch effect {
            case .schedule(let timer, let time):
                out.append(.schedule(.timer(timer), at: time))
            case .trace(let event):
                out.append(.trace(event))
            case .wakeApp(let side):
                run(.environment(side == .watch ? .wakeWatchApp : .wakePhoneApp), at: now, into: &out)
            case .deliver(let message, let duplicate):
                receive(message, duplicate: duplicate, at: now, into: &out)
            case .outcome(let message, let outcome):
                if message.channel == .interactive { interactiveOutcomeCounts[message.id, default: 0] += 1 }
                guard message.route.from == .watch, let operation = message.payload.checkOff else { continue }
                let commands = sender.reduce(.outcome(operation, channel: message.channel, outcome), at: now)
                perform(commands, at: now, into: &out)
            }
        }
    }

    private mutating func pushComplication(at now: SimTime, into out: inout [LinkEffect]) {
        let payload = LinkPayload.complicationUpdate(remaining: phone.remainingCount)
        run(.request(.transferCurrentComplicationUserInfo(payload)), at: now, into: &out)
    }

    private mutating func receive(
        _ message: LinkMessage, duplicate: Bool, at now: SimTime, into out: inout [LinkEffect]
    ) {
        switch (message.route.to, message.payload) {
        case (.phone, .checkOff(let operation)):
            let result = phone.apply(operation, at: now)
            var fields: [(key: String, value: TraceValue)] = [
                ("item", .string(operation.item)), ("op", .string(operation.actionName)),
                ("seq", .int(Int64(operation.sequence))), ("id", .int(Int64(message.id))),
                ("channel", .string(message.channel.name)),
            ]
            if duplicate { fields.append(("copy", .string("duplicate"))) }
            if case .stale(let latest) = result { fields.append(("latest", .int(Int64(latest)))) }
            let kind: TraceKind = result.changedTheList ? .phoneApplied : .phoneIgnored
            if !result.changedTheList { fields.append(("reason", .string(result.name))) }
            out.append(.trace(TraceEvent(time: now, kind: kind, fieldList: fields)))
            if result.changedTheList {
                out.append(.phoneApplied(operation))
                if link.configuration.phoneComplicationPolicy.pushesAfterEachChange {
                    pushComplication(at: now, into: &out)
                }
            }
        case (.watch, .complicationUpdate(let remaining)):
            watchComplicationRemaining = remaining
            if !duplicate { out.append(.watchReceivedComplication(remaining: remaining, channel: message.channel)) }
            out.append(
                .trace(
                    TraceEvent(
                        time: now, kind: .watchComplicationData,
                        fields: [
                            "remaining": .int(Int64(remaining)), "id": .int(Int64(message.id)),
                            "channel": .string(message.channel.name),
                        ])))
        default:
            out.append(
                .trace(
                    TraceEvent(
                        time: now, kind: .received(message.route.to),
                        fields: [
                            "id": .int(Int64(message.id)), "payload": .string(message.payload.summary),
                        ])))
        }
    }
}
