import CompanionModel
import SimulationKernel

extension ScenarioSimulation {
    /// How each app runs now, as its owner says: the watch side's ``WatchAppLifecycle`` and the
    /// phone side's ``PhoneAppLifecycle`` (the link keeps no copy).
    package var appRunStates: LinkApps {
        LinkApps(watch: watch.appLifecycle.runState, phone: phone.appLifecycle.runState)
    }
}
