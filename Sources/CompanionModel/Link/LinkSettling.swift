/// A driver of the link that can be left to finish: the one drain and settle routine shared by
/// every driver of the link (the scenario simulation, the WatchConnectivity double, the tests).
///
/// Settling drains, brings the world back (``LinkEnvironmentChange/restoring``, at one instant)
/// and drains what that releases: afterwards every guaranteed transfer has been delivered.
package protocol LinkSettling {
    /// Handles the next pending link event and what it sets off; `false` when none is left.
    mutating func handleNextLinkEvent() -> Bool
    /// Applies `change` to the link now.
    mutating func applyLinkEnvironment(_ change: LinkEnvironmentChange)
}

extension LinkEnvironmentChange {
    /// The changes that bring the link back, in the order ``LinkSettling/settle()`` applies them.
    package static let restoring: [LinkEnvironmentChange] = [
        .session(.activate), .phoneInRange, .app(.phone, .launch), .app(.watch, .launch),
    ]
}

extension LinkSettling {
    /// Handles every pending link event and what each sets off, until none is left.
    ///
    /// - Complexity: O(*e* log *e*) in the events handled.
    package mutating func drain() {
        while handleNextLinkEvent() {}
    }

    /// Runs the link to completion: drains, applies ``LinkEnvironmentChange/restoring``, drains.
    ///
    /// - Complexity: O(*e* log *e*) in the events handled.
    package mutating func settle() {
        drain()
        for change in LinkEnvironmentChange.restoring { applyLinkEnvironment(change) }
        drain()
    }
}
