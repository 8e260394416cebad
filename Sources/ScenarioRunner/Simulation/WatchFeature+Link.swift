import CompanionModel
import SimulationKernel

extension WatchFeature {
    /// The app hands a committed operation to its sender, which picks the channel from what
    /// `isReachable` answers now (interactive when reachable, else a queued transfer, which
    /// survives the app's exit). A synchronous send tries `sendMessage` whatever `isReachable`
    /// says: unreachable, it fails at once with 7007 and the sender falls back to a transfer.
    mutating func commit(_ operation: CheckOffOperation, _ context: WorldContext) -> [WorldEffect] {
        // The naive handler calls `sendMessage` without asking `isReachable` (it then waits for the
        // reply or the error); the others send interactively only when reachable.
        let synchronous = app.heldSends[operation] != nil
        let reachability = synchronous ? .reachable : context.reachability(from: .watch)
        let commands = sender.reduce(.commit(operation, reachability: reachability), at: context.now)
        var effects = senderCommands(commands)
        if !commands.contains(.sendMessage(operation)) {
            // Unreachable: a synchronous sendMessage fails at once (7007) and the app falls back.
            effects += releaseHeldSend(operation, context)
        }
        return effects
    }

    /// How a message the watch app sent ended: the sender acknowledges it or falls back.
    mutating func outcomeArrived(_ message: LinkMessage, _ outcome: LinkOutcome, _ context: WorldContext)
        -> [WorldEffect]
    {
        guard let operation = message.payload.checkOff else { return [] }
        var effects = senderCommands(
            sender.reduce(.outcome(operation, channel: message.channel, outcome), at: context.now))
        if message.channel == .interactive { effects += releaseHeldSend(operation, context) }
        return effects
    }

    /// The link handed the watch app something from the phone.
    mutating func received(_ message: LinkMessage, duplicate: Bool, _ context: WorldContext) -> [WorldEffect] {
        let now = context.now
        switch message.payload {
        case .complicationUpdate(let remaining):
            complicationData = remaining
            let note: WorldEffect = .trace(
                .watchComplicationData, at: now,
                [
                    "remaining": .int(Int64(remaining)), "id": .int(Int64(message.id)),
                    "channel": .string(message.channel.name),
                ])
            // A budgeted transfer is the phone's complication transfer; after a fallback the watch
            // app got the data as ordinary userInfo and reloads the complication itself.
            if duplicate { return [note] }
            return [.send(.complication(.reload(message.channel == .complication ? .phoneTransfer : .app))), note]
        case .checkOff(let operation):
            return applyFromPhone(operation, message: message, duplicate: duplicate, now)
        case .data:
            return [
                .trace(
                    .watchReceived, at: now,
                    ["id": .int(Int64(message.id)), "payload": .string(message.payload.summary)])
            ]
        }
    }

    /// An operation the phone made (a notification's Complete), applied if it is newer than the
    /// item's last operation on the watch: the list changes, the counter and the sender adopt it,
    /// and the complication hears of it.
    private mutating func applyFromPhone(
        _ operation: CheckOffOperation, message: LinkMessage, duplicate: Bool, _ now: SimTime
    ) -> [WorldEffect] {
        var fields: [(key: String, value: TraceValue)] = [
            ("item", .string(operation.item)), ("op", .string(operation.actionName)),
            ("seq", .int(Int64(operation.sequence))), ("id", .int(Int64(message.id))),
            ("channel", .string(message.channel.name)),
        ]
        if duplicate { fields.append(("copy", .string("duplicate"))) }
        let latest = operationCounts[operation.item] ?? 0
        guard operation.sequence > latest else {
            fields.append(("reason", .string(operation.sequence == latest ? "duplicate" : "stale")))
            return [.trace(.watchIgnored, at: now, fieldList: fields)]
        }
        operationCounts[operation.item] = operation.sequence
        _ = sender.reduce(.adopted(operation), at: now)
        let changed = list.apply(operation.kind, to: operation.item, at: now) == .changed
        var effects: [WorldEffect] = [.trace(.watchApplied, at: now, fieldList: fields)]
        if changed {
            phoneMadeChanges.insert(operation.item)
            effects += listChanged(item: operation.item, action: operation.kind.rawValue, now)
            effects.append(.send(.complication(.reload(.app))))
        }
        return effects
    }

    /// The link requests for the sender's commands.
    func senderCommands(_ commands: [CheckOffSender.Command]) -> [WorldEffect] {
        commands.map { command in
            switch command {
            case .trace(let event): return .trace(event)
            case .sendMessage(let operation):
                return .send(.link(.request(.sendMessage(.checkOff(operation), from: .watch))))
            case .transferUserInfo(let operation):
                return .send(.link(.request(.transferUserInfo(.checkOff(operation), from: .watch))))
            }
        }
    }
}
