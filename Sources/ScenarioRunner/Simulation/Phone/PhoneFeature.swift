import CompanionModel
import ReminderScheduling
import SimulationKernel

/// The phone side of the world, sole owner of: the phone's copy of the list (its sync replica:
/// each watch operation applied exactly once, in the watch's order), the phone app's lifecycle
/// (``appLifecycle``: the link learns how the app runs from it), and the phone app's
/// reminders (the scheduler, the simulated notification center and the badge, in
/// ``PhoneReminders``).
///
/// It learns of the watch only through link deliveries (``PhoneEvent/delivered(_:duplicate:)``),
/// and changes it makes itself (a notification's Complete action, an edit in the phone app) go
/// to the watch over the link.
package struct PhoneFeature: SimulationFeature {
    package static let stepKinds: [StepKind] = RemindersSteps.all + SyncSteps.phone
    package static let expectationKinds: [ExpectationKind] = RemindersExpectations.all + SyncExpectations.all

    /// The phone's end of the two-way list sync: its replica of the list, its courier and its
    /// half of the message trail.
    package internal(set) var sync: SyncEndpoint
    /// What the sync endpoint asked and the phone has yet to perform, in order: a buffer the
    /// endpoint appends to (``SyncEndpoint/reduce(_:at:trace:into:)``), empty between events, kept for
    /// its capacity.
    var pendingSync: [SyncEndpoint.Effect] = []
    /// Whether the phone app runs, and how (the link's view of the app follows it): the one
    /// lifecycle of the phone app, its transitions ``AppRunState/reduce(_:)``'s. The system
    /// launches the app into the background for a watch message (PLATFORM.md §2.2) and for a
    /// notification action (§1.4); a wake of an app that already runs leaves it as it is.
    package internal(set) var appLifecycle: AppRunState
    /// The phone app's reminders (the default settings when the scenario has no `"reminders"` section:
    /// every run has them). Not optional: a handler, and `explore`'s monitor after every event,
    /// reads them in place, where an optional of this large value is copied to be unwrapped.
    package internal(set) var reminders: PhoneReminders
    /// When the phone app pushes its remaining count to the complication (`"link"` settings).
    package let complicationPolicy: PhoneComplicationPolicy
    package init(scenario: Scenario, seed: UInt64) {
        let link = scenario.sections.link ?? LinkSettings()
        sync = SyncEndpoint(device: .phone, items: scenario.items, catalog: scenario.itemCatalog)
        appLifecycle = link.phoneApp
        // Without a "reminders" section the defaults apply, in every command alike (rule R6).
        reminders = PhoneReminders(
            settings: scenario.sections.reminders ?? RemindersSettings(), items: scenario.items,
            catalog: sync.replica.catalog)
        complicationPolicy = link.phoneComplicationPolicy
        reminders.reseed(seed)
    }

    /// Makes this phone side, a copy of the one made once for the scenario (`prepared.phone`,
    /// copied by the world into its place), the phone side at the start of a run with `seed`:
    /// only the reminders' background refresh delays are drawn again (rule P10).
    ///
    /// - Complexity: O(1) (the reminders are shared until changed).
    mutating func reseed(_ seed: UInt64) {
        reminders.reseed(seed)
    }

    package mutating func start(_ context: WorldContext, into effects: inout WorldEffects) {
        // The link rule the phone's replica follows in this run (``PlantedLinkBug``: the real
        // rules, but in the tests that plant a bug), read once when the run starts.
        sync.planted = PlantedLinkBug.current
        // The phone app's first launch and the first of its periodic runs (each run schedules
        // the next when it happens).
        effects.append(.schedule(.phone(.appRun(.launch)), at: reminders.settings.launchAt))
        if let runs = reminders.settings.appRuns {
            let last = min(runs.until ?? context.scenario.end, context.scenario.end)
            if runs.from <= last {
                effects.append(
                    .schedule(.phone(.periodicAppRun(runs.reason, every: runs.every, until: last)), at: runs.from))
            }
        }
    }

    package mutating func handle(_ event: PhoneEvent, _ context: WorldContext, into effects: inout WorldEffects) {
        switch event {
        case .delivered(let message, let duplicate): received(message, duplicate: duplicate, context, into: &effects)
        case .outcome(let message, let outcome): outcomeArrived(message, outcome, context, into: &effects)
        case .sessionActivated:
            if context.apps.phone.isRunning { reduceSync(.sessionActivated, context, into: &effects) }
        case .app(let event, let cause): lifecycle(event, cause: cause, context, into: &effects)
        case .edit(let item, let change): edit(item, change, context, into: &effects)
        case .appRun(let reason): appRuns(reason, context, into: &effects) { _ in }
        case .periodicAppRun(let reason, let every, let until):
            appRuns(reason, context, into: &effects) { _ in }
            // The next run is scheduled only now: the series is never expanded ahead of time.
            if let next = try? context.now.adding(every), next <= until {
                effects.append(.schedule(.phone(.periodicAppRun(reason, every: every, until: until)), at: next))
            }
        case .remindersWake:
            reminders.advance(to: context.now, trace: context.trace, into: &effects)
            scheduleReminderWake(context, into: &effects)
        case .notificationAction(let item, let action): notificationAction(action, item: item, context, into: &effects)
        case .setDue(let item, let due): dueChanged(item, to: due, context, into: &effects)
        case .pushComplication(let remainingPushes, let every):
            effects.append(complicationPush)
            if remainingPushes > 1 {
                effects.append(
                    .schedule(
                        .phone(.pushComplication(remaining: remainingPushes - 1, every: every)), at: context.now + every
                    ))
            }
        }
    }

    /// Runs a lifecycle event through ``appLifecycle`` and performs its effects: the trace,
    /// the link's view of the app (deliveries to the phone and `isReachable` follow it), and the
    /// sync courier (unanswered messages are re-sent when the app runs again).
    mutating func lifecycle(
        _ event: AppRunState.Event, cause: String, _ context: WorldContext, into effects: inout WorldEffects
    ) {
        let from = appLifecycle
        appLifecycle.reduce(event)
        let to = appLifecycle
        guard to != from else { return }
        effects.append(.appChanged(.phone, to))
        effects.append(.trace(.phoneApp, at: context.now, ["state": .string(to.name), "cause": .string(cause)]))
        if from.isRunning != to.isRunning {
            effects.append(.send(.link(.environment(to.isRunning ? .appStarted(.phone) : .appStopped(.phone)))))
            reduceSync(to.isRunning ? .appStarted : .appStopped, context, into: &effects)
        }
    }
}

/// Events addressed to the phone side.
package enum PhoneEvent: Sendable {
    /// The link handed the phone app a message or transfer.
    case delivered(LinkMessage, duplicate: Bool)
    /// How a message or transfer the phone app sent ended.
    case outcome(LinkMessage, LinkOutcome)
    /// The session activated: if the phone app runs, its sync re-sends what the session refused.
    case sessionActivated
    /// The phone app runs (launch, foreground, background refresh …) and refills its reminders.
    case appRun(ReminderScheduler.AppRunReason)
    /// One of a series of app runs `every` apart, none after `until`; the next one is scheduled
    /// when this one happens.
    case periodicAppRun(ReminderScheduler.AppRunReason, every: SimDuration, until: SimTime)
    /// A notification may fire, or a reminder may fall due: deliveries and misses are traced.
    case remindersWake
    /// The user taps an action on the latest notification about an item.
    case notificationAction(ItemID, ReminderAction)
    /// The user edits the list in the phone app (or a shared list changed it): add, remove,
    /// rename, check or uncheck an item.
    case edit(ItemID, ListEdit)
    /// A lifecycle event for the phone app, and why it happened (`"killPhoneApp"`,
    /// `"watchMessage"` …): from the scenario, the link (a message from the watch wakes the app)
    /// or the phone side itself (a notification action, an edit).
    case app(AppRunState.Event, cause: String)
    /// The user changes an item's due date in the phone app.
    case setDue(ItemID, SimTime)
    /// The phone app pushes its remaining-items count to the watch complication; `remaining`
    /// pushes are left in the series (this one included), `every` apart.
    case pushComplication(remaining: Int, every: SimDuration)
}

extension PhoneFeature: StorageAdopting {
    /// Keeps the phone side in `old`'s storage: its sync endpoint and its effect buffer, and its
    /// reminders (``StorageAdopting``).
    ///
    /// - Complexity: that of its parts'.
    package mutating func adoptStorage(of old: inout PhoneFeature) {
        sync.adoptStorage(of: &old.sync)
        pendingSync.adoptStorage(of: &old.pendingSync)
        reminders.adoptStorage(of: &old.reminders)
    }
}
