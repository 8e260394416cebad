import CompanionModel
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
package struct FixedHistogram: Equatable, Sendable {
    /// A key counted `count` times: a bucket index in ``buckets``, a value in microseconds in
    /// ``exact``. Both lists are ascending by key and hold no zero count, so one routine inserts
    /// into either and one merges two of either.
    package struct Entry: Equatable, Sendable {
        package var key: Int64
        package var count: Int
    }

    /// The non-empty buckets, ascending by index (no empty bucket is stored; the stored form in
    /// partial results): a histogram costs memory for the buckets its values fall in, however
    /// far apart they lie, so a partial result read back allocates no more than it lists.
    package private(set) var buckets: [Entry] = []
    /// The number of values.
    package private(set) var total = 0
    /// The smallest value in whole microseconds (`Int64.max` when empty).
    package private(set) var minimumMicroseconds = Int64.max
    /// The largest value in whole microseconds (`-1` when empty).
    package private(set) var maximumMicroseconds: Int64 = -1
    /// The sum of the values in whole microseconds (saturating at `Int64.max`).
    package private(set) var sumMicroseconds: Int64 = 0
    /// Each distinct value (microseconds, ascending) and its count, while there are at most
    /// ``exactLimit`` of them; `nil` after.
    package private(set) var exact: [Entry]? = []

    /// The most distinct values kept exactly.
    package static let exactLimit = 1_024

    /// An empty histogram.
    package init() {}

    /// The bucket of `microseconds` (≥ 0).
    ///
    /// - Complexity: O(1).
    package static func bucket(ofMicroseconds microseconds: Int64) -> Int {
        let value = max(0, microseconds)
        if value < 256 { return Int(value) }
        let msb = 63 - value.leadingZeroBitCount
        let shift = msb - 7
        return 256 + (shift - 1) * 128 + Int(value >> Int64(shift)) - 128
    }

    /// The largest microsecond value in bucket `index`.
    package static func upperMicroseconds(ofBucket index: Int) -> Int64 {
        if index < 256 { return Int64(index) }
        let shift = (index - 256) / 128 + 1
        let top = Int64((index - 256) % 128 + 128)
        guard shift < 56 else { return Int64.max }
        return ((top + 1) << Int64(shift)) - 1
    }

    /// Counts `value` `count` times (negative values count as zero).
    ///
    /// - Complexity: O(log *b*) for *b* non-empty buckets; O(*b*) when it opens a bucket; plus
    ///   O(*d*) when the value is new among *d* exact values.
    package mutating func add(_ value: SimDuration, count: Int = 1) {
        let microseconds = max(0, value.nanoseconds / 1_000)
        guard count > 0 else { return }
        FixedHistogram.insert(Int64(FixedHistogram.bucket(ofMicroseconds: microseconds)), count: count, into: &buckets)
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

    /// Adds every count of `other`.
    ///
    /// - Throws: ``CountOverflow`` when a count would pass `Int.max` (only counts read from
    ///   partial results can be that large); the histogram is then unchanged.
    /// - Complexity: O(*b* + *b'*) for the non-empty buckets of both.
    package mutating func merge(_ other: FixedHistogram) throws(CountOverflow) {
        guard other.total > 0 else { return }
        let total = try CountOverflow.adding(self.total, other.total)
        let merged = try FixedHistogram.merged(buckets, other.buckets)
        var mergedExact: [Entry]?
        if let values = exact, let others = other.exact {
            mergedExact = try FixedHistogram.merged(values, others, limit: FixedHistogram.exactLimit)
        }
        buckets = merged ?? []
        self.total = total
        sumMicroseconds = FixedHistogram.saturatingSum(sumMicroseconds, (other.sumMicroseconds, false))
        exact = mergedExact
        minimumMicroseconds = min(minimumMicroseconds, other.minimumMicroseconds)
        maximumMicroseconds = max(maximumMicroseconds, other.maximumMicroseconds)
    }

    /// The nearest-rank `percent`-th percentile (see the type's discussion), or `nil` when empty.
    ///
    /// - Complexity: O(buckets).
    package func percentile(_ percent: Int) -> SimDuration? {
        guard total > 0 else { return nil }
        let clamped = min(100, max(1, percent))
        // `percent × total` overflows only for counts read from partial results: ranked per hundred then.
        let rank =
            clamped.multipliedReportingOverflow(by: total).overflow
            ? max(1, total / 100 * clamped) : LatencyStatistics.nearestRank(percent: clamped, count: total)
        var seen = 0
        // One walk over the exact values when kept, else over the buckets (each its upper edge).
        for entry in exact ?? buckets {
            seen += entry.count
            guard seen >= rank else { continue }
            guard exact == nil else { return .microseconds(entry.key) }
            let upper = min(FixedHistogram.upperMicroseconds(ofBucket: Int(entry.key)), maximumMicroseconds)
            return .microseconds(max(upper, minimumMicroseconds))
        }
        return maximum
    }

    /// Adds `count` to `key`'s entry of the ascending `entries`.
    ///
    /// - Complexity: O(log *d*) to find, O(*d*) to insert a new key among *d*.
    private static func insert(_ key: Int64, count: Int, into entries: inout [Entry]) {
        let low = entries.partitionPoint { $0.key >= key }
        if low < entries.count, entries[low].key == key {
            entries[low].count += count
        } else {
            entries.insert(Entry(key: key, count: count), at: low)
        }
    }

    /// The ascending entries of both ascending arrays, the counts of one key added (checked);
    /// `nil` once there are more than `limit`.
    ///
    /// - Complexity: O(*n* + *n'*).
    private static func merged(_ lhs: [Entry], _ rhs: [Entry], limit: Int = .max) throws(CountOverflow) -> [Entry]? {
        var entries: [Entry] = []
        entries.reserveCapacity(min(limit, lhs.count + rhs.count))
        var (left, right) = (0, 0)
        while left < lhs.count || right < rhs.count {
            if right == rhs.count || (left < lhs.count && lhs[left].key < rhs[right].key) {
                entries.append(lhs[left])
                left += 1
            } else if left == lhs.count || rhs[right].key < lhs[left].key {
                entries.append(rhs[right])
                right += 1
            } else {
                entries.append(
                    Entry(key: lhs[left].key, count: try CountOverflow.adding(lhs[left].count, rhs[right].count)))
                left += 1
                right += 1
            }
            if entries.count > limit { return nil }
        }
        return entries
    }

    private static func saturatingSum(_ sum: Int64, _ addend: (partialValue: Int64, overflow: Bool)) -> Int64 {
        guard !addend.overflow else { return Int64.max }
        let (result, overflow) = sum.addingReportingOverflow(addend.partialValue)
        return overflow ? Int64.max : result
    }

    /// The mean (rounded down to the microsecond), or `nil` when empty.
    package var mean: SimDuration? {
        total > 0 ? .microseconds(min(sumMicroseconds / Int64(total), Int64.max / 1_000)) : nil
    }

    /// The sum of the values (saturating), zero when empty.
    package var sum: SimDuration { .microseconds(min(sumMicroseconds, Int64.max / 1_000)) }

    /// The exact smallest value, or `nil` when empty.
    package var minimum: SimDuration? { total > 0 ? .microseconds(minimumMicroseconds) : nil }
    /// The exact largest value, or `nil` when empty.
    package var maximum: SimDuration? { total > 0 ? .microseconds(maximumMicroseconds) : nil }

    /// A histogram from stored buckets and its exact extremes (a partial result read back).
    ///
    /// - Returns: `nil` when the buckets are not ascending, a count is not positive, an index is out
    ///   of range, or the extremes do not fall in the first and last buckets.
    package init?(
        buckets: [Entry], minimumMicroseconds: Int64, maximumMicroseconds: Int64, sumMicroseconds: Int64,
        exact: [Entry]?
    ) {
        guard let first = buckets.first, let last = buckets.last, first.key >= 0,
            last.key < FixedHistogram.bucketLimit,
            zip(buckets, buckets.dropFirst()).allSatisfy({ $0.key < $1.key })
        else { return nil }
        var total = 0
        for bucket in buckets {
            guard bucket.count > 0, let sum = try? CountOverflow.adding(total, bucket.count) else { return nil }
            total = sum
        }
        guard minimumMicroseconds >= 0, minimumMicroseconds <= maximumMicroseconds,
            maximumMicroseconds <= Int64.max / 1_000,
            FixedHistogram.bucket(ofMicroseconds: minimumMicroseconds) == first.key,
            FixedHistogram.bucket(ofMicroseconds: maximumMicroseconds) == last.key
        else { return nil }
        // The sum lies between the minimum once, the maximum once and the rest at the minimum,
        // and the other way round, each saturated as `add` saturates.
        func saturated(_ value: Int64, times count: Int, plus addend: Int64) -> Int64 {
            FixedHistogram.saturatingSum(addend, value.multipliedReportingOverflow(by: Int64(count - 1)))
        }
        guard saturated(minimumMicroseconds, times: total, plus: maximumMicroseconds) <= sumMicroseconds,
            sumMicroseconds <= saturated(maximumMicroseconds, times: total, plus: minimumMicroseconds)
        else { return nil }
        self.buckets = buckets
        self.total = total
        self.minimumMicroseconds = minimumMicroseconds
        self.maximumMicroseconds = maximumMicroseconds
        self.sumMicroseconds = sumMicroseconds
        self.exact = exact
        guard let exact else { return }
        // The exact values must be ascending, at most the limit, and add up to exactly this histogram.
        guard exact.count <= FixedHistogram.exactLimit,
            zip(exact, exact.dropFirst()).allSatisfy({ $0.key < $1.key }),
            exact.first?.key == minimumMicroseconds, exact.last?.key == maximumMicroseconds
        else { return nil }
        var rebuilt = FixedHistogram()
        for value in exact {
            guard value.count > 0, value.count <= total - rebuilt.total else { return nil }
            rebuilt.add(.microseconds(value.key), count: value.count)
        }
        guard rebuilt == self else { return nil }
    }

    /// One past the largest bucket index any `Int64` microsecond value reaches.
    package static let bucketLimit = bucket(ofMicroseconds: Int64.max) + 1
}
