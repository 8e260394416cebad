import SimulationKernel

/// Counts of non-negative durations in fixed log-linear buckets, so that two histograms of
/// different runs merge by adding counts: merging is exact, associative and independent of
/// order, which is what lets a sharded sweep give the single-run result byte for byte.
///
/// Values are counted in whole microseconds. Below 256 µs every microsecond has its own bucket;
/// above, each power of two is split into 128 buckets (HdrHistogram's layout with 7 bits of
/// precision), so a bucket is at most 1/128 (0.8 %) of its values wide. The minimum, maximum
/// and sum are exact.
///
/// While the values take at most ``exactLimit`` distinct microsecond figures (frame-aligned
/// latencies take a handful), the histogram also keeps each distinct figure's count and its
/// percentiles are exact nearest-rank values. Beyond that it keeps buckets only, and a
/// percentile is the upper edge of the bucket holding the nearest-rank value (clamped to the
/// maximum): never below the true value, at most 0.8 % above it. Whether a histogram is exact
/// depends only on the multiset of its values, so merging stays associative and order-free.
///
/// ```swift
/// var histogram = FixedHistogram()
/// histogram.add(.milliseconds(33))
/// histogram.add(.milliseconds(35))
/// histogram.percentile(50)   // 33.023ms (the upper edge of 33 ms's bucket)
/// ```
public struct FixedHistogram: Hashable, Sendable {
    /// The index of the first bucket in ``counts``: the lowest non-empty bucket (0 when empty).
    private(set) var firstBucket = 0
    /// Counts of the buckets from ``firstBucket`` to the highest non-empty one (no empty bucket
    /// is stored before or after them): values that span a narrow range keep a short array,
    /// wherever the range lies.
    private(set) var counts: [Int] = []
    /// The number of values.
    public private(set) var total = 0
    /// The smallest value in whole microseconds (`Int64.max` when empty).
    public private(set) var minimumMicroseconds = Int64.max
    /// The largest value in whole microseconds (`-1` when empty).
    public private(set) var maximumMicroseconds: Int64 = -1
    /// The sum of the values in whole microseconds (saturating at `Int64.max`).
    public private(set) var sumMicroseconds: Int64 = 0
    /// Each distinct value (microseconds, ascending) and its count, while there are at most
    /// ``exactLimit`` of them; `nil` after.
    public private(set) var exact: [(microseconds: Int64, count: Int)]? = []

    /// The most distinct values kept exactly.
    public static let exactLimit = 1_024

    public static func == (lhs: FixedHistogram, rhs: FixedHistogram) -> Bool {
        lhs.firstBucket == rhs.firstBucket && lhs.counts == rhs.counts && lhs.total == rhs.total
            && lhs.minimumMicroseconds == rhs.minimumMicroseconds
            && lhs.maximumMicroseconds == rhs.maximumMicroseconds && lhs.sumMicroseconds == rhs.sumMicroseconds
            && lhs.exact?.map(\.microseconds) == rhs.exact?.map(\.microseconds)
            && lhs.exact?.map(\.count) == rhs.exact?.map(\.count)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(firstBucket)
        hasher.combine(counts)
        hasher.combine(total)
        hasher.combine(sumMicroseconds)
    }

    /// An empty histogram.
    public init() {}

    /// The bucket of `microseconds` (≥ 0).
    ///
    /// - Complexity: O(1).
    public static func bucket(ofMicroseconds microseconds: Int64) -> Int {
        let value = max(0, microseconds)
        if value < 256 { return Int(value) }
        let msb = 63 - value.leadingZeroBitCount
        let shift = msb - 7
        return 256 + (shift - 1) * 128 + Int(value >> Int64(shift)) - 128
    }

    /// The largest microsecond value in bucket `index`.
    public static func upperMicroseconds(ofBucket index: Int) -> Int64 {
        if index < 256 { return Int64(index) }
        let shift = (index - 256) / 128 + 1
        let top = Int64((index - 256) % 128 + 128)
        guard shift < 56 else { return Int64.max }
        return ((top + 1) << Int64(shift)) - 1
    }

    /// Counts `value` (negative values count as zero).
    ///
    /// - Complexity: amortised O(1).
    public mutating func add(_ value: SimDuration) {
        add(value, count: 1)
    }

    /// Counts `value` `count` times (what as many ``add(_:)`` calls count).
    ///
    /// - Complexity: amortised O(1).
    mutating func add(_ value: SimDuration, count: Int) {
        add(microseconds: max(0, value.nanoseconds / 1_000), count: count)
    }

    /// Counts `count` values of `microseconds`.
    ///
    /// - Complexity: amortised O(1); O(*b*) when the value falls below the lowest stored bucket,
    ///   for *b* buckets (at most ``bucketLimit``).
    mutating func add(microseconds: Int64, count: Int) {
        guard count > 0 else { return }
        add(count, toBucket: FixedHistogram.bucket(ofMicroseconds: microseconds))
        total += count
        sumMicroseconds = FixedHistogram.saturatingSum(
            sumMicroseconds, microseconds.multipliedReportingOverflow(by: Int64(count)))
        if var values = exact {
            exact = nil
            FixedHistogram.insert(microseconds, count: count, into: &values)
            exact = values.count <= FixedHistogram.exactLimit ? values : nil
        }
        minimumMicroseconds = min(minimumMicroseconds, microseconds)
        maximumMicroseconds = max(maximumMicroseconds, microseconds)
    }

    /// Adds `count` to bucket `index`, storing the buckets up to it first if it lies outside the
    /// stored ones.
    ///
    /// - Complexity: amortised O(1) above the lowest stored bucket; O(*b*) below it.
    private mutating func add(_ count: Int, toBucket index: Int) {
        if counts.isEmpty {
            firstBucket = index
            counts = [count]
            return
        }
        if index < firstBucket {
            counts.insert(contentsOf: repeatElement(0, count: firstBucket - index), at: 0)
            firstBucket = index
        } else if index >= firstBucket + counts.count {
            counts.append(contentsOf: repeatElement(0, count: index - firstBucket - counts.count + 1))
        }
        counts[index - firstBucket] += count
    }

    /// Adds every count of `other`.
    ///
    /// - Complexity: O(buckets).
    public mutating func merge(_ other: FixedHistogram) {
        guard other.total > 0 else { return }
        // The lower and the upper end first, so that the array grows at most once at each end.
        add(0, toBucket: other.firstBucket)
        add(0, toBucket: other.firstBucket + other.counts.count - 1)
        for (offset, count) in other.counts.enumerated() where count > 0 {
            counts[other.firstBucket + offset - firstBucket] += count
        }
        total += other.total
        sumMicroseconds = FixedHistogram.saturatingSum(sumMicroseconds, (other.sumMicroseconds, false))
        if var values = exact, let others = other.exact {
            exact = nil
            for value in others { FixedHistogram.insert(value.microseconds, count: value.count, into: &values) }
            exact = values.count <= FixedHistogram.exactLimit ? values : nil
        } else {
            exact = nil
        }
        minimumMicroseconds = min(minimumMicroseconds, other.minimumMicroseconds)
        maximumMicroseconds = max(maximumMicroseconds, other.maximumMicroseconds)
    }

    /// The nearest-rank `percent`-th percentile (see the type's discussion), or `nil` when empty.
    ///
    /// - Complexity: O(buckets).
    public func percentile(_ percent: Int) -> SimDuration? {
        guard total > 0 else { return nil }
        let rank = LatencyStatisticsRank.nearest(percent: min(100, max(1, percent)), count: total)
        var seen = 0
        if let exact {
            for value in exact {
                seen += value.count
                if seen >= rank { return .microseconds(value.microseconds) }
            }
            return maximum
        }
        for (offset, count) in counts.enumerated() {
            seen += count
            if seen >= rank {
                let upper = min(
                    FixedHistogram.upperMicroseconds(ofBucket: firstBucket + offset), maximumMicroseconds)
                return .microseconds(max(upper, minimumMicroseconds))
            }
        }
        return maximum
    }

    /// Adds `count` to `microseconds`'s entry of the ascending `values`.
    ///
    /// - Complexity: O(log *d*) to find, O(*d*) to insert a new value among *d*.
    private static func insert(
        _ microseconds: Int64, count: Int, into values: inout [(microseconds: Int64, count: Int)]
    ) {
        let low = values.partitionPoint { $0.microseconds >= microseconds }
        if low < values.count, values[low].microseconds == microseconds {
            values[low].count += count
        } else {
            values.insert((microseconds, count), at: low)
        }
    }

    private static func saturatingSum(_ sum: Int64, _ addend: (partialValue: Int64, overflow: Bool)) -> Int64 {
        guard !addend.overflow else { return Int64.max }
        let (result, overflow) = sum.addingReportingOverflow(addend.partialValue)
        return overflow ? Int64.max : result
    }

    /// The mean (rounded down to the microsecond), or `nil` when empty.
    public var mean: SimDuration? {
        total > 0 ? .microseconds(min(sumMicroseconds / Int64(total), Int64.max / 1_000)) : nil
    }

    /// The sum of the values (saturating), zero when empty.
    public var sum: SimDuration { .microseconds(min(sumMicroseconds, Int64.max / 1_000)) }

    /// The exact smallest value, or `nil` when empty.
    public var minimum: SimDuration? { total > 0 ? .microseconds(minimumMicroseconds) : nil }
    /// The exact largest value, or `nil` when empty.
    public var maximum: SimDuration? { total > 0 ? .microseconds(maximumMicroseconds) : nil }

    /// The non-empty buckets as `(index, count)` pairs, ascending: the stored form in partial results.
    public var nonEmptyBuckets: [(index: Int, count: Int)] {
        counts.enumerated().compactMap { $0.element > 0 ? (firstBucket + $0.offset, $0.element) : nil }
    }

    /// A histogram from stored buckets and its exact extremes (a partial result read back).
    ///
    /// - Returns: `nil` when the buckets are not ascending, a count is not positive, an index is out
    ///   of range, or the extremes do not fall in the first and last buckets.
    public init?(
        buckets: [(index: Int, count: Int)], minimumMicroseconds: Int64, maximumMicroseconds: Int64,
        sumMicroseconds: Int64, exact: [(microseconds: Int64, count: Int)]?
    ) {
        guard let first = buckets.first, let last = buckets.last else {
            return nil
        }
        var previous = -1
        var total = 0
        for bucket in buckets {
            guard bucket.index > previous, bucket.index < FixedHistogram.bucketLimit, bucket.count > 0 else {
                return nil
            }
            let (sum, overflow) = total.addingReportingOverflow(bucket.count)
            guard !overflow else { return nil }
            total = sum
            previous = bucket.index
        }
        guard minimumMicroseconds >= 0, minimumMicroseconds <= maximumMicroseconds,
            maximumMicroseconds <= Int64.max / 1_000,
            FixedHistogram.bucket(ofMicroseconds: minimumMicroseconds) == first.index,
            FixedHistogram.bucket(ofMicroseconds: maximumMicroseconds) == last.index
        else { return nil }
        var counts = Array(repeating: 0, count: last.index - first.index + 1)
        for bucket in buckets { counts[bucket.index - first.index] = bucket.count }
        self.firstBucket = first.index
        self.counts = counts
        self.total = total
        self.minimumMicroseconds = minimumMicroseconds
        self.maximumMicroseconds = maximumMicroseconds
        guard sumMicroseconds >= 0 else { return nil }
        self.sumMicroseconds = sumMicroseconds
        if let exact {
            // The exact values must be ascending, at most the limit, and give exactly the buckets.
            guard exact.count <= FixedHistogram.exactLimit,
                zip(exact, exact.dropFirst()).allSatisfy({ $0.microseconds < $1.microseconds }),
                exact.first?.microseconds == minimumMicroseconds, exact.last?.microseconds == maximumMicroseconds
            else { return nil }
            var rebuilt = Array(repeating: 0, count: counts.count)
            for value in exact {
                guard value.count > 0 else { return nil }
                let index = FixedHistogram.bucket(ofMicroseconds: value.microseconds) - first.index
                guard index >= 0, index < rebuilt.count else { return nil }
                rebuilt[index] += value.count
            }
            guard rebuilt == counts else { return nil }
        }
        self.exact = exact
    }

    /// One past the largest bucket index any `Int64` microsecond value reaches.
    public static let bucketLimit = bucket(ofMicroseconds: Int64.max) + 1
}

/// The nearest-rank formula shared with ``LatencyStatistics`` (without needing the sorted values).
enum LatencyStatisticsRank {
    static func nearest(percent: Int, count: Int) -> Int {
        let (product, overflow) = percent.multipliedReportingOverflow(by: count)
        if overflow { return max(1, count / 100 * percent) }
        return max(1, (product + 99) / 100)
    }
}
