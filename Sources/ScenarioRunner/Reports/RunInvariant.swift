/// The properties every run is checked against at its end, whatever the scenario expects — one
/// JUnit testcase each (``CheckReport/junit``), passed or failed.
///
/// A run reports each broken invariant with the case it breaks (``InvariantFailure``,
/// ``ScenarioOutcome/invariantFailures``), set by the check that found it; a feature's check
/// without a case of its own reports under ``other``, so nothing a run finds is ever dropped.
package enum RunInvariant: String, CaseIterable, Sendable {
    /// The run reached its end within its event limit (`"eventLimit"`, docs/limits.md).
    case eventLimit
    /// Once the link is left to finish, watch and phone show the same list and no list operation
    /// was lost, applied twice or applied out of its origin's order (docs/sync.md).
    case listsConverge
    /// Every item notification's badge is the number of incomplete items due by its delivery as
    /// the phone app knew them at its last refill (checked at each delivery, ``RunChecks``).
    case badges
    /// At most 64 notifications are pending at once (the system's limit, docs/reminders.md).
    case pendingLimit
    /// Each channel (interactive, userInfo, complication transfers) delivers each direction's
    /// messages in send order (docs/link.md).
    case channelOrder
    /// Any other end-of-run check of a feature (listed only when one fails).
    case other

    /// The testcase name.
    package var title: String {
        switch self {
        case .eventLimit: return "invariant: the run ends within its event limit"
        case .listsConverge: return "invariant: watch and phone lists converge, no operation lost, doubled or reordered"
        case .badges: return "invariant: every reminder's badge is the overdue count the app knew at its last refill"
        case .pendingLimit: return "invariant: at most 64 notifications pending at once"
        case .channelOrder: return "invariant: each channel delivers in send order"
        case .other: return "invariant: other end-of-run checks"
        }
    }

    /// Each invariant with the failures of `outcome` that break it; ``other`` only when it has some.
    ///
    /// - Complexity: O(*f*) for *f* failures.
    package static func results(of outcome: ScenarioOutcome) -> [(
        invariant: RunInvariant, failures: [InvariantFailure]
    )] {
        allCases.compactMap { invariant in
            let failures = outcome.invariantFailures.filter { $0.invariant == invariant }
            return invariant == .other && failures.isEmpty ? nil : (invariant, failures)
        }
    }
}
