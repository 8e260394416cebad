import SimulationKernel
import Testing

@testable import CompanionModel

/// The lane queue: send order, binary-searched positions, the one current complication transfer,
/// and delivery from the head by offset (compacted as it grows).
@Suite struct TransferQueueTests {
    private func entry(_ id: MessageID, _ channel: LinkChannel = .userInfo) -> QueuedTransfer {
        QueuedTransfer(
            message: LinkMessage(
                id: id, channel: channel, route: .phoneToWatch, payload: .complicationUpdate(remaining: Int(id)),
                sentAt: .zero),
            state: .waiting, attempts: 0)
    }

    @Test func deliveringTheHeadKeepsPositionsAndOrderThroughCompaction() {
        var queue = TransferQueue()
        for id: MessageID in 1...300 { queue.append(entry(id), asCurrentComplication: false) }
        var delivered: [MessageID] = []
        for id: MessageID in 1...300 {
            guard let position = queue.index(of: id) else {
                Issue.record("transfer \(id) not found")
                return
            }
            queue[position].state = .arrived
            delivered += queue.removeArrivedHead().map(\.message.id)
            #expect(queue.entries.first?.message.id == (id < 300 ? id + 1 : nil))
            #expect(queue.index(of: id) == nil, "a delivered transfer is gone")
        }
        #expect(delivered == Array(1...300))
        #expect(queue.entries.isEmpty)
    }

    @Test func onlyTheArrivedHeadLeaves() {
        var queue = TransferQueue()
        for id: MessageID in 1...4 { queue.append(entry(id), asCurrentComplication: false) }
        for id: MessageID in [1, 2, 4] { queue[queue.index(of: id) ?? 0].state = .arrived }
        #expect(queue.removeArrivedHead().map(\.message.id) == [1, 2])
        #expect(queue.entries.map(\.message.id) == [3, 4], "4 waits behind 3")
    }

    @Test func oneCurrentComplicationTransferUntaggedInPlace() {
        var queue = TransferQueue()
        queue.append(entry(1, .complication), asCurrentComplication: true)
        queue.append(entry(2), asCurrentComplication: false)
        #expect(queue.count(of: .complication, in: .phoneUserInfo) == 1)
        #expect(queue.count(of: .userInfo, in: .phoneUserInfo) == 1)
        let untagged = queue.untagCurrentComplication()
        #expect(untagged?.message.id == 1 && untagged?.message.channel == .userInfo)
        #expect(queue.entries.map(\.message.channel) == [.userInfo, .userInfo])
        #expect(queue.untagCurrentComplication() == nil, "nothing is current any more")
        #expect(queue.count(of: .complication, in: .phoneUserInfo) == 0)
        #expect(queue.count(of: .userInfo, in: .phoneUserInfo) == 2)
    }

    @Test func aDeliveredOrCancelledCurrentTransferIsNoLongerCurrent() {
        var queue = TransferQueue()
        queue.append(entry(1, .complication), asCurrentComplication: true)
        queue[queue.entries.startIndex].state = .arrived
        _ = queue.removeArrivedHead()
        #expect(queue.currentComplication == nil)
        queue.append(entry(2, .complication), asCurrentComplication: true)
        queue.removeEntry(at: queue.index(of: 2) ?? 0)
        #expect(queue.currentComplication == nil)
        #expect(queue.entries.isEmpty)
    }
}

extension TransferQueue {
    /// Every arrived entry at the head, removed in order (``popArrivedHead()`` until `nil`).
    fileprivate mutating func removeArrivedHead() -> [QueuedTransfer] {
        var removed: [QueuedTransfer] = []
        while let entry = popArrivedHead() { removed.append(entry) }
        return removed
    }
}
