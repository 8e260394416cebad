/// One invariant an explore run broke: what kind of failure it is, and the message `wristsim
/// run` prints for it.
///
/// The check that finds a failure names its kind; shrinking keeps a reproduction only while it
/// still breaks an invariant of the same kind, never by reading the message's wording.
///
/// ```swift
/// let finding = ExploreFinding(.pendingOverLimit, "reminders: pending 65 notifications at once; …")
/// "\(finding)"   // the message
/// ```
package struct ExploreFinding: Hashable, Sendable, CustomStringConvertible {
    /// Which invariant a failure breaks.
    package enum Kind: Hashable, Sendable {
        /// One of the world's own end-of-run invariants (``RunInvariant``).
        case world(RunInvariant)
        /// More than 64 notifications pending at once.
        case pendingOverLimit
        /// An item notification's badge differs from the overdue count the app knew at its last
        /// refill.
        case badge
        /// A channel delivered a message after one sent later (first deliveries, per direction).
        case linkOrder
    }

    /// What kind of failure it is.
    package var kind: Kind
    /// What was found, as `wristsim run` prints it.
    package var message: String

    /// A failure of kind `kind`, described by `message`.
    package init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// A failure of one of the world's invariants.
    package init(_ failure: InvariantFailure) {
        self.init(.world(failure.invariant), failure.message)
    }

    /// ``message``.
    package var description: String { message }
}
