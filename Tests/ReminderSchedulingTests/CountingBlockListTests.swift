import Testing

@testable import ReminderScheduling

@Suite struct CountingBlockListTests {
    @Test func matchesASortedArrayUnderRandomOperations() {
        for seed in UInt64(0)..<200 {
            var rng = TestRandom(seed: seed)
            var set = CountingBlockList<Int>(ranked: seed % 2 == 0)
            var model: [Int] = []
            for _ in 0..<300 {
                let key = Int.random(in: 0..<150, using: &rng)
                switch Int.random(in: 0..<4, using: &rng) {
                case 0, 1:
                    let inserted = set.insert(key)
                    #expect(inserted == !model.contains(key), "seed \(seed)")
                    if inserted { model.append(key); model.sort() }
                case 2:
                    let removed = set.remove(key)
                    #expect(removed == model.contains(key), "seed \(seed)")
                    model.removeAll { $0 == key }
                default:
                    let smallest = set.popMin()
                    #expect(smallest == model.first, "seed \(seed)")
                    if !model.isEmpty { model.removeFirst() }
                }
                #expect(set.count == model.count, "seed \(seed)")
                #expect(set.count(lessThanOrEqualTo: key) == model.filter { $0 <= key }.count, "seed \(seed)")
            }
            var visited: [Int] = []
            set.forEach(skippingWhile: { $0 < 50 }) {
                visited.append($0); return true
            }
            #expect(visited == model.filter { $0 >= 50 }, "seed \(seed)")
        }
    }

    @Test func buildsFromSortedKeys() {
        let set = CountingBlockList<Int>(sorted: Array(0..<1_000).map { $0 * 2 })
        #expect(set.count == 1_000)
        #expect(set.count(lessThanOrEqualTo: 101) == 51)
        #expect(set.min == 0)
        #expect(set.max == 1_998)
        #expect(set.contains(500))
        #expect(!set.contains(501))
    }
}

extension CountingBlockListTests {
    /// Thousands of keys: blocks split, empty and merge; every answer still matches a sorted array.
    @Test(arguments: [true, false]) func splitsAndMergesKeepTheOrderAndCounts(ranked: Bool) {
        var rng = TestRandom(seed: 7)
        var set = CountingBlockList<Int>(ranked: ranked)
        var keys = Array(0..<4_000).map { $0 * 3 }
        keys.shuffle(using: &rng)
        for key in keys {
            let inserted = set.insert(key)
            #expect(inserted)
        }
        var model = keys.sorted()
        #expect(set.count == model.count)
        for probe in stride(from: -1, to: 12_001, by: 97) {
            #expect(set.count(lessThanOrEqualTo: probe) == model.count { $0 <= probe }, "probe \(probe)")
        }
        keys.shuffle(using: &rng)
        var present = Set(keys)
        for (index, key) in keys.prefix(3_800).enumerated() where present.contains(key) {
            let removed = set.remove(key)
            let again = set.remove(key)
            #expect(removed && !again)
            present.remove(key)
            if index % 7 == 0, let smallest = set.popMin() {
                #expect(smallest == present.min())
                present.remove(smallest)
            }
            if index % 200 == 0 {
                model = present.sorted()
                #expect(set.count == model.count)
                #expect(set.min == model.first)
                #expect(set.max == model.last)
                for probe in stride(from: 0, to: 12_000, by: 331) {
                    #expect(set.count(lessThanOrEqualTo: probe) == model.count { $0 <= probe }, "probe \(probe)")
                }
            }
        }
        model = present.sorted()
        #expect(set.count == model.count)
        var visited: [Int] = []
        set.forEach(skippingWhile: { $0 < 6_000 }) {
            visited.append($0)
            return true
        }
        #expect(visited == model.filter { $0 >= 6_000 })
    }
}
