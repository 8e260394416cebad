import SimulationKernel

extension PipelineSession {
    /// The effects a session recorded and has not handed over yet, oldest first.
    ///
    /// Its storage is reused, never emptied element by element: ``count`` marks the end of what
    /// is stored and `taken` how many of those were handed over. Once all are taken both go back
    /// to 0 and the next records overwrite the old slots, so recording and taking allocate
    /// nothing once the storage has grown. A driver that never takes everything (each hand-over
    /// sets off a new effect before the last is taken) does not make it grow with the run: when
    /// the storage is full and at least half of it was handed over, the untaken effects move to
    /// the front first, so the storage holds at most twice the most effects ever untaken at once,
    /// plus one (it grows only when ``count`` reaches it). An effect holds no reference, so a
    /// stale slot keeps nothing alive.
    ///
    /// ```swift
    /// var buffer = PipelineSession.EffectBuffer()
    /// buffer.record(.stepStarted(tap: 0, step: 0, at: .zero))
    /// buffer.take()   // .stepStarted(tap: 0, step: 0, at: .zero); the buffer is empty again
    /// ```
    struct EffectBuffer {
        private var storage: [PipelineEffect] = []
        /// How many effects are stored: the untaken ones and, before them, the ones taken since
        /// the buffer was last empty or compacted.
        private(set) var count = 0
        /// How many of the ``count`` recorded effects were handed over.
        private var taken = 0

        /// The number of effects recorded and not yet taken.
        ///
        /// - Complexity: O(1).
        var untaken: Int { count - taken }

        /// Records `effect` after the others.
        ///
        /// - Complexity: O(1), amortised (a compaction moves the untaken effects, at most half of
        ///   the storage, and frees at least half of it).
        mutating func record(_ effect: PipelineEffect) {
            if count == storage.count, taken > 0, taken >= count - taken { compact() }
            if count < storage.count {
                storage[count] = effect
            } else {
                storage.append(effect)
            }
            count += 1
        }

        /// The oldest effect not yet taken, or `nil` when all are taken. Taking the last one
        /// empties the buffer (its storage is kept).
        ///
        /// - Complexity: O(1).
        mutating func take() -> PipelineEffect? {
            guard taken < count else { return nil }
            let effect = storage[taken]
            taken += 1
            if taken == count {
                taken = 0
                count = 0
            }
            return effect
        }

        /// Moves the untaken effects to the front of the storage, so their slots and the taken
        /// ones' are reused before the storage grows.
        ///
        /// - Complexity: O(``untaken``).
        private mutating func compact() {
            for index in taken..<count { storage[index - taken] = storage[index] }
            count -= taken
            taken = 0
        }
    }
}

extension PipelineSession.EffectBuffer: StorageAdopting {
    /// Keeps this buffer in `old`'s storage (``StorageAdopting``).
    ///
    /// - Complexity: O(*n*) for the *n* slots held.
    mutating func adoptStorage(of old: inout PipelineSession.EffectBuffer) {
        storage.adoptStorage(of: &old.storage)
    }
}
