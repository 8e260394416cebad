import CompanionModel
import SimulationKernel

/// An expectation one of the link's or the sync's keys decoded: its label, and its check (`nil`
/// when it holds, else what was found instead).
struct LinkCheck: ScenarioExpectation {
    let label: String
    let check: @Sendable (ScenarioSimulation) -> String?

    func failure(in simulation: inout ScenarioSimulation) -> String? { check(simulation) }
}
