import SimulationKernel

/// One ``SequenceGate`` per origin device: what a replica has let through from the watch and
/// from the phone.
///
/// Two stored gates instead of a dictionary keyed by device: reading or passing a gate is a
/// field access, not a hash lookup (a replica does it for every operation it makes or receives).
///
/// ```swift
/// var gates = SequenceGates()
/// gates[.phone].passLocal(1)
/// gates[.phone].passedThrough   // 1
/// ```
package struct SequenceGates: Hashable, Sendable {
    /// The gate of operations made on the watch.
    package var watch = SequenceGate()
    /// The gate of operations made on the phone.
    package var phone = SequenceGate()

    /// The gate of operations made on `origin`.
    ///
    /// - Complexity: O(1).
    package subscript(origin: LinkSide) -> SequenceGate {
        get { origin == .watch ? watch : phone }
        _modify {
            switch origin {
            case .watch: yield &watch
            case .phone: yield &phone
            }
        }
    }

    /// Admits `operation` at its origin's gate (``SequenceGate/admit(_:)``), reached directly:
    /// the subscript's accessor, with one yield per origin, is a call.
    ///
    /// - Complexity: that of ``SequenceGate/admit(_:)``.
    mutating func admit(_ operation: ListOperation) -> SequenceGate.Admission {
        switch operation.id.origin {
        case .watch: watch.admit(operation)
        case .phone: phone.admit(operation)
        }
    }

    /// Records that `origin` itself made its operation `sequence` (``SequenceGate/passLocal(_:)``).
    ///
    /// - Complexity: O(1).
    mutating func passLocal(_ sequence: Int, of origin: LinkSide) {
        switch origin {
        case .watch: watch.passLocal(sequence)
        case .phone: phone.passLocal(sequence)
        }
    }

    /// Operations held for a missing predecessor, from both origins.
    ///
    /// - Complexity: O(1).
    package var heldCount: Int { watch.held.count + phone.held.count }
}

extension SequenceGates: StorageAdopting {
    /// Keeps both gates in `old`'s storage (``StorageAdopting``).
    ///
    /// - Complexity: O(*h*) for the *h* operations held.
    package mutating func adoptStorage(of old: inout SequenceGates) {
        watch.adoptStorage(of: &old.watch)
        phone.adoptStorage(of: &old.phone)
    }
}
