import CompanionModel
import SimulationKernel
import Testing

/// The endpoint's per-event methods (``SyncEndpoint/make(_:slotHint:_:at:)``,
/// ``SyncEndpoint/dispatch(_:reachability:at:)``, ``SyncEndpoint/receive(_:channel:at:)``,
/// ``SyncEndpoint/outcome(_:channel:_:at:)``), driven as the hosts drive them (the trail's lines
/// from a mark on standing for the notes), give exactly the effects of the general reducer
/// (``SyncEndpoint/reduce(_:at:)``) and leave the endpoint in exactly the same state; and the
/// shown list's status-only reconciliation agrees with the full one.
@Suite struct SyncEventMethodsTests {
    private let pool = ["kale", "bread", "eggs", "milk", "tofu", "figs"]

    /// The effects of a per-event call: the trail's lines since `mark` as notes, then `rest`.
    private func effects(_ endpoint: SyncEndpoint, since mark: Int, then rest: [SyncEndpoint.Effect])
        -> [SyncEndpoint.Effect]
    {
        endpoint.trail.entries[mark...].map { SyncEndpoint.Effect.note($0) } + rest
    }

    /// A pair of devices takes random events twice: one copy through the general reducer, the
    /// other through the per-event methods where a host uses them (edits made then dispatched or
    /// sent at once, deliveries out of order and twice while nothing is held, outcomes of every
    /// kind), the general reducer otherwise (held operations, app stops and starts).
    @Test func perEventMethodsMatchTheGeneralReducer() {
        var fastCalls = 0
        for seed in UInt64(0)..<150 {
            var rng = SplitMix64(seed: seed)
            var general = SeededEndpointPair.endpoints(seed: seed)
            if rng.bernoulli(0.5) { for side in [LinkSide.watch, .phone] { general[side]!.tracing = .off } }
            var fast = general
            var inFlight: [(to: LinkSide, operation: ListOperation, channel: LinkChannel)] = []
            for step in 0..<100 {
                let now = SimTime(nanoseconds: Int64(step))
                var side: LinkSide = rng.bernoulli(0.5) ? .watch : .phone
                var expected: [SyncEndpoint.Effect] = []
                var got: [SyncEndpoint.Effect] = []
                let roll = Int.random(in: 0..<8, using: &rng)
                if roll < 3 || inFlight.isEmpty {
                    let id = pool[Int.random(in: 0..<pool.count, using: &rng)]
                    let edits: [ListEdit] = [
                        .add(title: id), .remove, .rename(title: "\(id) \(step % 3)"), .check, .uncheck,
                    ]
                    let edit = edits[Int.random(in: 0..<edits.count, using: &rng)]
                    let reachability: Reachability? =
                        switch Int.random(in: 0..<3, using: &rng) {
                        case 0: nil
                        case 1: .reachable
                        default: .unreachable(.outOfRange)
                        }
                    // A hint that holds, one that points at another item, one out of range, or none.
                    let slot = fast[side]!.replica.items.firstIndex { $0.id == id }
                    let hints: [Int?] = [slot, nil, Int.random(in: 0..<4, using: &rng), 99]
                    let hint = hints[Int.random(in: 0..<hints.count, using: &rng)]
                    expected = general[side]!.reduce(.edit(id, edit, reachability: reachability), at: now)
                    let mark = fast[side]!.trailCount
                    switch fast[side]!.make(id, slotHint: hint, edit, at: now) {
                    case .operation(let operation, let change):
                        got = effects(fast[side]!, since: mark, then: change.map { [.itemChanged($0)] } ?? [])
                        if let reachability {
                            let sendMark = fast[side]!.trailCount
                            let send = fast[side]!.dispatch(operation, reachability: reachability, at: now)
                            got += effects(fast[side]!, since: sendMark, then: [send])
                        } else {
                            got.append(.made(operation))
                        }
                    case .refused(let refusal):
                        got = effects(fast[side]!, since: mark, then: [.refused(id, edit, refusal)])
                    }
                    fastCalls += 1
                } else if roll < 6 {
                    // Out of order, and now and then twice.
                    let index = Int.random(in: 0..<inFlight.count, using: &rng)
                    let (to, operation, channel) = rng.bernoulli(0.2) ? inFlight[index] : inFlight.remove(at: index)
                    side = to
                    expected = general[side]!.reduce(.delivered(operation, channel: channel), at: now)
                    if fast[side]!.replica.heldCount == 0 {
                        let mark = fast[side]!.trailCount
                        let change = fast[side]!.receive(operation, channel: channel, at: now)
                        got = effects(fast[side]!, since: mark, then: change.map { [.itemChanged($0)] } ?? [])
                        fastCalls += 1
                    } else {
                        got = fast[side]!.reduce(.delivered(operation, channel: channel), at: now)
                    }
                } else if roll == 6 {
                    let index = Int.random(in: 0..<inFlight.count, using: &rng)
                    let (to, operation, channel) = inFlight.remove(at: index)
                    side = to == .watch ? .phone : .watch
                    let outcomes: [LinkOutcome] = [
                        .replied, .transferFinished, .failed(.notReachable), .failed(.payloadTooLarge), .cancelled,
                    ]
                    let outcome = outcomes[Int.random(in: 0..<outcomes.count, using: &rng)]
                    expected = general[side]!.reduce(.outcome(operation, channel: channel, outcome), at: now)
                    let mark = fast[side]!.trailCount
                    let effect = fast[side]!.outcome(operation, channel: channel, outcome, at: now)
                    got = effects(fast[side]!, since: mark, then: effect.map { [$0] } ?? [])
                    fastCalls += 1
                } else {
                    let event: SyncEndpoint.Event = rng.bernoulli(0.5) ? .appStopped : .appStarted
                    expected = general[side]!.reduce(event, at: now)
                    got = fast[side]!.reduce(event, at: now)
                }
                #expect(got == expected, "seed \(seed) step \(step)")
                #expect(fast[side]! == general[side]!, "seed \(seed) step \(step)")
                for effect in expected {
                    let to: LinkSide = side == .watch ? .phone : .watch
                    switch effect {
                    case .sendMessage(let operation): inFlight.append((to, operation, .interactive))
                    case .transferUserInfo(let operation): inFlight.append((to, operation, .userInfo))
                    case .made(let operation):
                        // Dispatched at once, as the watch's pipeline does later.
                        let dispatch = SyncEndpoint.Event.dispatch(operation, reachability: .reachable)
                        let sent = general[side]!.reduce(dispatch, at: now)
                        let mark = fast[side]!.trailCount
                        let send = fast[side]!.dispatch(operation, reachability: .reachable, at: now)
                        #expect(effects(fast[side]!, since: mark, then: [send]) == sent, "seed \(seed) step \(step)")
                        inFlight.append((to, operation, .interactive))
                    default: break
                    }
                }
            }
            #expect(fast == general, "seed \(seed)")
        }
        // The per-event methods were taken, not only the fallbacks.
        #expect(fastCalls > 150 * 60)
    }

    /// On lists with items checked and open, reconciling an item's status alone leaves the list
    /// exactly as reconciling it with the item as shown (same title, that status) does.
    @Test func statusOnlyReconciliationMatchesTheFullOne() {
        for seed in UInt64(0)..<150 {
            var rng = SplitMix64(seed: seed)
            var order = StoreOrder()
            order.learn(trip: Array(pool.shuffled(using: &rng).prefix(4)))
            let loaded = pool.shuffled(using: &rng).prefix(Int.random(in: 1...pool.count, using: &rng))
            var full = ShoppingList(items: loaded.map { ShoppingItem(id: $0, title: $0.uppercased()) }, order: order)
            var fast = full
            for step in 0..<40 {
                let time = SimTime(nanoseconds: Int64(step))
                let id = pool[Int.random(in: 0..<pool.count, using: &rng)]
                let status: ItemStatus = rng.bernoulli(0.5) ? .checkedOff : .open
                let position = full.position(of: id)
                let joinIndex = rng.bernoulli(0.7) ? position.map { full.joinIndex(atPosition: $0) } : 0
                let got = fast.reconcileStatus(id, status, at: time, joinIndex: joinIndex)
                guard let title = full.item(id)?.title else {
                    #expect(got == .unknownItem, "seed \(seed) step \(step)")
                    continue
                }
                let expected = full.reconcile(
                    id, with: SyncedItem(id: id, title: title, status: status), at: time, joinIndex: joinIndex)
                #expect(got == expected, "seed \(seed) step \(step)")
                #expect(fast == full, "seed \(seed) step \(step)")
            }
        }
    }
}
