/// Leaving a link to finish: the one settle routine, shared by every driver of the link (the
/// scenario simulation's end-of-run check, its expectations and reports, and the property tests
/// and benchmark that run it).
///
/// Settling handles every link event still due (and whatever each sets off), then brings the
/// world back — session activated, phone in range, phone app launched, watch app relaunched —
/// and handles what that releases, until nothing is left. Afterwards every guaranteed transfer
/// has been delivered, so the lists can be compared.
package protocol LinkSettling {
    /// Handles the next pending link event and what it sets off; `false` when none is left.
    mutating func handleNextLinkEvent() -> Bool
    /// Applies `change` to the link now.
    mutating func applyLinkEnvironment(_ change: LinkEnvironmentChange)
}

extension LinkEnvironmentChange {
    /// The changes that bring the link back, in the order settling applies them
    /// (``LinkSettling/settle()``; the WatchConnectivity double's `recover()` applies the same).
    package static let restoring: [LinkEnvironmentChange] = [
        .session(.activate), .phoneInRange, .launchPhoneApp, .relaunchWatchApp,
    ]
}

extension LinkSettling {
    /// Runs the link to completion (see ``LinkSettling``).
    ///
    /// - Complexity: O(*e* log *e*) in the events handled.
    package mutating func settle() {
        while handleNextLinkEvent() {}
        for change in LinkEnvironmentChange.restoring { applyLinkEnvironment(change) }
        while handleNextLinkEvent() {}
    }
}
