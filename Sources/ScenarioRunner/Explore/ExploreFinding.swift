/// One invariant an explore run broke: which one (the invariants every run checks, ``RunInvariant``:
/// one list, so `wristsim run` breaks the same ones on the reproduction), and the message `wristsim
/// run` prints for it.
///
/// The check that finds a failure names its invariant; shrinking keeps a reproduction only while
/// it still breaks the same invariant, never by reading the message's wording.
///
/// ```swift
/// let finding = ExploreFinding(.pendingLimit, "reminders: pending 65 notifications at once; …")
/// "\(finding)"   // the message
/// ```
package struct ExploreFinding: Hashable, Sendable, CustomStringConvertible {
    /// The invariant broken.
    package var kind: RunInvariant
    /// What was found, as `wristsim run` prints it.
    package var message: String

    /// A failure of invariant `kind`, described by `message`.
    package init(_ kind: RunInvariant, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// A failure as a run reports it.
    package init(_ failure: InvariantFailure) {
        self.init(failure.invariant, failure.message)
    }

    /// ``message``.
    package var description: String { message }
}
