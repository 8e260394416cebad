import Testing

@testable import ReminderScheduling

@Suite struct CountingTreapTests {
    @Test func matchesASortedArrayUnderRandomOperations() {
        for seed in UInt64(0)..<200 {
            var rng = TestRandom(seed: seed)
            var treap = CountingTreap<Int>()
            var model: [Int] = []
            for _ in 0..<300 {
                let key = Int.random(in: 0..<150, using: &rng)
                switch Int.random(in: 0..<4, using: &rng) {
                case 0, 1:
                    let inserted = treap.insert(key)
                    #expect(inserted == !model.contains(key), "seed \(seed)")
                    if inserted { model.append(key); model.sort() }
                case 2:
                    let removed = treap.remove(key)
                    #expect(removed == model.contains(key), "seed \(seed)")
                    model.removeAll { $0 == key }
                default:
                    let smallest = treap.popMin()
                    #expect(smallest == model.first, "seed \(seed)")
                    if !model.isEmpty { model.removeFirst() }
                }
                #expect(treap.count == model.count, "seed \(seed)")
                #expect(treap.count(lessThanOrEqualTo: key) == model.filter { $0 <= key }.count, "seed \(seed)")
            }
            var visited: [Int] = []
            treap.forEach(skippingWhile: { $0 < 50 }) {
                visited.append($0); return true
            }
            #expect(visited == model.filter { $0 >= 50 }, "seed \(seed)")
        }
    }

    @Test func buildsFromSortedKeys() {
        let treap = CountingTreap<Int>(sorted: Array(0..<1_000).map { $0 * 2 })
        #expect(treap.count == 1_000)
        #expect(treap.count(lessThanOrEqualTo: 101) == 51)
        #expect(treap.min == 0)
        #expect(treap.max == 1_998)
        #expect(treap.contains(500))
        #expect(!treap.contains(501))
    }
}
