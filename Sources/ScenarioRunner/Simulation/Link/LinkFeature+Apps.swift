import CompanionModel
import SimulationKernel

extension ScenarioSimulation {
    /// How each app runs now, as its owner says: the watch side's ``WatchAppLifecycle`` and the
    /// phone side's ``PhoneAppLifecycle`` (the link keeps no copy).
    package var appRunStates: LinkApps {
        LinkApps(watch: watch.appLifecycle.runState, phone: phone.appLifecycle.runState)
    }

    /// `isReachable` on `side` now: the link's session and range with the apps as their owners
    /// say.
    package func reachability(from side: LinkSide) -> Reachability {
        link.transport.reachability(from: side, apps: appRunStates)
    }
}
