import CompanionModel
import SimulationKernel

/// The simulation's watch↔phone link: a ``LinkSystem`` plus the link events it has scheduled on
/// the simulation's loop, so that the run can ask "what if the link were left to finish?"
/// without disturbing the run itself (``settled(at:)``).
public struct ScenarioLink: Sendable {
    /// The link, the watch's sender and the phone's list.
    public internal(set) var system: LinkSystem
    /// Link events scheduled on the simulation's loop and not yet handled, in schedule order.
    var scheduled: [(time: SimTime, event: LinkEvent)] = []

    /// The seed label of the link's sub-stream (`SplitMix64.split(label:)`).
    static let randomLabel: UInt64 = 0x4C49_4E4B  // "LINK"

    /// Creates the link from the scenario's settings; its randomness is a sub-stream of `seed`
    /// that no other feature's draws can shift.
    public init(settings: LinkSettings, seed: UInt64, items: [ItemID]) {
        var base = SplitMix64(seed: seed)
        var rng = base.split(label: ScenarioLink.randomLabel)
        system = LinkSystem(configuration: settings.configuration, rng: &rng, items: items)
    }

    mutating func noteScheduled(_ event: LinkEvent, at time: SimTime) {
        scheduled.append((time, event))
    }

    mutating func noteHandled(_ event: LinkEvent, at time: SimTime) {
        if let index = scheduled.firstIndex(where: { $0.time == time && $0.event == event }) {
            scheduled.remove(at: index)
        }
    }

    /// What the link looks like once left to finish from `now`: every scheduled link event is
    /// handled, then the session is activated, the phone comes into range and both apps run,
    /// until nothing is left. Runs on a copy; the simulation is untouched.
    ///
    /// - Complexity: O(*e* log *e*) in the events the link still produces.
    public func settled(at now: SimTime) -> (system: LinkSystem, trace: [TraceEvent], at: SimTime) {
        var system = self.system
        var loop = EventLoop<LinkEvent>()
        loop.advance(to: now)
        let ordered = scheduled.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
        for entry in ordered { loop.schedule(entry.element.event, at: entry.element.time) }
        var trace: [TraceEvent] = []
        func drain(_ system: inout LinkSystem, _ loop: inout EventLoop<LinkEvent>, _ trace: inout [TraceEvent]) {
            while let event = loop.next() {
                for effect in system.reduce(event, at: loop.now) {
                    switch effect {
                    case .schedule(let next, let time): loop.schedule(next, at: time)
                    case .trace(let record): trace.append(record)
                    case .phoneApplied, .watchReceivedComplication: break
                    }
                }
            }
        }
        drain(&system, &loop, &trace)
        for change: LinkEnvironmentChange in [.session(.activate), .phoneInRange, .launchPhoneApp, .relaunchWatchApp] {
            loop.schedule(.environment(change), at: loop.now)
        }
        drain(&system, &loop, &trace)
        return (system, trace, loop.now)
    }
}
