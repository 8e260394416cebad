import CompanionModel

extension WristAppMachine {
    /// The effects of `event` as an array: the machine's one entry point (``transition(_:)``), for
    /// tests that compare one event's effects.
    mutating func effects(_ event: WristAppEvent) -> [WristAppEffect] {
        let effects = transition(event)
        return [effects.first, effects.second].compactMap { $0 }
    }
}
