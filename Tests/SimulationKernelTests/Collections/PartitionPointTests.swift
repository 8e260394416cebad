import SimulationKernel
import Testing

/// `partitionPoint` is the first index past the prefix a predicate rejects, as a scan finds it.
@Suite struct PartitionPointTests {
    @Test(arguments: 0..<50)
    func itIsWhereALinearScanFindsTheFirstElementAfterTheKey(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let values = (0..<Int(rng.next() % 40)).map { _ in Int(rng.next() % 12) }.sorted()
        for key in -1...13 {
            let scanned = values.firstIndex { $0 > key } ?? values.endIndex
            #expect(values.partitionPoint { $0 > key } == scanned, "seed \(seed), key \(key), \(values)")
            // A slice keeps its parent's indices.
            let slice = values.dropFirst(values.count / 3)
            let slicedScan = slice.firstIndex { $0 > key } ?? slice.endIndex
            #expect(slice.partitionPoint { $0 > key } == slicedScan, "seed \(seed), key \(key), slice")
        }
    }

    @Test func emptyAndAllOrNothing() {
        let none: [Int] = []
        #expect(none.partitionPoint { _ in true } == 0)
        #expect([1, 2, 3].partitionPoint { _ in true } == 0)
        #expect([1, 2, 3].partitionPoint { _ in false } == 3)
        #expect([1, 3, 3, 7].partitionPoint { $0 > 3 } == 3)
    }
}
