import SimulationKernel

/// One thing that happened to one list operation on one device: a line of an item's message
/// trail.
package struct SyncTrailEntry: Hashable, Sendable {
    /// What happened.
    package enum Step: Hashable, Sendable {
        /// The user's edit made the operation (on its origin).
        case made
        /// Handed to the link on `channel`.
        case sent(LinkChannel)
        /// The link lost this copy (a drop-out or a failed send); a resend must follow.
        case dropped(LinkChannel)
        /// A copy reached the device over `channel`.
        case delivered(LinkChannel)
        /// Merged into the device's list.
        case applied(ReplicaItem.Outcome)
        /// Ignored: already applied or held.
        case duplicate
        /// Held until the origin's operation `waitingFor` arrives.
        case held(waitingFor: Int)
        /// The origin learned that the other device has it.
        case acknowledged
        /// The link refused it for good (payload too large, cancelled): it will never arrive.
        case undeliverable(LinkError)
    }

    /// When.
    package var time: SimTime
    /// The device it happened on.
    package var device: LinkSide
    /// The operation.
    package var operation: ListOperation
    /// What happened.
    package var step: Step

    /// The entry as a trace event: `sync.<step>` with the device, item, operation, edit, version
    /// and the step's detail (channel, outcome, awaited operation, error).
    ///
    /// - Complexity: O(1); one allocation of the field list at its final size.
    package var traceEvent: TraceEvent {
        // The trace keeps the list for the whole run: room for the five common fields and at
        // most one more, allocated once (a literal of five grown by one append keeps ten).
        var fields: [(key: String, value: TraceValue)] = []
        fields.reserveCapacity(6)
        fields.append(("device", .string(device.name)))
        fields.append(("item", .string(operation.item)))
        fields.append(("op", .string(operation.id.description)))
        fields.append(("edit", .string(operation.edit.name)))
        fields.append(("version", .string(operation.version.description)))
        let kind: TraceKind
        switch step {
        case .made:
            kind = .syncMade
            if let title = operation.edit.title { fields.append(("title", .string(title))) }
        case .sent(let channel):
            kind = .syncSent
            fields.append(("channel", .string(channel.name)))
        case .dropped(let channel):
            kind = .syncDropped
            fields.append(("channel", .string(channel.name)))
        case .delivered(let channel):
            kind = .syncDelivered
            fields.append(("channel", .string(channel.name)))
        case .applied(.won):
            kind = .syncApplied
        case .applied(.superseded(let version)):
            kind = .syncApplied
            fields.append(("lostTo", .string(version.description)))
        case .duplicate: kind = .syncDuplicate
        case .held(let sequence):
            kind = .syncHeld
            fields.append(("waitingFor", .int(Int64(sequence))))
        case .acknowledged: kind = .syncAcknowledged
        case .undeliverable(let error):
            kind = .syncUndeliverable
            fields.append(("error", .string(error.description)))
        }
        return TraceEvent(time: time, kind: kind, fieldList: fields)
    }
}
