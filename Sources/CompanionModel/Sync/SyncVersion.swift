/// When an edit was made, as both devices agree to order it: a Lamport counter and the device
/// that made the edit.
///
/// Versions are totally ordered: the larger counter is newer; on equal counters the **watch**
/// wins (the shopper in the store holds the item). Every edit a device makes gets a counter one
/// larger than any it has made or received, so an edit made after seeing another is always
/// newer than it, and two different edits never share a version.
///
/// ```swift
/// SyncVersion(counter: 3, device: .phone) < SyncVersion(counter: 3, device: .watch)  // true
/// ```
package struct SyncVersion: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The Lamport counter: 0 for the list as both devices loaded it, then 1, 2, …
    package var counter: Int
    /// The device that made the edit (the tiebreak).
    package var device: LinkSide

    /// The version of the list as loaded on both devices before any edit.
    package static let initial = SyncVersion(counter: 0, device: .phone)

    /// The tiebreak rank: the watch outranks the phone.
    var rank: Int { device == .watch ? 1 : 0 }

    /// Newer counter first; on a tie the watch is newer.
    package static func < (lhs: SyncVersion, rhs: SyncVersion) -> Bool {
        (lhs.counter, lhs.rank) < (rhs.counter, rhs.rank)
    }

    /// `"7@watch"`.
    package var description: String { "\(counter)@\(device.name)" }
}
