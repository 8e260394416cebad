import ScenarioRunner

print("wristsim \(wristsimVersion)")
