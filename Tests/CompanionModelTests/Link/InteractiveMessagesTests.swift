import SimulationKernel
import Testing

@testable import CompanionModel

/// The window of interactive messages by ID agrees with a dictionary under any sequence of adds
/// (increasing IDs, with gaps), state changes, removals, deliveries (a copy kept as awaiting the
/// reply while the sender waits, else moved out) and conditional takes, and walks its IDs in send
/// order.
@Suite struct InteractiveMessagesTests {
    private func message(_ id: MessageID) -> InteractiveMessage {
        InteractiveMessage(
            message: LinkMessage(
                id: id, channel: .interactive, route: .watchToPhone, payload: .data(label: "m", bytes: 1),
                sentAt: .zero),
            state: .inFlight)
    }

    @Test func agreesWithADictionaryOverManySeeds() {
        for seed: UInt64 in 1...40 {
            var rng = SplitMix64(seed: seed)
            var window = InteractiveMessages()
            var model: [MessageID: InteractiveMessage] = [:]
            var nextID: MessageID = 1
            for _ in 0..<600 {
                let roll = rng.next() % 10
                if roll < 4 {
                    nextID += rng.next() % 4  // IDs given to other channels leave gaps
                    window.insert(message(nextID), id: nextID)
                    model[nextID] = message(nextID)
                    nextID += 1
                } else if let id = model.keys.sorted().dropFirst(Int(rng.next() % 3)).first {
                    if roll < 6 {
                        _ = window.take(id)
                        model[id] = nil
                    } else if roll < 7 {
                        let states: [InteractiveMessageState] = [
                            .inFlight, .awaitingReply, .replyLost, .orphanedInFlight,
                        ]
                        let state = states[Int(rng.next() % 4)]
                        window.setState(state, of: id)
                        model[id]?.state = state
                    } else if roll < 9 {
                        var expected = model[id]?.message
                        if model[id]?.state.senderIsWaiting == true {
                            model[id]?.state = .awaitingReply
                        } else {
                            expected = model.removeValue(forKey: id)?.message
                        }
                        #expect(window.deliver(id) == expected, "seed \(seed): delivery of \(id)")
                    } else {
                        let expected = model[id]?.state == .awaitingReply ? model.removeValue(forKey: id) : nil
                        #expect(
                            window.take(id, if: { $0 == .awaitingReply }) == expected, "seed \(seed): reply to \(id)")
                    }
                }
                let probe = MessageID(rng.next() % (UInt64(nextID) + 2))
                #expect(window[probe] == model[probe], "seed \(seed): message \(probe)")
                #expect(window.count == model.count, "seed \(seed)")
                #expect(window.ids == model.keys.sorted(), "seed \(seed)")
            }
        }
    }

    @Test func emptiesAndStartsAgainAtTheNextID() {
        var window = InteractiveMessages()
        window.insert(message(5), id: 5)
        window.insert(message(9), id: 9)
        _ = window.take(5)
        #expect(window[5] == nil && window[9] != nil && window.count == 1)
        _ = window.take(9)
        #expect(window.isEmpty && window.ids.isEmpty)
        window.insert(message(1_000), id: 1_000)
        #expect(window.ids == [1_000])
    }
}
