import CompanionModel

extension ScenarioSimulation {
    /// The phone applied a check-off. Default: nothing else reacts (no reminders scheduled).
    mutating func phoneDidApply(_ operation: CheckOffOperation) {}
}
