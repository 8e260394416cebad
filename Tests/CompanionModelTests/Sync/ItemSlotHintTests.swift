import CompanionModel
import SimulationKernel
import Testing

/// The watch resolves a tapped item once: the shown list's join index of a loaded item is its
/// replica slot, and both the list (``ShoppingList/position(of:joinIndex:)``) and the endpoint
/// (``SyncEndpoint/edit(_:slotHint:_:reachability:at:into:)``) take it as a checked hint. A hint,
/// right, wrong or stale, never changes an answer; an endpoint with its trace off keeps no trail
/// and no outbox in its replica, and otherwise does the same.
@Suite struct ItemSlotHintTests {
    private let pool = ["kale", "bread", "eggs", "milk", "tofu", "rice", "figs"]

    /// After any reconciliations, each item's join index leads back to its position, join
    /// indexes are distinct, a loaded item's equals its replica slot, and any other hint gives
    /// the position found by identifier.
    @Test func joinIndexesLeadBackToTheirItemsAndWrongHintsChangeNothing() {
        for seed in UInt64(0)..<200 {
            var rng = SplitMix64(seed: seed)
            var order = StoreOrder()
            order.learn(trip: ["rice", "kale", "eggs", "bread"])
            let loaded = ["eggs", "kale", "eggs", "milk"].map { ShoppingItem(id: $0, title: $0.capitalized) }
            var list = ShoppingList(items: loaded, order: order)
            let replica = ListReplica(device: .watch, items: loaded)
            var removed: Set<ItemID> = []
            for step in 0..<60 {
                let id = pool[Int.random(in: 0..<pool.count, using: &rng)]
                let time = SimTime(nanoseconds: Int64(step))
                let hint: Int? = rng.bernoulli(0.3) ? nil : Int.random(in: -2..<12, using: &rng)
                switch Int.random(in: 0..<3, using: &rng) {
                case 0:
                    list.reconcile(id, with: nil, at: time, joinIndex: hint)
                    removed.insert(id)
                case 1:
                    list.reconcile(
                        id, with: SyncedItem(id: id, title: "\(id) \(step % 3)", status: .open), at: time,
                        joinIndex: hint)
                default:
                    list.reconcile(
                        id, with: SyncedItem(id: id, title: id, status: .checkedOff), at: time, joinIndex: hint)
                }
                let label = "seed \(seed) step \(step)"
                var joinIndexes: Set<Int> = []
                for (position, item) in list.items.enumerated() {
                    let joinIndex = list.joinIndex(atPosition: position)
                    #expect(joinIndexes.insert(joinIndex).inserted, "\(label)")
                    #expect(list.position(of: item.id, joinIndex: joinIndex) == position, "\(label)")
                    if !removed.contains(item.id), let slot = replica.items.firstIndex(where: { $0.id == item.id }) {
                        #expect(joinIndex == slot, "\(label): \(item.id)")
                    }
                    #expect(list.state(atPosition: position) == list.state(of: item.id), "\(label)")
                }
                for other in pool + ["nowhere"] {
                    let guess = Int.random(in: -2..<12, using: &rng)
                    #expect(list.position(of: other, joinIndex: guess) == list.position(of: other), "\(label)")
                    #expect(list.position(of: other, joinIndex: nil) == list.position(of: other), "\(label)")
                }
            }
        }
    }

    /// Two endpoints take the same edits and deliveries, one through ``SyncEndpoint/Event/edit(_:_:reachability:)``,
    /// the other through the hinted edit with a right, a wrong or no hint: same effects, same
    /// replica. A third, with its trace off, returns the same effects without the trail notes,
    /// keeps no trail, and, like the others, keeps its unacknowledged operations in its courier
    /// only.
    @Test func hintedEditsAndUntracedEndpointsDoTheSame() {
        for seed in UInt64(0)..<150 {
            var rng = SplitMix64(seed: seed)
            let loaded = ["kale", "milk", "eggs"].map { ShoppingItem(id: $0, title: $0.capitalized) }
            var plain = SyncEndpoint(device: .watch, items: loaded)
            var hinted = plain
            var quiet = plain
            quiet.tracing = .off
            var phone = SyncEndpoint(device: .phone, items: loaded.reversed())
            var toWatch: [ListOperation] = []
            for step in 0..<60 {
                let now = SimTime(nanoseconds: Int64(step))
                let label = "seed \(seed) step \(step)"
                var expected: [SyncEndpoint.Effect] = []
                var got: [SyncEndpoint.Effect] = []
                var untraced: [SyncEndpoint.Effect] = []
                if rng.bernoulli(0.3), !toWatch.isEmpty {
                    let operation = toWatch.remove(at: Int.random(in: 0..<toWatch.count, using: &rng))
                    let event = SyncEndpoint.Event.delivered(operation, channel: .userInfo)
                    expected = plain.reduce(event, at: now)
                    got = hinted.reduce(event, at: now)
                    untraced = quiet.reduce(event, at: now)
                } else if rng.bernoulli(0.3) {
                    let id = pool[Int.random(in: 0..<pool.count, using: &rng)]
                    let edits: [ListEdit] = [.add(title: id), .remove, .check, .uncheck]
                    let edit = edits[Int.random(in: 0..<edits.count, using: &rng)]
                    for case .transferUserInfo(let operation) in phone.reduce(
                        .edit(id, edit, reachability: .unreachable(.outOfRange)), at: now)
                    {
                        toWatch.append(operation)
                    }
                    continue
                } else {
                    let id = pool[Int.random(in: 0..<pool.count, using: &rng)]
                    let edit: ListEdit = rng.bernoulli(0.5) ? .check : .uncheck
                    let right = plain.replica.items.firstIndex { $0.id == id }
                    let hint: Int? =
                        switch Int.random(in: 0..<3, using: &rng) {
                        case 0: right
                        case 1: Int.random(in: -1..<9, using: &rng)
                        default: nil
                        }
                    // Unsent (the watch's check-off, dispatched later) or sent at once.
                    let reachability: Reachability? = rng.bernoulli(0.5) ? nil : .reachable
                    expected = plain.reduce(.edit(id, edit, reachability: reachability), at: now)
                    let made = hinted.edit(id, slotHint: hint, edit, reachability: reachability, at: now, into: &got)
                    let madeQuietly = quiet.edit(
                        id, slotHint: hint, edit, reachability: reachability, at: now, into: &untraced)
                    #expect(madeQuietly == made, "\(label)")
                    // The event reports an unsent operation as `made`; the method returns it.
                    if reachability == nil, let made {
                        got.append(.made(made))
                        untraced.append(.made(made))
                    }
                    if let made {
                        #expect(plain.replica.appliedLog.last == made, "\(label)")
                    } else {
                        let refused = expected.contains {
                            if case .refused = $0 { return true }
                            return false
                        }
                        #expect(refused, "\(label)")
                    }
                }
                #expect(got == expected, "\(label)")
                #expect(hinted.replica == plain.replica, "\(label)")
                #expect(hinted.courier == plain.courier, "\(label)")
                let withoutNotes = expected.filter {
                    if case .note = $0 { return false }
                    return true
                }
                #expect(untraced == withoutNotes, "\(label)")
                #expect(quiet.replica == plain.replica, "\(label)")
                #expect(quiet.courier == plain.courier, "\(label)")
                #expect(quiet.trail.entries.isEmpty, "\(label)")
                // The traced endpoint's notes are the trail's newest entries.
                let notes = expected.compactMap { effect -> SyncTrailEntry? in
                    if case .note(let entry) = effect { return entry }
                    return nil
                }
                #expect(Array(plain.trail.entries.suffix(notes.count)) == notes, "\(label)")
                #expect(plain.replica.outbox.isEmpty && quiet.replica.outbox.isEmpty, "\(label)")
            }
        }
    }
}
