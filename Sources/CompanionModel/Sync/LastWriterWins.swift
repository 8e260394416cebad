/// One field of an item, with the version of the edit that set it: a newer version replaces the
/// value, an older or equal one changes nothing.
///
/// Merging is commutative, associative and idempotent, so two devices that merge the same edits
/// in any order, any number of times, hold the same value.
package struct LastWriterWins<Value: Hashable & Sendable>: Hashable, Sendable {
    /// The current value.
    package private(set) var value: Value
    /// The version of the edit that set it.
    package private(set) var version: SyncVersion

    /// A field holding `value` as of `version`.
    package init(_ value: Value, version: SyncVersion) {
        self.value = value
        self.version = version
    }

    /// Takes `value` if `version` is newer than the current one.
    ///
    /// - Returns: whether the write won (it may still leave the same value).
    /// - Complexity: O(1).
    @discardableResult
    package mutating func merge(_ value: Value, at version: SyncVersion) -> Bool {
        guard version > self.version else { return false }
        self.value = value
        self.version = version
        return true
    }
}
