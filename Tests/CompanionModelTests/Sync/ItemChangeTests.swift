import CompanionModel
import SimulationKernel
import Testing

/// An endpoint's ``ItemChange`` effects agree with a recount: after any event, the items it
/// reports are exactly those whose shown state (``ListReplica/item(_:)``, found by identifier)
/// changed, each with the slot that holds it, its shown status before and after, and the origin of
/// the operation that changed it and whether that operation wrote the title. Deliveries
/// find an item by its identifier; the two devices here load their lists in the same order for
/// some seeds and in different orders, with different items, for others.
@Suite struct ItemChangeTests {
    private let pool = ["kale", "bread", "eggs", "milk", "tofu", "figs"]

    @Test func reportedChangesMatchARecountOfTheShownItems() {
        for seed in UInt64(0)..<150 {
            var rng = SplitMix64(seed: seed)
            var devices = SeededEndpointPair.endpoints(seed: seed)
            var inFlight: [(to: LinkSide, operation: ListOperation)] = []
            for step in 0..<80 {
                var side: LinkSide = rng.bernoulli(0.5) ? .watch : .phone
                let event: SyncEndpoint.Event
                if rng.bernoulli(0.5) || inFlight.isEmpty {
                    let id = pool[Int.random(in: 0..<pool.count, using: &rng)]
                    let edits: [ListEdit] = [
                        .add(title: id), .remove, .rename(title: "\(id) \(step % 3)"), .check, .uncheck,
                    ]
                    event = .edit(
                        devices[side]?.key(of: id) ?? -1, edits[Int.random(in: 0..<edits.count, using: &rng)],
                        reachability: .reachable)
                } else {
                    // Out of order, and now and then twice.
                    let index = Int.random(in: 0..<inFlight.count, using: &rng)
                    let (to, operation) = rng.bernoulli(0.2) ? inFlight[index] : inFlight.remove(at: index)
                    side = to
                    event = .delivered(operation, channel: .interactive)
                }
                let before = Dictionary(
                    uniqueKeysWithValues: pool.map { ($0, devices[side]!.replica.knownItem($0)?.shown) })
                let effects = devices[side]!.reduce(event, at: SimTime(nanoseconds: Int64(step)))
                let replica = devices[side]!.replica
                var reported: [ItemID] = []
                for effect in effects {
                    switch effect {
                    case .itemChanged(let change):
                        // The operation that changed it, read from the log where the change names it.
                        let item = replica.appliedLog[change.position].item
                        reported.append(item)
                        #expect(replica.items[change.slot].id == item, "seed \(seed) step \(step)")
                        #expect(
                            replica.items[change.slot].shown == replica.knownItem(item)?.shown,
                            "seed \(seed) step \(step)")
                        #expect(change.before == before[item]??.status, "seed \(seed) step \(step)")
                        #expect(change.after == replica.knownItem(item)?.shown?.status, "seed \(seed) step \(step)")
                        // The facts of the operation a host acts on travel with the change.
                        let operation = replica.appliedLog[change.position]
                        #expect(change.origin == operation.id.origin, "seed \(seed) step \(step)")
                        #expect(change.setsTitle == operation.setsTitle, "seed \(seed) step \(step)")
                    case .sendMessage(let position):
                        inFlight.append((side == .watch ? .phone : .watch, replica.appliedLog[position]))
                    default: break
                    }
                }
                let changed = pool.filter { before[$0]! != replica.knownItem($0)?.shown }
                #expect(reported.sorted() == changed.sorted(), "seed \(seed) step \(step): \(event)")
                #expect(Set(reported).count == reported.count, "seed \(seed) step \(step)")
            }
        }
    }

    /// What travels is the operation: its identity, item, edit and version. Two operations with
    /// the same fields are equal and hash alike, whoever built them.
    @Test func anOperationIsItsFields() {
        var phone = SyncEndpoint(device: .phone, items: [ShoppingItem(id: "kale", title: "Kale")])
        let effects = phone.reduce(.edit(phone.key(of: "kale"), .check, reachability: .reachable), at: .zero)
        guard case .sendMessage(let position)? = effects.last else {
            Issue.record("expected a send, found \(effects)")
            return
        }
        let operation = phone.replica.appliedLog[position]
        let rebuilt = ListOperation(
            id: operation.id, item: operation.item, key: operation.key, edit: operation.edit,
            version: operation.version)
        #expect(rebuilt == operation)
        #expect(rebuilt.hashValue == operation.hashValue)
    }
}
