import SimulationKernel

/// Where one item of the list stands.
package enum ItemState: Hashable, Sendable {
    /// Still to pick up.
    case remaining
    /// Checked off at the given time.
    case checked(at: SimTime)

    /// Whether the item still has to be picked up.
    package var isRemaining: Bool {
        if case .remaining = self { return true }
        return false
    }
}
