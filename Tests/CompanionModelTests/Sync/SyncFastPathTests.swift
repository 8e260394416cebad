import CompanionModel
import SimulationKernel
import Testing

/// The sync's speed-ups keep its answers: an operation's shared box compares and hashes by
/// value, and an endpoint driven through its reused effect buffer produces the same effects and
/// ends in the same state as one that returns a fresh array per event.
@Suite struct SyncFastPathTests {
    private let pool = ["kale", "bread", "eggs", "milk", "tofu"]

    private func operation(
        _ origin: LinkSide = .phone, _ sequence: Int = 1, item: ItemID = "kale", edit: ListEdit = .check,
        counter: Int = 1
    ) -> ListOperation {
        ListOperation(
            id: OperationID(origin: origin, sequence: sequence), item: item, edit: edit,
            version: SyncVersion(counter: counter, device: origin))
    }

    @Test func operationsCompareAndHashByValueNotByBox() {
        let original = operation(item: "kale", edit: .add(title: "Kale"))
        let rebuilt = operation(item: "kale", edit: .add(title: "Kale"))
        #expect(original == rebuilt)
        #expect(original.hashValue == rebuilt.hashValue)
        #expect(Set([original, rebuilt, original]).count == 1)
        let different = [
            operation(.watch, item: "kale", edit: .add(title: "Kale")),
            operation(.phone, 2, item: "kale", edit: .add(title: "Kale")),
            operation(item: "milk", edit: .add(title: "Kale")),
            operation(item: "kale", edit: .add(title: "Curly kale")),
            operation(item: "kale", edit: .rename(title: "Kale")),
            operation(item: "kale", edit: .add(title: "Kale"), counter: 2),
        ]
        for other in different { #expect(other != original, "\(other)") }
        #expect(Set(different + [original]).count == different.count + 1)
        #expect(original.description == "phone#1 add kale v1@phone")
        #expect(original.id == OperationID(origin: .phone, sequence: 1))
        #expect(original.version == SyncVersion(counter: 1, device: .phone))
    }

    /// Two copies of a pair of devices take the same random events (edits, made-then-dispatched
    /// check-offs, deliveries out of order and twice, outcomes, app stops and starts); one pair
    /// returns a fresh array per event, the other reuses its endpoint's buffer.
    @Test func theReusedEffectBufferChangesNothing() {
        for seed in UInt64(0)..<100 {
            var rng = SplitMix64(seed: seed)
            let loaded = [ShoppingItem(id: "kale", title: "Kale"), ShoppingItem(id: "milk", title: "Milk")]
            var fresh = [LinkSide.watch: SyncEndpoint(device: .watch, items: loaded)]
            fresh[.phone] = SyncEndpoint(device: .phone, items: loaded)
            var reused = fresh
            if rng.bernoulli(0.5) { for side in [LinkSide.watch, .phone] { reused[side]?.tracing = .off } }
            for side in [LinkSide.watch, .phone] { fresh[side]?.tracing = reused[side]!.tracing }
            var inFlight: [(ListOperation, LinkChannel)] = []
            for step in 0..<80 {
                let side: LinkSide = rng.bernoulli(0.5) ? .watch : .phone
                let event: SyncEndpoint.Event
                switch Int.random(in: 0..<7, using: &rng) {
                case 0, 1:
                    let id = pool[Int.random(in: 0..<pool.count, using: &rng)]
                    let edits: [ListEdit] = [.add(title: id), .remove, .rename(title: "\(id)!"), .check, .uncheck]
                    let reachability: Reachability? =
                        switch Int.random(in: 0..<3, using: &rng) {
                        case 0: nil
                        case 1: .reachable
                        default: .unreachable(.outOfRange)
                        }
                    event = .edit(id, edits[Int.random(in: 0..<edits.count, using: &rng)], reachability: reachability)
                case 2, 3:
                    guard !inFlight.isEmpty else { continue }
                    let (operation, channel) = inFlight[Int.random(in: 0..<inFlight.count, using: &rng)]
                    event = .delivered(operation, channel: channel)
                case 4:
                    guard !inFlight.isEmpty else { continue }
                    let (operation, channel) = inFlight.remove(at: Int.random(in: 0..<inFlight.count, using: &rng))
                    let outcomes: [LinkOutcome] = [.replied, .transferFinished, .failed(.notReachable), .cancelled]
                    event = .outcome(
                        operation, channel: channel, outcomes[Int.random(in: 0..<outcomes.count, using: &rng)])
                case 5: event = .appStopped
                default: event = .appStarted
                }
                let now = SimTime(nanoseconds: Int64(step))
                let expected = fresh[side]!.reduce(event, at: now)
                var buffer = reused[side]!.takeEffectBuffer()
                #expect(buffer.isEmpty, "seed \(seed) step \(step)")
                reused[side]!.reduce(event, at: now, into: &buffer)
                #expect(buffer == expected, "seed \(seed) step \(step)")
                for effect in buffer {
                    switch effect {
                    case .sendMessage(let operation): inFlight.append((operation, .interactive))
                    case .transferUserInfo(let operation): inFlight.append((operation, .userInfo))
                    case .made(let operation):
                        let dispatch = SyncEndpoint.Event.dispatch(operation, reachability: .reachable)
                        _ = fresh[side]!.reduce(dispatch, at: now)
                        _ = reused[side]!.reduce(dispatch, at: now)
                        inFlight.append((operation, .interactive))
                    default: break
                    }
                }
                reused[side]!.returnEffectBuffer(consume buffer)
                #expect(reused == fresh, "seed \(seed) step \(step)")
            }
            #expect(reused[.watch]!.trail == fresh[.watch]!.trail, "seed \(seed)")
            #expect(reused[.phone]!.replica.list == fresh[.phone]!.replica.list, "seed \(seed)")
        }
    }
}
