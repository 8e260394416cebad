/// The version of WristSim, printed by `wristsim --version` and in JSON reports.
public let wristsimVersion = "0.1.0"
