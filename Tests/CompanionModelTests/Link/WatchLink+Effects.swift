import SimulationKernel

@testable import CompanionModel

extension WatchLink {
    /// Whether nothing is left in flight or queued (a settled link).
    var isIdle: Bool { interactive.isEmpty && lanes.isEmpty }

    /// The effects of `event` at `now`, with the apps running as `apps` says, in an array: the
    /// link's one entry point (``reduce(_:at:emit:)``), for tests that look at one event's
    /// effects.
    mutating func reduce(
        _ event: LinkEvent, at now: SimTime, apps: LinkApps = LinkApps(watch: .foreground, phone: .background)
    ) -> [LinkTransportEffect] {
        var effects: [LinkTransportEffect] = []
        reduce(event, at: LinkMoment(now: now, apps: apps, trace: .recorded)) { effects.append($0) }
        return effects
    }
}
