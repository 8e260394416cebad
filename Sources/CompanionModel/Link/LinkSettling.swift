/// A driver of the link that can be left to finish: the one drain and the one settle routine,
/// shared by every driver of the link (the scenario simulation's end-of-run check, its
/// expectations and reports; the WatchConnectivity double's `runUntilIdle()` and `recover()`;
/// the tests' harnesses).
///
/// Draining handles every link event still due, and whatever each sets off, until none is left.
/// Settling drains, then brings the world back (``LinkEnvironmentChange/restoring``: session
/// activated, phone in range, phone app launched, watch app relaunched, applied one after the
/// other at the same instant) and drains what that releases. Afterwards every guaranteed
/// transfer has been delivered, so the lists can be compared.
package protocol LinkSettling {
    /// Handles the next pending link event and what it sets off; `false` when none is left.
    mutating func handleNextLinkEvent() -> Bool
    /// Applies `change` to the link now.
    mutating func applyLinkEnvironment(_ change: LinkEnvironmentChange)
}

extension LinkEnvironmentChange {
    /// The changes that bring the link back, in the order settling applies them
    /// (``LinkSettling/settle()``).
    package static let restoring: [LinkEnvironmentChange] = [
        .session(.activate), .phoneInRange, .launchPhoneApp, .relaunchWatchApp,
    ]
}

extension LinkSettling {
    /// Handles every pending link event and what each sets off, until none is left.
    ///
    /// - Complexity: O(*e* log *e*) in the events handled.
    package mutating func drain() {
        while handleNextLinkEvent() {}
    }

    /// Runs the link to completion: drains, applies ``LinkEnvironmentChange/restoring``, drains
    /// (see ``LinkSettling``).
    ///
    /// - Complexity: O(*e* log *e*) in the events handled.
    package mutating func settle() {
        drain()
        for change in LinkEnvironmentChange.restoring { applyLinkEnvironment(change) }
        drain()
    }
}
