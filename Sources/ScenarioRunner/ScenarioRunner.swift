/// The version of WristSim, printed by `wristsim --version` and in JSON reports.
package let wristsimVersion = "0.1.0"
