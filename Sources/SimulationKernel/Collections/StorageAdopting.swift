/// A value whose collections can take over another value's storage, keeping their own contents.
///
/// A simulation started again for another run (`ScenarioSimulation.restart`) makes each part of
/// its state the fresh value it would be in a new world, and only then has it take over the
/// storage the last run grew, emptied and refilled:
///
/// ```swift
/// watch.restart(from: template)  // == template, in the old run's buffers
/// ```
///
/// A conforming type adopts the storage of each of its collections (and of each of its parts that
/// conforms) in ``adoptStorage(of:)``, and nothing else: every value comes from the fresh state,
/// so a field it leaves out keeps the fresh one's storage (a missed reuse), never the last run's
/// value.
public protocol StorageAdopting {
    /// Keeps this value exactly, moving its contents into the storage of `old` where that has room
    /// (emptied first), so that this value's later growth reuses it; `old` is left holding
    /// storage to be dropped.
    ///
    /// - Complexity: O(*n*) for the *n* elements this value holds, plus emptying `old`.
    mutating func adoptStorage(of old: inout Self)
}

extension StorageAdopting {
    /// Makes this value `template`, in the storage this value has grown (``adoptStorage(of:)``):
    /// afterwards it equals `template`, whatever it held before.
    ///
    /// The template is assigned first, and only then is the old storage taken over, emptied and
    /// refilled: nothing of the old value can be left over.
    ///
    /// - Complexity: O(*n*) for the *n* elements `template` holds, plus emptying this value.
    public mutating func restart(from template: Self) {
        var old = template
        swap(&self, &old)
        adoptStorage(of: &old)
    }
}

extension Array: StorageAdopting {
    /// Keeps these elements in `old`'s buffer, if it is another buffer with room for them.
    ///
    /// The places both arrays fill are overwritten in place (each of `old`'s elements is
    /// replaced by this array's, in one specialised loop, rather than all destroyed and then all
    /// copied element by element through the type's value witnesses); `old`'s extra elements
    /// are removed, or this array's extra ones appended.
    ///
    /// - Complexity: O(*n* + *m*) for these *n* elements and `old`'s *m*.
    ///
    /// `@inlinable` (with ``sharesBuffer(with:)``): unspecialised without it.
    @inlinable
    public mutating func adoptStorage(of old: inout [Element]) {
        guard old.capacity > 0, old.capacity >= count, !sharesBuffer(with: old) else { return }
        let shared = Swift.min(count, old.count)
        if shared > 0 {
            withUnsafeBufferPointer { source in
                old.withUnsafeMutableBufferPointer { target in
                    guard let from = source.baseAddress, let to = target.baseAddress else { return }
                    to.update(from: from, count: shared)
                }
            }
        }
        if old.count > shared {
            old.removeSubrange(shared...)
        } else if count > shared {
            old.append(contentsOf: self[shared...])
        }
        swap(&self, &old)
    }

    /// Whether `other` is this array's buffer (a copy not written to since).
    @inlinable
    func sharesBuffer(with other: [Element]) -> Bool {
        withUnsafeBufferPointer { mine in other.withUnsafeBufferPointer { $0.baseAddress == mine.baseAddress } }
    }
}

extension Dictionary: StorageAdopting {
    /// Takes over `old`'s storage, emptied, when this dictionary is empty (a dictionary that
    /// starts empty and fills as the run goes); a dictionary with entries keeps its own storage
    /// (shared with the template it was copied from, and copied on its first change), since
    /// hashing every entry again costs more than that copy.
    ///
    /// The order a dictionary lists its entries in may depend on its capacity: nothing the
    /// simulation outputs depends on it (it varies from process to process).
    ///
    /// - Complexity: O(*m*) for the *m* entries `old` holds.
    public mutating func adoptStorage(of old: inout [Key: Value]) {
        guard isEmpty, old.capacity > capacity else { return }
        if !old.isEmpty { old.removeAll(keepingCapacity: true) }
        swap(&self, &old)
    }
}

extension Set: StorageAdopting {
    /// Takes over `old`'s storage, emptied, when this set is empty (as a dictionary does).
    ///
    /// - Complexity: O(*m*) for the *m* members `old` holds.
    public mutating func adoptStorage(of old: inout Set<Element>) {
        guard isEmpty, old.capacity > capacity else { return }
        if !old.isEmpty { old.removeAll(keepingCapacity: true) }
        swap(&self, &old)
    }
}

extension Optional: StorageAdopting where Wrapped: StorageAdopting {
    /// Keeps this value in `old`'s storage when both hold one (`nil` stays `nil`).
    ///
    /// - Complexity: that of `Wrapped`'s ``StorageAdopting/adoptStorage(of:)``.
    public mutating func adoptStorage(of old: inout Wrapped?) {
        guard case .some = self, case .some = old, var mine = take(), var theirs = old.take() else { return }
        mine.adoptStorage(of: &theirs)
        self = mine
        old = theirs
    }
}
