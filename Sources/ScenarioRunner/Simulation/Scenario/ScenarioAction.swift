import SimulationKernel

/// Something a script step makes happen (a tap, the wrist going down, the phone leaving range).
///
/// Each kind is a small value type decoded from `{"do": "<name>", ...}` by its
/// ``StepKind``. At the step's time it says what happens as effects — events for the features
/// that own the facts it touches (a tap is a ``WatchEvent/tap(_:)`` for the watch side); a step
/// never changes a feature's state itself.
package protocol ScenarioAction: Sendable {
    /// What happens when the step runs at `now`, appended to `effects`.
    func effects(at now: SimTime, into effects: inout WorldEffects)
}

/// A step that sends events to the features that own them, in order (the wrist moving, a
/// notification action, a due date changed): most steps are no more than that.
package struct SendEvents: ScenarioAction {
    package var events: [SimEvent]

    package init(_ events: SimEvent...) { self.events = events }

    package func effects(at now: SimTime, into effects: inout WorldEffects) {
        for event in events { effects.append(.send(event)) }
    }
}

/// An expectation a scenario states (`{"expect": {"remaining": 3}}`).
package protocol ScenarioExpectation: Sendable {
    /// What is expected, for reports (`"remaining = 3"`).
    var label: String { get }
    /// `nil` when the expectation holds, otherwise what was found instead
    /// (`"expected 3 remaining, found 4"`).
    ///
    /// It only reads `simulation`. The world is lent `inout` so that the running world is handed
    /// over in place: passed by value from the mutable place it runs in, the whole world would be
    /// copied for every check.
    func failure(in simulation: inout ScenarioSimulation) -> String?
}

/// How one `"do"` kind of step is decoded.
package struct StepKind: Sendable {
    /// The value of `"do"` (`"tap"`).
    package var name: String
    /// One line for documentation and error messages.
    package var summary: String
    /// Reads the kind's own keys (the reader has already consumed `at`, `after`, `do`, `note`).
    package var decode: @Sendable (inout ObjectReader, DecodingContext) throws(ScenarioError) -> any ScenarioAction
}

/// How one key of an `"expect"` object is decoded.
package struct ExpectationKind: Sendable {
    /// The key (`"remaining"`).
    package var key: String
    package var summary: String
    /// Reads the key's value.
    package var decode: @Sendable (JSONNode, DecodingContext) throws(ScenarioError) -> any ScenarioExpectation
}
