import SimulationKernel

extension ReminderScheduler: StorageAdopting {
    /// Keeps this scheduler exactly, moving its item records, identifier index, window and
    /// bookkeeping lists into `old`'s storage where that has room (``StorageAdopting``): a
    /// simulator started again for another run registers its items in the room the last run grew,
    /// instead of growing every array again.
    ///
    /// - Complexity: O(*n*) for the *n* items and entries this scheduler holds, plus emptying `old`'s.
    public mutating func adoptStorage(of old: inout ReminderScheduler) {
        items.adoptStorage(of: &old.items)
        slots.adoptStorage(of: &old.slots)
        entries.adoptStorage(of: &old.entries)
        removals.adoptStorage(of: &old.removals)
        pendingMisses.adoptStorage(of: &old.pendingMisses)
        snoozes.adoptStorage(of: &old.snoozes)
        repeatRecords.adoptStorage(of: &old.repeatRecords)
    }
}
