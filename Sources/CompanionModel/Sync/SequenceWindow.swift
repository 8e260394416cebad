import SimulationKernel

/// Values kept by sequence number, for one device's own operations in flight: slots indexed
/// by sequence from the oldest one still kept, so that keeping, finding and dropping one is an
/// array access, not a hash.
///
/// A device numbers its operations 1, 2, 3, … and usually drops them in about that order (each
/// is acknowledged soon after it is made), so the window stays short: dropping its first
/// values moves its start forward, and the slots before the start are given back once they are
/// at least half of the window. An operation that is never dropped (one the link refused for
/// good) holds the start back; the window then spans from it to the newest (one slot per
/// operation made since).
///
/// ```swift
/// var window = SequenceWindow<String>()
/// window[1] = "a"; window[2] = "b"
/// window[1] = nil
/// window.values   // ["b"]
/// ```
package struct SequenceWindow<Value: Sendable>: Sendable {
    /// The values from sequence `base` on (`nil`: none kept for that sequence).
    private var slots: [Value?] = []
    /// The sequence number of `slots[0]`.
    private var base = 1
    /// The index of the first slot that may hold a value (every slot before it is empty).
    private var start = 0
    /// The number of values kept.
    package private(set) var count = 0

    /// An empty window.
    package init() {}

    /// Whether no value is kept.
    package var isEmpty: Bool { count == 0 }

    /// The value kept for `sequence` (`nil`: none); setting `nil` drops it.
    ///
    /// - Complexity: O(1) to read or to drop (amortised); O(1) amortised to keep a value for a
    ///   sequence at or after the window's start, O(*w*) in the window's length for one before it.
    package subscript(sequence: Int) -> Value? {
        get {
            let index = sequence - base
            guard index >= start, index < slots.count else { return nil }
            return slots[index]
        }
        set {
            if let newValue { keep(newValue, for: sequence) } else { drop(sequence) }
        }
    }

    /// Whether a value is kept for `sequence`, asked without copying the value out.
    ///
    /// - Complexity: O(1).
    package func contains(_ sequence: Int) -> Bool {
        let index = sequence - base
        guard index >= start, index < slots.count, case .some = slots[index] else { return false }
        return true
    }

    /// The values in sequence order.
    ///
    /// - Complexity: O(*w*) in the window's length.
    package var values: [Value] { slots[start...].compactMap { $0 } }

    /// The kept values as a dictionary by sequence number.
    ///
    /// - Complexity: O(*w*) in the window's length.
    package var dictionary: [Int: Value] {
        var result: [Int: Value] = [:]
        for index in start..<slots.count { if let value = slots[index] { result[index + base] = value } }
        return result
    }

    private mutating func keep(_ value: Value, for sequence: Int) {
        if count == 0 {
            // Every slot is empty: the window restarts at `sequence`, in the slots it has.
            base = sequence
            start = 0
        } else if sequence < base + start {
            // Before the start (not the usual order): open slots in front.
            let missing = base + start - sequence
            if missing > start {
                slots.insert(contentsOf: repeatElement(nil, count: missing - start), at: 0)
                base -= missing - start
                start = 0
            } else {
                start -= missing
            }
        }
        let index = sequence - base
        while slots.count <= index { slots.append(nil) }
        if case .none = slots[index] { count += 1 }
        slots[index] = value
    }

    private mutating func drop(_ sequence: Int) {
        let index = sequence - base
        guard index >= start, index < slots.count, case .some = slots[index] else { return }
        slots[index] = nil
        count -= 1
        guard index == start else { return }
        while start < slots.count, case .none = slots[start] { start += 1 }
        if start >= 32, start * 2 >= slots.count {
            slots.removeFirst(start)
            base += start
            start = 0
        }
    }
}

extension SequenceWindow: StorageAdopting {
    /// Keeps this window in `old`'s slots (``StorageAdopting``).
    ///
    /// - Complexity: O(*w*) for the *w* slots this window holds.
    package mutating func adoptStorage(of old: inout SequenceWindow<Value>) {
        slots.adoptStorage(of: &old.slots)
    }
}
