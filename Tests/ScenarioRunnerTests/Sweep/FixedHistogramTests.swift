import CompanionModel
import SimulationKernel
import Testing

@testable import ScenarioRunner

@Suite struct FixedHistogramTests {
    @Test func bucketsAreContiguousAndTheirEdgesRoundTrip() {
        var previousUpper: Int64 = -1
        for index in 0..<3_000 {
            let upper = FixedHistogram.upperMicroseconds(ofBucket: index)
            #expect(FixedHistogram.bucket(ofMicroseconds: previousUpper + 1) == index, "bucket \(index)")
            #expect(FixedHistogram.bucket(ofMicroseconds: upper) == index, "bucket \(index)")
            previousUpper = upper
        }
        #expect(FixedHistogram.bucket(ofMicroseconds: Int64.max) == FixedHistogram.bucketLimit - 1)
    }

    @Test func fewDistinctValuesGiveExactPercentiles() {
        var histogram = FixedHistogram()
        for value in [16_666, 33_333, 16_666, 50_000] { histogram.add(.microseconds(Int64(value))) }
        #expect(histogram.percentile(50) == .microseconds(16_666))
        #expect(histogram.percentile(75) == .microseconds(33_333))
        #expect(histogram.percentile(99) == .microseconds(50_000))
        #expect(histogram.minimum == .microseconds(16_666) && histogram.maximum == .microseconds(50_000))
        #expect(histogram.mean == .microseconds(29_166))
    }

    /// Past the exact limit, a percentile is never below the nearest-rank value and at most 1/128 above it.
    @Test func bucketedPercentilesAreWithinTheBucketWidth() {
        var rng = SplitMix64(seed: 17)
        var histogram = FixedHistogram()
        var values: [Int64] = []
        for _ in 0..<20_000 {
            let value = Int64(rng.next() % 10_000_000)
            values.append(value)
            histogram.add(.microseconds(value))
        }
        #expect(histogram.exact == nil)
        let sorted = values.sorted()
        for percent in [1, 10, 50, 90, 99, 100] {
            let exact = sorted[LatencyStatistics.nearestRank(percent: percent, count: sorted.count) - 1]
            let found = (histogram.percentile(percent)?.nanoseconds ?? 0) / 1_000
            #expect(found >= exact && found <= exact + exact / 128 + 1, "p\(percent): \(found) vs \(exact)")
        }
    }

    /// Any split of the values into parts, merged in any order, gives the same histogram.
    @Test func mergingIsOrderFreeAndEqualsAddingEverything() throws {
        for seed in UInt64(0)..<40 {
            var rng = SplitMix64(seed: seed)
            let distinct = seed % 2 == 0 ? 50 : 5_000
            let values = (0..<3_000).map { _ in Int64(rng.next() % UInt64(distinct)) * 997 }
            var whole = FixedHistogram()
            for value in values { whole.add(.microseconds(value)) }
            var parts = Array(repeating: FixedHistogram(), count: 1 + Int(rng.next() % 6))
            for value in values { parts[Int(rng.next() % UInt64(parts.count))].add(.microseconds(value)) }
            parts.shuffle(using: &rng)
            var merged = FixedHistogram()
            for part in parts { try merged.merge(part) }
            #expect(merged == whole, "seed \(seed)")
            #expect((merged.exact != nil) == (distinct <= FixedHistogram.exactLimit), "seed \(seed)")
        }
    }

    /// Only the non-empty buckets are stored, however far from zero they lie: merged in any order,
    /// parts that start and end at other buckets give the histogram of all the values, and its
    /// stored form reads back equal.
    @Test func onlyTheNonEmptyBucketsAreStoredAndMergesGrowAtBothEnds() throws {
        for seed in UInt64(0)..<40 {
            var rng = SplitMix64(seed: seed)
            let values = (0..<500).map { _ in 4_000_000 + Int64(rng.next() % 2_000_000) }
            var whole = FixedHistogram()
            for value in values { whole.add(.microseconds(value)) }
            let lowest = FixedHistogram.bucket(ofMicroseconds: values.min() ?? 0)
            let highest = FixedHistogram.bucket(ofMicroseconds: values.max() ?? 0)
            #expect(
                whole.buckets.first?.key == Int64(lowest) && whole.buckets.last?.key == Int64(highest), "seed \(seed)")
            #expect(whole.buckets.allSatisfy { $0.count > 0 }, "seed \(seed)")
            var parts = Array(repeating: FixedHistogram(), count: 2 + Int(rng.next() % 5))
            for value in values { parts[Int(rng.next() % UInt64(parts.count))].add(.microseconds(value)) }
            parts.shuffle(using: &rng)
            var merged = FixedHistogram()
            for part in parts { try merged.merge(part) }
            #expect(merged == whole, "seed \(seed)")
            let stored = try #require(
                FixedHistogram(
                    buckets: whole.buckets, minimumMicroseconds: whole.minimumMicroseconds,
                    maximumMicroseconds: whole.maximumMicroseconds, sumMicroseconds: whole.sumMicroseconds,
                    exact: whole.exact))
            #expect(stored == whole, "seed \(seed)")
            #expect(stored.percentile(99) == whole.percentile(99), "seed \(seed)")
        }
        // 5 s to 5.1 s lies in buckets 2,072 to 2,075 (32.8 ms wide there): 4 counts are stored.
        var narrow = FixedHistogram()
        for value in stride(from: Int64(5_000_000), through: 5_100_000, by: 10_000) { narrow.add(.microseconds(value)) }
        #expect(narrow.buckets.map(\.key) == [2_072, 2_073, 2_074, 2_075])
    }

    /// A partial result's histogram with one value at each end of the range keeps two buckets,
    /// not the thousands between them (each cell of a 10,000-cell sweep read back took 59 KB).
    @Test func storedBucketsFarApartKeepOnlyTheirOwnCounts() throws {
        let largest = Int64.max / 1_000
        let top = FixedHistogram.bucket(ofMicroseconds: largest)
        #expect(top > 6_000)
        let fits = try #require(
            FixedHistogram(
                buckets: [.init(key: 0, count: 2), .init(key: Int64(top), count: 3)], minimumMicroseconds: 0,
                maximumMicroseconds: largest, sumMicroseconds: largest, exact: nil))
        #expect(fits.buckets.count == 2 && fits.total == 5)
        #expect(fits.percentile(50) == .microseconds(largest))
        var merged = fits
        try merged.merge(fits)
        #expect(merged.buckets.count == 2 && merged.total == 10)
    }

    /// Counts read from parts can be as large as `Int.max`: adding them up is checked, and the
    /// histogram is left as it was.
    @Test func mergingCountsPastIntMaxThrowsAndChangesNothing() throws {
        let huge = try #require(
            FixedHistogram(
                buckets: [.init(key: 5, count: Int.max - 1)], minimumMicroseconds: 5, maximumMicroseconds: 5,
                sumMicroseconds: Int64.max, exact: nil))
        var merged = huge
        #expect(throws: CountOverflow.self) { try merged.merge(huge) }
        #expect(merged == huge)
    }

    @Test func storedBucketsThatDoNotFitAreRejected() {
        #expect(
            FixedHistogram(
                buckets: [.init(key: 5, count: 1)], minimumMicroseconds: 5, maximumMicroseconds: 5, sumMicroseconds: 5,
                exact: [.init(key: 5, count: 1)]) != nil)
        #expect(
            FixedHistogram(
                buckets: [.init(key: 5, count: 1)], minimumMicroseconds: 6, maximumMicroseconds: 6, sumMicroseconds: 6,
                exact: nil) == nil, "the minimum is not in the first bucket")
        #expect(
            FixedHistogram(
                buckets: [.init(key: 5, count: 2)], minimumMicroseconds: 5, maximumMicroseconds: 5, sumMicroseconds: 10,
                exact: [.init(key: 5, count: 1)]) == nil, "exact counts disagree with the buckets")
        #expect(
            FixedHistogram(
                buckets: [.init(key: 7, count: 1), .init(key: 5, count: 1)], minimumMicroseconds: 5,
                maximumMicroseconds: 7, sumMicroseconds: 12, exact: nil) == nil, "buckets out of order")
    }

    /// A stored sum must fit its counts and ends: at least the minimum once and the maximum once
    /// and everything else at the minimum, at most the other way round (saturated at `Int64.max`
    /// as ``add(microseconds:count:)`` saturates), and with exact values exactly their sum. A
    /// hand-edited part with `"sumUs"` of `Int64.max` used to be read back and merged into a mean
    /// of 9,223,372,036,854 ms, far above its maximum (an adversarial round of issue #33).
    @Test(arguments: [
        StoredSum(min: 5, max: 5, count: 2, sum: 10, exact: true, fits: true),
        StoredSum(min: 5, max: 5, count: 2, sum: 11, exact: true, fits: false),
        StoredSum(min: 5, max: 5, count: 2, sum: 11, exact: false, fits: false),
        StoredSum(min: 5, max: 5, count: 2, sum: Int64.max, exact: false, fits: false),
        StoredSum(min: 16_666, max: 33_333, count: 3, sum: 16_666 * 2 + 33_333, exact: false, fits: true),
        StoredSum(min: 16_666, max: 33_333, count: 3, sum: 16_666 * 2 + 33_332, exact: false, fits: false),
        StoredSum(min: 16_666, max: 33_333, count: 3, sum: 33_333 * 2 + 16_666, exact: false, fits: true),
        StoredSum(min: 16_666, max: 33_333, count: 3, sum: 33_333 * 2 + 16_667, exact: false, fits: false),
    ])
    func aStoredSumOutsideItsCountsAndEndsIsRejected(_ example: StoredSum) {
        var source = FixedHistogram()
        source.add(.microseconds(example.min))
        source.add(.microseconds(example.max), count: example.count - 1)
        let stored = FixedHistogram(
            buckets: source.buckets, minimumMicroseconds: example.min, maximumMicroseconds: example.max,
            sumMicroseconds: example.sum, exact: example.exact ? source.exact : nil)
        #expect((stored != nil) == example.fits, "\(example)")
    }

    /// One stored histogram of ``aStoredSumOutsideItsCountsAndEndsIsRejected(_:)``: its minimum
    /// once, its maximum `count - 1` times, the stored sum, and whether it must be accepted.
    struct StoredSum: Sendable {
        let min: Int64
        let max: Int64
        let count: Int
        let sum: Int64
        let exact: Bool
        let fits: Bool
    }

    /// A sum that saturated when the values were added (it passed `Int64.max`) reads back.
    @Test func aSaturatedSumReadsBack() throws {
        let huge = try #require(
            FixedHistogram(
                buckets: [.init(key: 5, count: Int.max - 1)], minimumMicroseconds: 5, maximumMicroseconds: 5,
                sumMicroseconds: Int64.max, exact: nil))
        #expect(huge.sumMicroseconds == Int64.max)
    }
}
