import SimulationKernel

/// Lets the other device's operations through exactly once and in their origin's order.
///
/// The next expected operation passes at once; the held successors it unblocks then come out one
/// by one from ``releaseNext()``; a later one is held until its predecessors arrive; one already
/// let through is a duplicate.
///
/// ```swift
/// var gate = SequenceGate()
/// gate.admit(op2)     // .held(waitingFor: 1)
/// gate.admit(op1)     // .pass
/// gate.releaseNext()  // op2
/// gate.releaseNext()  // nil
/// gate.admit(op1)     // .duplicate
/// ```
package struct SequenceGate: Hashable, Sendable {
    /// What the gate does with an arriving operation.
    package enum Admission: Hashable, Sendable {
        /// Apply the operation now, then each held successor ``releaseNext()`` hands out.
        case pass
        /// Already let through, or already held: ignore it.
        case duplicate
        /// Kept until operation `waitingFor` of the same origin arrives.
        case held(waitingFor: Int)
    }

    /// The sequence number of the last operation let through (0: none).
    package private(set) var passedThrough = 0
    /// Operations that arrived ahead of a missing predecessor, by sequence number.
    package private(set) var held: [Int: ListOperation] = [:]

    /// A gate expecting operation 1.
    package init() {}

    /// Admits `operation`.
    ///
    /// - Complexity: O(1); no allocation unless the operation is held.
    package mutating func admit(_ operation: ListOperation) -> Admission {
        let sequence = operation.id.sequence
        if sequence <= passedThrough || (!held.isEmpty && held[sequence] != nil) { return .duplicate }
        guard sequence == passedThrough + 1 else {
            held[sequence] = operation
            return .held(waitingFor: passedThrough + 1)
        }
        passedThrough = sequence
        return .pass
    }

    /// Lets through the held operation that follows the last one let through, if it is here.
    ///
    /// - Complexity: O(1).
    package mutating func releaseNext() -> ListOperation? {
        guard !held.isEmpty, let next = held.removeValue(forKey: passedThrough + 1) else { return nil }
        passedThrough += 1
        return next
    }
}

extension SequenceGate: StorageAdopting {
    /// Keeps this gate in `old`'s storage for held operations (``StorageAdopting``).
    ///
    /// - Complexity: O(*h*) for the *h* operations held.
    package mutating func adoptStorage(of old: inout SequenceGate) {
        held.adoptStorage(of: &old.held)
    }
}
