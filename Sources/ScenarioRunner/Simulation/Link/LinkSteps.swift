import CompanionModel
import ReminderScheduling
import SimulationKernel

/// The link's step kinds: range, app lifecycle, session, and phone pushes to the complication.
///
/// The watch face steps (`complicationOnFace`, `complicationOffFace`) belong to the complication
/// feature; the link's transfer budget follows them (the complication tells the link).
package enum LinkSteps {
    /// Every link step kind, in documentation order.
    package static let all: [StepKind] = environmentSteps + [phoneComplicationUpdate]

    /// Steps that change the link's world: `{"do": "phoneOutOfRange"}` and so on.
    static let environmentSteps: [StepKind] = [
        (LinkEnvironmentChange.phoneOutOfRange, "the phone goes out of range (basement, phone left in the car)"),
        (.phoneInRange, "the phone comes back into range"),
        (.app(.phone, .terminate), "the user or the system kills the phone app"),
        (.app(.phone, .launch), "the user opens the phone app (delivers queued transfers)"),
        (.app(.phone, .moveToBackground), "the phone app goes to the background"),
        (.app(.watch, .terminate), "the watch app is terminated (its pending replies are lost)"),
        (.app(.watch, .launch), "the watch app is opened again (re-sends unanswered check-offs)"),
        (.session(.becomeInactive), "the session becomes inactive (the user switches watches)"),
        (.session(.deactivate), "the session deactivates"),
        (.session(.activate), "the session activates again"),
    ].map { change, summary in
        StepKind(name: change.name, summary: summary) {
            (_: inout ObjectReader, _: DecodingContext) throws(ScenarioError) -> any ScenarioAction in
            ChangeLink(change: change)
        }
    }

    /// `{"do": "phoneComplicationUpdate", "count": 60, "every": "15m"}`: the phone app pushes the
    /// remaining-items count to the watch complication `count` times (default 1), `every` apart.
    package static let phoneComplicationUpdate = StepKind(
        name: "phoneComplicationUpdate",
        summary: "the phone pushes its remaining count to the complication: \"count\" (1), \"every\" (\"1m\")"
    ) { (object: inout ObjectReader, context: DecodingContext) throws(ScenarioError) -> any ScenarioAction in
        let count = try object.optional("count")?.int(context, in: 1...10_000) ?? 1
        let everyNode = object.optional("every")
        let every = try everyNode?.duration(context) ?? .minutes(1)
        if let everyNode, every.nanoseconds.multipliedReportingOverflow(by: Int64(count)).overflow {
            throw context.error(
                everyNode, "\(count) updates \(every) apart reach too far in the future; expected a shorter \"every\"")
        }
        return PushComplication(count: count, every: every)
    }

    /// Applies a change to the link's world.
    package struct ChangeLink: ScenarioAction {
        package var change: LinkEnvironmentChange
        package func effects(at now: SimTime, into effects: inout WorldEffects) {
            effects.append(.trace(.stepLink, at: now, ["do": .string(change.name)]))
            effects.append(.send(.link(.environment(change))))
            // The user opening the phone app is also an app run for the reminders feature (it
            // refills its pending window); without a "reminders" section this does nothing.
            if change == .app(.phone, .launch) { effects.append(.send(.phone(.appRun(.launch)))) }
        }
    }

    /// The phone pushes complication updates.
    package struct PushComplication: ScenarioAction {
        package var count: Int
        package var every: SimDuration
        /// The first push now; each push schedules the next (no eager expansion of the series).
        package func effects(at now: SimTime, into effects: inout WorldEffects) {
            effects.append(.send(.phone(.pushComplication(remaining: count, every: every))))
        }
    }
}
