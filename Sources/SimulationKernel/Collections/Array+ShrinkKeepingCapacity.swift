extension Array {
    /// Removes the elements from index `count` on (all of them by default), one at a time from
    /// the end, keeping the capacity for reuse.
    ///
    /// The simulation's reused buffers (the world's effect stack, the link's and the pipeline's
    /// scratch buffers) empty themselves after every event. `removeAll(keepingCapacity:)` and
    /// `removeLast(_:)` take the general range-replacing path, which costs more than the few
    /// elements such a buffer holds; removing them one by one does not.
    ///
    /// - Complexity: O(*k*) for the *k* elements removed.
    public mutating func shrinkKeepingCapacity(to count: Int = 0) {
        while self.count > count { removeLast() }
    }
}
