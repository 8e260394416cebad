/// The pending occurrences of one event that carries nothing (a timer always handled the same
/// way), held by its simulation beside an ``EventLoop`` instead of in its queue: only each
/// occurrence's time and sequence, in `(time, sequence)` order.
///
/// Each occurrence is admitted by the loop (``EventLoop/admitHeldEvent(at:)``: the loop's own
/// sequence counter and event limit), and taken when the loop agrees it is the next event due
/// (``EventLoop/takesHeldEvent(_:notAfter:)``), so these events and the queue's keep exactly the
/// order one queue would give them, with none of the queue's work (no event to store, move or
/// destroy, no heap).
///
/// ```swift
/// var wakes = HeldEvents()
/// if let key = loop.admitHeldEvent(at: time) { wakes.insert(key) }
/// if let wake = wakes.first, loop.takesHeldEvent(wake, notAfter: limit) {
///     wakes.removeFirst()
///     // handle the wake at loop.now
/// }
/// ```
///
/// Usually at most one occurrence is pending: it is held inline, and the rest (rare) in an array.
public struct HeldEvents: Sendable {
    /// An occurrence's time and sequence.
    public typealias Key = (time: SimTime, sequence: UInt64)

    /// The earliest pending occurrence.
    @usableFromInline var head: Key?
    /// The others, in order (each after ``head``).
    @usableFromInline var later: [Key] = []

    /// No occurrence pending.
    @inlinable
    public init() {}

    /// The earliest pending occurrence, if any.
    @inlinable
    public var first: Key? { head }

    /// The number of pending occurrences.
    @inlinable
    public var count: Int { head == nil ? 0 : 1 + later.count }

    /// Adds an occurrence just admitted by the loop: its sequence is later than every pending
    /// one's, so it goes after every occurrence at or before its time.
    ///
    /// - Complexity: O(1) when nothing else is pending or it comes after everything pending;
    ///   otherwise O(*n*) for *n* pending.
    @inlinable
    public mutating func insert(_ key: Key) {
        guard let held = head else {
            head = key
            return
        }
        if key.time < held.time {
            later.insert(held, at: 0)
            head = key
            return
        }
        var index = later.count
        while index > 0, key.time < later[index &- 1].time { index &-= 1 }
        later.insert(key, at: index)
    }

    /// Removes the earliest pending occurrence (nothing when none is pending).
    ///
    /// - Complexity: O(1) when at most one is pending, else O(*n*).
    @inlinable
    public mutating func removeFirst() {
        head = later.isEmpty ? nil : later.removeFirst()
    }

    /// Removes every pending occurrence (keeping the array's capacity).
    ///
    /// - Complexity: O(*n*) for *n* pending.
    @inlinable
    public mutating func removeAll() {
        head = nil
        later.removeAll(keepingCapacity: true)
    }
}
