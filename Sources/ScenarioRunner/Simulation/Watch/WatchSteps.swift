import CompanionModel

/// The watch app's step kinds (latency feature).
package enum WatchSteps {
    package static let all: [StepKind] = [openApp]

    /// `{"do": "openApp"}`: the user opens the app from the clock face (after the frontmost time ran
    /// out, a raised wrist shows the clock and taps do not reach the list).
    package static let openApp = StepKind(name: "openApp", summary: "the user opens the app from the clock face") {
        (_: inout ObjectReader, _: DecodingContext) throws(ScenarioError) -> any ScenarioAction in
        SendEvents(.watch(.openApp))
    }
}
