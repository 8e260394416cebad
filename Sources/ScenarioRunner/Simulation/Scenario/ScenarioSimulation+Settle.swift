import CompanionModel
import SimulationKernel

/// Whether a simulation is running its scenario or being left to finish its link.
enum RunMode: Hashable, Sendable {
    /// Running the scenario: every event is handled.
    case running
    /// Settling (a copy, for the end-of-run check): only link events (and the watch app's lifecycle timers) are handled; other
    /// features' events are not scheduled.
    case settling
}

/// What a simulation knows of its run's end, worked out once when the run ends
/// (``ScenarioSimulation/run(_:monitor:)``) and read by the verdict, the invariants and the summary,
/// instead of settling the link and checking convergence again for each of them.
///
/// Only the case holding a whole world is boxed (`indirect`): the verdict's path
/// (``reachedEnd(discrepancies:)``, ``settledCopy(discrepancies:)``) sets a case every run,
/// and an unboxed one allocates nothing.
enum RunEnding {
    /// The run goes on (or the world changed since): nothing is known in advance.
    case open
    /// The run reached its end: where the two lists disagree then (before settling).
    case reachedEnd(discrepancies: [SyncDiscrepancy])
    /// The run ended keeping everything: the world with its link left to finish, and where the
    /// two lists disagree at the end (before settling).
    indirect case ended(settled: ScenarioSimulation, discrepancies: [SyncDiscrepancy])
    /// This world is settled (``ScenarioSimulation/settleInPlace()``: a settled copy, or the world
    /// of a run keeping its verdict only); where its lists disagree.
    case settledCopy(discrepancies: [SyncDiscrepancy])
}

extension ScenarioSimulation: LinkSettling {
    /// Handles the next link event on the loop, with everything it sets off.
    package mutating func handleNextLinkEvent() -> Bool {
        ending = .open
        guard let event = loop.next() else { return false }
        var effects = WorldEffects()
        handle(event, into: &effects)
        return true
    }

    /// Applies an environment change to the link now.
    package mutating func applyLinkEnvironment(_ change: LinkEnvironmentChange) {
        ending = .open
        var effects = WorldEffects()
        handle(.link(.environment(change)), into: &effects)
    }

    /// The world once the link is left to finish from now (``LinkSettling/settle()``): a copy in
    /// which only the link's events (and the watch app's lifecycle timers) are due (the others are dropped, and no new ones are
    /// scheduled); this run is untouched. Its trace holds this run's trace plus what settling added.
    ///
    /// Once the run has ended (``run(_:monitor:)``) the copy made then is returned.
    ///
    /// - Complexity: O(*q* log *q*) for the *q* events due now, plus O(*e* log *e*) for those the
    ///   link then produces, plus one copy of the trace; O(1) once the run has ended.
    package func settled() -> ScenarioSimulation {
        switch ending {
        case .ended(let settled, _): return settled
        case .settledCopy: return self
        case .open, .reachedEnd:
            var copy = self
            copy.settleInPlace()
            return copy
        }
    }

    /// Leaves the link to finish in this world itself, as ``settled()`` does in a copy:
    /// only the link's events (and the watch app's lifecycle timers) stay due, in their order,
    /// other features' events are not scheduled any more, and the link runs until nothing is
    /// due. Afterwards this world is the settled world, with its discrepancies worked out
    /// (``RunEnding/settledCopy(discrepancies:)``): those at the run's end again when settling
    /// merged, held or released nothing (``ListReplica/progress``), else checked afresh.
    ///
    /// For a run whose world at its end has been read already
    /// (``RunOptions/Keeping/verdict``): it saves the copy of the whole world, and of
    /// every array that settling changes, that a settled copy costs.
    ///
    /// - Complexity: O(*q* log *q*) for the *q* events due now, plus O(*e* log *e*) for those the
    ///   link then produces, plus one convergence check unless the end's is kept.
    mutating func settleInPlace() {
        var atEnd: [SyncDiscrepancy]?
        if case .reachedEnd(let discrepancies) = ending { atEnd = discrepancies }
        let progress = (watch.sync.replica.progress, phone.sync.replica.progress)
        ending = .open
        mode = .settling
        let start = now
        var linkOnly: [(time: SimTime, event: SimEvent)] = []
        linkOnly.reserveCapacity(loop.pendingCount)
        while let event = loop.next() {
            if event.isSettlingEvent { linkOnly.append((loop.now, event)) }
        }
        // They go back into this loop, started again at the time settling starts as a new loop
        // would be (the sequence from 0, the limit counted afresh), so it keeps its queue's room
        // for a world started again (``restart(prepared:seed:trace:)``); the link keeps the new handles of
        // its reply timeouts.
        loop.restart(at: start)
        link.timers.removeAll()
        for (time, event) in linkOnly {
            let handle = loop.schedule(event, at: time)
            if case .link(.timer(.replyTimeout(let message))) = event {
                link.timers.keep(replyTimeoutOf: message, as: handle)
            }
        }
        settle()
        if let atEnd, (watch.sync.replica.progress, phone.sync.replica.progress) == progress {
            ending = .settledCopy(discrepancies: atEnd)
        } else {
            ending = .settledCopy(discrepancies: syncDiscrepancies())
        }
    }
}
