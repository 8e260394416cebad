extension RandomAccessCollection {
    /// The index of the first element for which `belongsAfter` is true, in a collection where it
    /// is false for a prefix and true for the rest (`endIndex` when it is never true): a binary
    /// search.
    ///
    /// In a collection sorted by time, `partitionPoint { $0.at > time }` is the number of
    /// elements at or before `time`, and the element before it is the last of them:
    ///
    /// ```swift
    /// let times = [1, 3, 3, 7]
    /// times.partitionPoint { $0 > 3 }   // 3
    /// times.partitionPoint { $0 > 0 }   // 0
    /// times.partitionPoint { $0 > 9 }   // 4
    /// ```
    ///
    /// - Complexity: O(log *n*) calls of `belongsAfter`.
    ///
    /// `@inlinable`: unspecialised without it.
    @inlinable
    public func partitionPoint(_ belongsAfter: (Element) throws -> Bool) rethrows -> Index {
        var low = startIndex
        var count = self.count
        while count > 0 {
            let half = count / 2
            let middle = index(low, offsetBy: half)
            if try belongsAfter(self[middle]) {
                count = half
            } else {
                low = index(after: middle)
                count -= half + 1
            }
        }
        return low
    }
}
