/// Every step kind and expectation key a scenario may use, collected from the features
/// (``SimulationFeature/stepKinds``, ``SimulationFeature/expectationKinds``). A feature adds
/// one term to each list.
package enum Registry {
    /// Every `"do"` kind, in documentation order.
    package static let stepKinds: [StepKind] =
        WatchFeature.stepKinds + ComplicationFeature.stepKinds + PhoneFeature.stepKinds + LinkFeature.stepKinds

    /// Every key of an `"expect"` object, in documentation order.
    package static let expectationKinds: [ExpectationKind] =
        WatchFeature.expectationKinds + ComplicationFeature.expectationKinds + PhoneFeature.expectationKinds
        + LinkFeature.expectationKinds
}
