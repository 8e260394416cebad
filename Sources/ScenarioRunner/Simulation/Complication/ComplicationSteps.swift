import CompanionModel
import SimulationKernel

/// Step kinds for the complication: the watch face, the phone's transfers, explicit reloads.
package enum ComplicationSteps {
    package static let all: [StepKind] = [onFace, offFace, phoneTransfer, reload, taskWork]

    /// `{"do": "complicationOnFace"}`: the user switches to a face with the complication (the
    /// system asks for a fresh timeline, free of charge, and the app resumes background refreshes).
    package static let onFace = StepKind(
        name: "complicationOnFace", summary: "the complication is put on the active watch face"
    ) { (_: inout ObjectReader, _: DecodingContext) throws(ScenarioError) -> any ScenarioAction in
        SendEvents(.complication(.face(.onActiveFace)))
    }

    /// `{"do": "complicationOffFace"}`: the user switches to a face without the complication.
    package static let offFace = StepKind(
        name: "complicationOffFace", summary: "the complication is taken off the active watch face"
    ) { (_: inout ObjectReader, _: DecodingContext) throws(ScenarioError) -> any ScenarioAction in
        SendEvents(.complication(.face(.notOnActiveFace)))
    }

    /// `{"do": "phoneComplicationTransfer"}`: the phone calls `transferCurrentComplicationUserInfo`
    /// (50 a day while the complication is on the active face).
    package static let phoneTransfer = StepKind(
        name: "phoneComplicationTransfer", summary: "the phone sends a complication transfer (50 a day)"
    ) { (_: inout ObjectReader, _: DecodingContext) throws(ScenarioError) -> any ScenarioAction in
        // The phone app calls `transferCurrentComplicationUserInfo`: the link charges its one
        // budget (or falls back to userInfo) and the watch reloads when it arrives.
        SendEvents(.phone(.pushComplication(remaining: 1, every: .zero)))
    }

    /// `{"do": "reloadComplication"}`: the app asks for a reload without a check-off, in the
    /// foreground unless `"app": "background"` (a background reload is always charged).
    package static let reload = StepKind(
        name: "reloadComplication", summary: "the app asks for a complication reload (\"app\": foreground|background)"
    ) { (object: inout ObjectReader, context: DecodingContext) throws(ScenarioError) -> any ScenarioAction in
        let app = try object.optional("app")?.choice(
            "app state", context, ["foreground": AppRunState.foreground, "background": .background])
        return SendEvents(.complication(.reload(.app, app: app ?? .foreground)))
    }

    /// `{"do": "backgroundTaskWork", "cpu": "6s", "on": "S3", "wall": "8s"}`: from now on each
    /// background refresh task does this much work (the data it processes grew, say).
    package static let taskWork = StepKind(
        name: "backgroundTaskWork", summary: "changes the work each background refresh task does"
    ) { (object: inout ObjectReader, context: DecodingContext) throws(ScenarioError) -> any ScenarioAction in
        try SendEvents(.complication(.taskWork(ComplicationSettings.readTask(&object, context))))
    }
}
