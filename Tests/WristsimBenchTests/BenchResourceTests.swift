import SimulationKernel
import Testing

@testable import wristsim_bench

/// The SimPy semantics of the bench's resource, store and queue helpers.
@Suite struct BenchResourceTests {
    @Test func resourceGrantsAFreeRequestAtOnceAndQueuesTheRest() {
        var ui = FIFOResource<Int>()
        #expect(ui.request(1) == 1)
        #expect(ui.request(2) == nil)
        #expect(ui.request(3) == nil)
        #expect(ui.waitingCount == 2)
        ui.release()
        #expect(ui.waitingCount == 2, "a release grants nothing until its event is processed")
        #expect(ui.releaseProcessed() == 2)
        ui.release()
        #expect(ui.releaseProcessed() == 3)
        ui.release()
        #expect(ui.releaseProcessed() == nil)
    }

    /// SimPy: a request made between a release and the processing of its `Release` event
    /// grants the head of the queue (the earlier waiter), not the newcomer.
    @Test func requestAfterReleaseGrantsTheEarlierWaiter() {
        var ui = FIFOResource<Int>()
        _ = ui.request(1)
        _ = ui.request(2)
        ui.release()
        #expect(ui.request(3) == 2)
        #expect(ui.releaseProcessed() == nil)
        ui.release()
        #expect(ui.releaseProcessed() == 3)
    }

    @Test func storeServesAWaitingConsumerWhenThePutIsProcessed() {
        var store = FIFOStore<Int>()
        #expect(store.get() == nil)
        store.put(7)
        store.put(8)
        #expect(store.count == 2)
        #expect(store.putProcessed() == 7)
        #expect(store.putProcessed() == nil, "the consumer is no longer waiting")
        #expect(store.get() == 8)
        #expect(store.get() == nil)
    }

    /// Property: the queue pops exactly what was appended, in order, through phases that grow
    /// it (compacting the consumed prefix) and drain it (resetting the storage).
    @Test(arguments: 0..<10)
    func fifoQueuePopsInAppendOrder(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        var queue = FIFOQueue<Int>()
        var appended: [Int] = []
        var popped: [Int] = []
        var countsAgree = true
        for step in 0..<40_000 {
            let growing = (step / 5_000) % 2 == 0
            if rng.bernoulli(growing ? 0.7 : 0.3) {
                queue.append(appended.count)
                appended.append(appended.count)
            } else if let value = queue.popFirst() {
                popped.append(value)
            }
            countsAgree = countsAgree && queue.count == appended.count - popped.count
        }
        while let value = queue.popFirst() { popped.append(value) }
        #expect(countsAgree, "seed \(seed)")
        #expect(popped == appended, "seed \(seed)")
        #expect(queue.isEmpty, "seed \(seed)")
    }
}
