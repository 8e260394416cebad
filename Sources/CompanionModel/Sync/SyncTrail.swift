import SimulationKernel

/// The message trail of every list operation: made, sent, dropped, delivered, applied,
/// acknowledged, per device, in the order it happened.
///
/// ```swift
/// var trail = SyncTrail()
/// let effects = watch.reduce(.edit("kale", .check))
/// trail.record(effects, on: .watch, at: now)
/// trail.entries(for: "kale")   // [made, applied] on the watch
/// ```
package struct SyncTrail: Hashable, Sendable {
    /// Every entry, in order.
    package private(set) var entries: [SyncTrailEntry] = []

    /// An empty trail.
    package init() {}

    /// Makes room for `count` entries in all, so that recording up to that many allocates once.
    ///
    /// - Complexity: O(*t*) for the *t* entries already kept.
    package mutating func reserveCapacity(_ count: Int) {
        entries.reserveCapacity(count)
    }

    /// Appends one entry.
    ///
    /// - Complexity: amortised O(1).
    package mutating func record(
        _ step: SyncTrailEntry.Step, _ operation: ListOperation, on device: LinkSide, at time: SimTime
    ) {
        record(SyncTrailEntry(time: time, device: device, operation: operation, step: step))
    }

    /// Appends `entry`.
    ///
    /// - Complexity: amortised O(1).
    package mutating func record(_ entry: SyncTrailEntry) {
        entries.append(entry)
    }

    /// Appends the entries a replica's effects stand for: a local operation is `made` then
    /// `applied`; `send` is not recorded here (the host records `sent` with its channel).
    ///
    /// - Complexity: O(*e*) in the effects.
    package mutating func record(_ effects: [ListReplica.Effect], on device: LinkSide, at time: SimTime) {
        for effect in effects {
            switch effect {
            case .applied(let operation, let outcome):
                if operation.id.origin == device { record(.made, operation, on: device, at: time) }
                record(.applied(outcome), operation, on: device, at: time)
            case .duplicate(let operation): record(.duplicate, operation, on: device, at: time)
            case .held(let operation, let missing): record(.held(waitingFor: missing), operation, on: device, at: time)
            case .send, .refused: break
            }
        }
    }

    /// Both devices' trails as one, in time order (at equal times, `first`'s entries first).
    ///
    /// - Complexity: O(*a* + *b*).
    package static func merged(_ first: SyncTrail, _ second: SyncTrail) -> SyncTrail {
        var merged = SyncTrail()
        merged.entries.reserveCapacity(first.entries.count + second.entries.count)
        var (i, j) = (0, 0)
        while i < first.entries.count || j < second.entries.count {
            if j == second.entries.count || (i < first.entries.count && first.entries[i].time <= second.entries[j].time)
            {
                merged.entries.append(first.entries[i])
                i += 1
            } else {
                merged.entries.append(second.entries[j])
                j += 1
            }
        }
        return merged
    }

    /// The entries for `item`, in order.
    ///
    /// - Complexity: O(*t*) in the entries.
    package func entries(for item: ItemID) -> [SyncTrailEntry] {
        entries.filter { $0.item == item }
    }
}

extension SyncTrail: StorageAdopting {
    /// Keeps this trail in `old`'s entries' storage (``StorageAdopting``).
    ///
    /// - Complexity: O(*n*) for the *n* entries this trail holds.
    package mutating func adoptStorage(of old: inout SyncTrail) {
        entries.adoptStorage(of: &old.entries)
    }
}
