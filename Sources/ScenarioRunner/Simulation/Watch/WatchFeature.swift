import CompanionModel
import SimulationKernel

/// The watch side of the world, sole owner of: the watch app (wrist and frontmost state, the
/// check-off pipeline and its queues) and the app's sync endpoint (its replica of the list — the
/// one owner of the items the watch shows — what it has sent the phone and what is still
/// unacknowledged). The list on the screen is a view of that replica in store order (``list``).
///
/// It learns of the phone only through link deliveries (``WatchEvent/delivered(_:duplicate:)``)
/// and outcomes (``WatchEvent/outcome(_:_:)``), and tells the complication of every change of its
/// list (``ComplicationEvent/listChanged(_:at:)``).
package struct WatchFeature: SimulationFeature {
    package static let stepKinds: [StepKind] = CoreSteps.all + WatchSteps.all + SyncSteps.watch
    package static let expectationKinds: [ExpectationKind] =
        CoreExpectations.all + PipelineExpectations.all + WatchExpectations.all

    /// The store order learned from the scenario's history.
    package let storeOrder: StoreOrder
    /// Where each item sits on the screen (its rank in ``storeOrder``), by item key, decided at load.
    let layout: ShoppingListLayout
    /// The watch app: model, wrist and frontmost state, check-off pipeline.
    package internal(set) var app: WatchAppState
    /// Whether the watch app's process runs, and how (the link's view of the app follows it).
    package internal(set) var appLifecycle: WatchAppLifecycle
    /// Every lifecycle change, in order (for the summary).
    package internal(set) var lifecycleChanges: [(time: SimTime, state: WatchAppLifecycle)] = []
    /// The watch's end of the two-way list sync: its replica of the list (what ``list`` shows),
    /// its courier and its half of the message trail.
    package internal(set) var sync: SyncEndpoint
    /// What the sync endpoint asked and the watch has yet to perform, in order: a buffer the
    /// endpoint appends to (``SyncEndpoint/reduce(_:at:trace:into:)``), empty between events, kept for
    /// its capacity.
    var pendingSync: [SyncEndpoint.Effect] = []
    /// The taps that did not reach the list, counted by why, in first-seen order (those that did
    /// are the app's: ``WatchAppState/taps``).
    package internal(set) var ignoredTaps: [(reason: TapRefusal, count: Int)] = []
    /// The keys of the items checked off on the watch's list, in the order they were (an item put
    /// back or taken off the list leaves it): the trip the store order learns from.
    package internal(set) var checkOffOrder: [Int] = []
    /// The keys of the items whose latest change on the watch's list came from the phone (they are
    /// left out of the store-order lesson).
    package internal(set) var phoneMadeChanges: Set<Int> = []
    /// The items in the order the scenario file lists them.
    let fileOrder: [ItemID]
    /// The script's taps in time order, for the "next item to pick up" question at each raise.
    var upcomingTaps: UpcomingTaps

    package init(scenario: Scenario, seed: UInt64) {
        let catalog = scenario.itemCatalog
        storeOrder = scenario.storeOrder
        layout = ShoppingListLayout(catalog: catalog, loaded: scenario.items, order: scenario.storeOrder)
        sync = SyncEndpoint(device: .watch, items: scenario.items, catalog: catalog)
        upcomingTaps = UpcomingTaps(script: scenario.script, catalog: catalog)
        app = WatchAppState(scenario: scenario, seed: seed, expectedTaps: upcomingTaps.count)
        switch scenario.wrist.watchApp {
        case .foreground: appLifecycle = .foreground(since: .zero)
        case .background: appLifecycle = .background(since: .zero, suspendsAt: .zero + WatchAppLifecycle.backgroundTime)
        case .notRunning: appLifecycle = .notRunning
        }
        lifecycleChanges = [(.zero, appLifecycle)]
        fileOrder = scenario.items.map(\.id)
        // Room for a check-off of every item (a whole trip): one allocation, shared with every run.
        checkOffOrder.reserveCapacity(catalog.count)
    }

    /// The item of each tap submitted to the pipeline, in tap order.
    package var tappedItems: [ItemID] { app.taps.map { layout.catalog.name(of: $0.key) } }

    /// The list as the watch shows it: a view of the replica (``sync``) in store order.
    ///
    /// - Complexity: O(1); its answers are the view's (``ShoppingList``).
    package var list: ShoppingList { ShoppingList(replica: sync.replica, layout: layout) }

    /// Makes this watch side, a copy of the one made once for the scenario (`prepared.watch`),
    /// the watch side at the start of a run with `seed`: the wrist and the pipeline's jitter
    /// stream are set for the run; everything else is shared, not built again. It is reseeded in
    /// place, in the world's copy, so the side is copied once.
    ///
    /// - Complexity: O(1) besides the pipeline session's own set-up.
    mutating func reseed(for prepared: PreparedScenario, seed: UInt64) {
        app.restart(wrist: prepared.scenario.wrist, seed: seed)
    }

    package mutating func handle(_ event: WatchEvent, _ context: WorldContext, into effects: inout WorldEffects) {
        switch event {
        case .tap(let key): wrist(.tap(key, at: context.now), context, into: &effects)
        case .wrist(let position): setWrist(position, context, into: &effects)
        case .openApp: openApp(context, into: &effects)
        case .returnToClockDue: wrist(.returnToClockDue(at: context.now), context, into: &effects)
        case .pipelineWake: pipelineWake(context, into: &effects)
        case .rowGone(let tap, let latency): rowGone(tap: tap, latency: latency, context, into: &effects)
        case .sendCheckOff(let tap): sendCheckOff(tap: tap, context, into: &effects)
        case .delivered(let message, let duplicate): received(message, duplicate: duplicate, context, into: &effects)
        case .outcome(let message, let outcome): outcomeArrived(message, outcome, context, into: &effects)
        case .app(let event): lifecycle(event, context, into: &effects)
        case .sessionActivated:
            if context.apps.watch.isRunning { reduceSync(.sessionActivated, context, into: &effects) }
        case .addItem(let item, let title): addItem(item, title: title, context, into: &effects)
        }
    }

    /// The pipeline's wake (``WatchEvent/pipelineWake``) is due.
    ///
    /// - Complexity: that of ``wakePipeline(_:into:)``.
    mutating func pipelineWake(_ context: WorldContext, into effects: inout WorldEffects) {
        if app.scheduledWake == context.now { app.scheduledWake = nil }
        wakePipeline(context, into: &effects)
    }

    /// Schedules the deadline of the app's starting state (the suspension of an app that starts
    /// in the background), and the return to the clock of an app left frontmost by a wrist
    /// lowered at the start (`"wrist": "lowered"`).
    package mutating func start(_ context: WorldContext, into effects: inout WorldEffects) {
        if let (due, time) = appLifecycle.deadline { effects.append(.schedule(.watch(.app(due)), at: time)) }
        if case .appInactive(_, let returnsToClockAt) = app.wrist.state {
            effects.append(.schedule(.watch(.returnToClockDue), at: returnsToClockAt))
        }
    }

    package func summary(in simulation: ScenarioSimulation) -> [ReportSection] {
        [listSection(), tapsSection(), appSection(at: simulation.now), latencySection()]
    }
}

/// Events addressed to the watch side.
package enum WatchEvent: Sendable {
    /// The user taps the row of the item with this key (``ItemCatalog``, decided when the
    /// scenario is loaded: the watch finds the item without hashing its name).
    case tap(Int)
    /// The user raises or lowers the wrist.
    case wrist(WristPosition)
    /// The user opens the app from the clock face (also the scenario's `relaunchWatchApp`: the
    /// user opens it again).
    case openApp
    /// The frontmost-app deadline after a wrist drop.
    case returnToClockDue
    /// Run the pipeline session up to now and act on its effects.
    case pipelineWake
    /// Tap `tap`'s row is gone from the screen (a frame was drawn without it).
    case rowGone(tap: Int, latency: SimDuration)
    /// Hand tap `tap`'s committed operation to the app's sync courier (it picks the link
    /// channel). The tap's index, not the operation: the tap's record holds the operation, so
    /// the event is small and needs no box.
    case sendCheckOff(tap: Int)
    /// The user adds an item by dictation in the watch app.
    case addItem(ItemID, title: String)
    /// The link handed the watch app a message or transfer.
    case delivered(LinkMessage, duplicate: Bool)
    /// How a message or transfer the watch app sent ended.
    case outcome(LinkMessage, LinkOutcome)
    /// The session activated: if the watch app runs, its sync re-sends what the session refused.
    case sessionActivated
    /// A lifecycle event for the watch app: from the scenario (terminate, relaunch), the
    /// system (a wake for a complication transfer), or its own timers (launch, suspension).
    case app(WatchAppLifecycle.Event)
}

extension WatchFeature: StorageAdopting {
    /// Keeps the watch side in `old`'s storage (``StorageAdopting``): its app, lifecycle changes,
    /// sync endpoint and its effect buffer, ignored taps, check-off order and phone-made changes.
    /// The store order, the layout, the file order and the upcoming taps are the prepared
    /// scenario's, shared; nothing else holds storage.
    ///
    /// - Complexity: O(*n* + *t*) for *n* items and *t* taps, plus the sync endpoint's.
    package mutating func adoptStorage(of old: inout WatchFeature) {
        app.adoptStorage(of: &old.app)
        lifecycleChanges.adoptStorage(of: &old.lifecycleChanges)
        sync.adoptStorage(of: &old.sync)
        pendingSync.adoptStorage(of: &old.pendingSync)
        ignoredTaps.adoptStorage(of: &old.ignoredTaps)
        checkOffOrder.adoptStorage(of: &old.checkOffOrder)
        phoneMadeChanges.adoptStorage(of: &old.phoneMadeChanges)
    }
}
