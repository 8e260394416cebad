import SimulationKernel

/// What a watchOS background task may use before the system terminates the app.
///
/// Apple says only that a background task gets "a limited amount of time… (on the order of
/// seconds)" and that exceeding it crashes the app with `0xc51bad01` (CPU) or `0xc51bad02`
/// (wall time) (watchOS 3.1 release notes). The defaults, 4 s of CPU and 15 s of wall time, are
/// WristSim's chosen values (UNCONFIRMED), settable per scenario.
package struct BackgroundTaskLimits: Hashable, Sendable {
    /// CPU time a task may use.
    package var cpu = SimDuration.seconds(4)
    /// Wall time a task may take, from wake to `setTaskCompleted`.
    package var wall = SimDuration.seconds(15)

    /// How a task doing `work` on `chip` ends. It computes from the moment it wakes, then waits
    /// until ``BackgroundTaskWork/wall`` has passed, and is terminated at the first limit it
    /// crosses: the CPU limit at `cpu` of wall time, the wall limit at `wall`.
    package func run(_ work: BackgroundTaskWork, on chip: WatchChip) -> BackgroundTaskResult {
        let cpuTime = work.cpu.duration(on: chip)
        let duration = max(cpuTime, work.wall)
        let overCPU = cpuTime > cpu
        let overWall = duration > wall
        switch (overCPU, overWall) {
        case (false, false): return .completed(after: duration)
        case (true, false): return .terminated(.cpuTime, after: cpu)
        case (false, true): return .terminated(.wallTime, after: wall)
        case (true, true): return cpu <= wall ? .terminated(.cpuTime, after: cpu) : .terminated(.wallTime, after: wall)
        }
    }
}

/// What one background task does: CPU work (scaled to the watch) and its total wall time.
package struct BackgroundTaskWork: Hashable, Sendable {
    package var cpu: ComplicationWork
    /// The time from wake to completion when the CPU work is done sooner (waiting for the network).
    package var wall: SimDuration

    package init(cpu: ComplicationWork = ComplicationWork(cost: .zero), wall: SimDuration = .zero) {
        self.cpu = cpu
        self.wall = max(.zero, min(wall, ComplicationWork.maximumCost))
    }
}

/// Which limit a terminated task crossed, with the platform's crash code.
package enum BackgroundTaskTermination: String, CaseIterable, Hashable, Sendable {
    /// "Too much CPU time": `0xc51bad01`.
    case cpuTime
    /// "Too much wall time": `0xc51bad02`.
    case wallTime

    /// The exception code in the crash report.
    package var code: String {
        switch self {
        case .cpuTime: return "0xc51bad01"
        case .wallTime: return "0xc51bad02"
        }
    }

    /// What the crash code means.
    package var message: String {
        switch self {
        case .cpuTime: return "the background task used more CPU time than allowed"
        case .wallTime: return "the background task ran longer than allowed"
        }
    }
}

/// How a background task ended.
package enum BackgroundTaskResult: Hashable, Sendable {
    /// It finished (and asked for its reload) this long after waking.
    case completed(after: SimDuration)
    /// The system terminated the app this long after waking.
    case terminated(BackgroundTaskTermination, after: SimDuration)

    /// How long the task ran.
    package var duration: SimDuration {
        switch self {
        case .completed(let after), .terminated(_, let after): return after
        }
    }

    /// The termination, if the app was terminated.
    package var termination: BackgroundTaskTermination? {
        if case .terminated(let reason, _) = self { return reason }
        return nil
    }
}

/// One background task as it ran.
package struct BackgroundTaskRecord: Hashable, Sendable {
    package var startedAt: SimTime
    package var result: BackgroundTaskResult
    /// The date the refresh was granted for (the system woke the app at ``startedAt``, at or
    /// after it); `nil` when the complication left the face while the task ran.
    package var preferredAt: SimTime?

    package var endedAt: SimTime { startedAt + result.duration }

    /// How much later than the preferred date the system woke the app (``BackgroundRefreshTiming``).
    package var systemDelay: SimDuration? { preferredAt.map { startedAt - $0 } }
}
