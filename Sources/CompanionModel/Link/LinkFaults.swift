import SimulationKernel

/// Faults a scenario injects into the link: windows and terminations fixed in time, latency and
/// duplicates drawn from seeded sub-streams.
package struct LinkFaults: Hashable, Sendable {
    /// A span during which the phone is out of range.
    package struct UnreachableWindow: Hashable, Sendable {
        /// When the phone goes out of range.
        package var start: SimTime
        /// When it comes back.
        package var end: SimTime

        /// A window from `start` to `end`.
        package init(start: SimTime, end: SimTime) {
            self.start = start
            self.end = end
        }
    }

    /// An app killed at `at` and, if `relaunchAfter` is set, launched again that much later.
    package struct AppTermination: Hashable, Sendable {
        /// Which app.
        package var side: LinkSide
        /// When it is killed.
        package var at: SimTime
        /// How long until it is launched again (`nil`: never).
        package var relaunchAfter: SimDuration?

        /// A termination of `side`'s app.
        package init(side: LinkSide, at: SimTime, relaunchAfter: SimDuration? = nil) {
            self.side = side
            self.at = at
            self.relaunchAfter = relaunchAfter
        }
    }

    /// One-way delay of each hop (message, reply, transfer).
    package var latency: LatencyDistribution
    /// The probability that a delivery is repeated later (a duplicate with its own latency).
    package var duplicateProbability: Double
    /// Spans with the phone out of range.
    package var unreachableWindows: [UnreachableWindow]
    /// App kills (and relaunches).
    package var appTerminations: [AppTermination]

    /// Faults with the given settings (default: none).
    package init(
        latency: LatencyDistribution = .standard, duplicateProbability: Double = 0,
        unreachableWindows: [UnreachableWindow] = [], appTerminations: [AppTermination] = []
    ) {
        self.latency = latency
        self.duplicateProbability = duplicateProbability
        self.unreachableWindows = unreachableWindows
        self.appTerminations = appTerminations
    }

    /// The environment events the windows and terminations stand for, in time order (ties keep
    /// declaration order), for a driver to schedule.
    package func scheduledEvents() -> [(time: SimTime, event: LinkEvent)] {
        var events: [(time: SimTime, order: Int, event: LinkEvent)] = []
        for window in unreachableWindows {
            events.append((window.start, events.count, .environment(.phoneOutOfRange)))
            events.append((window.end, events.count, .environment(.phoneInRange)))
        }
        for termination in appTerminations {
            events.append((termination.at, events.count, .environment(.app(termination.side, .terminate))))
            if let delay = termination.relaunchAfter {
                events.append((termination.at + delay, events.count, .environment(.app(termination.side, .launch))))
            }
        }
        return events.sorted { ($0.time, $0.order) < ($1.time, $1.order) }.map { ($0.time, $0.event) }
    }
}
