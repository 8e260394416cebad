extension ScenarioSimulation {
    /// The app asks for the complication to be reloaded. Default: no complication is modelled.
    mutating func requestComplicationUpdate(source: String) {}
}
