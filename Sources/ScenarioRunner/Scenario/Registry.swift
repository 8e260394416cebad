/// Every step kind and expectation key a scenario may use. A feature registers its kinds
/// by adding its list here (one line each).
public enum Registry {
    /// Every `"do"` kind, in documentation order.
    public static let stepKinds: [StepKind] =
        CoreSteps.all + WatchSteps.all + ComplicationSteps.all
        + RemindersSteps.all + LinkSteps.all

    /// Every key of an `"expect"` object, in documentation order.
    public static let expectationKinds: [ExpectationKind] =
        CoreExpectations.all + PipelineExpectations.all + ComplicationExpectations.all
        + RemindersExpectations.all + LinkExpectations.all
}
