/// One end-of-run invariant a run broke: which one (``RunInvariant``), and the evidence.
///
/// The feature that checks an invariant says which one it broke when it reports it, so reports
/// (a JUnit testcase per invariant, ``CheckReport``) group failures by this value, never by
/// reading the message's wording.
///
/// ```swift
/// let failure = InvariantFailure(.listsConverge, "sync: lost bread watch#3 check …")
/// "\(failure)"   // "sync: lost bread watch#3 check …"
/// ```
package struct InvariantFailure: Hashable, Sendable, CustomStringConvertible {
    /// The invariant broken.
    package var invariant: RunInvariant
    /// What was found, as reports print it (it may span several lines, such as an item's message
    /// trail).
    package var message: String

    /// A failure of `invariant`, described by `message`.
    package init(_ invariant: RunInvariant, _ message: String) {
        self.invariant = invariant
        self.message = message
    }

    /// ``message``.
    package var description: String { message }

    /// The message's first line (a multi-line failure's headline).
    package var headline: String { message.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? message }
}
