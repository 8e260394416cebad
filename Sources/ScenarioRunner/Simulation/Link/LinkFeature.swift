import CompanionModel
import SimulationKernel

/// The link between the two devices, sole owner of the WatchConnectivity model (``WatchLink``):
/// sessions, radio range, reachability as each side sees it, channels and their queues, the
/// complication-transfer budget, and injected faults.
///
/// It carries messages in both directions. An app's request arrives as
/// ``LinkEvent/request(_:)``; what the transport delivers goes to the receiving side
/// (``WatchEvent/delivered(_:duplicate:)`` or ``PhoneEvent/delivered(_:duplicate:)``), and how a
/// message ended goes back to its sender (`.outcome`). What a message carries is a
/// ``LinkPayload``; see its documentation for how to add one.
package struct LinkFeature: SimulationFeature {
    package static let stepKinds: [StepKind] = LinkSteps.all
    package static let expectationKinds: [ExpectationKind] = LinkExpectations.all

    /// The transport.
    package internal(set) var transport: WatchLink
    /// The loop's handles of the transport's pending reply timeouts (the world performs the
    /// transport's timer effects with it: ``WorldEffect/linkTimer(_:)``).
    var timers = LinkTimers()

    /// The seed label of the link's sub-stream (`SplitMix64.split(label:)`).
    static let randomLabel: UInt64 = 0x4C49_4E4B  // "LINK"

    /// Creates the link from the scenario's `"link"` settings; its randomness is a sub-stream of
    /// `seed` that no other feature's draws can shift.
    package init(scenario: Scenario, seed: UInt64) {
        var rng = SplitMix64(seed: seed, label: LinkFeature.randomLabel)
        let settings = scenario.sections.link ?? LinkSettings()
        var configuration = settings.configuration
        configuration.complicationBudgetFirstReset = Self.transferBudgetFirstReset(scenario).offset
        transport = WatchLink(configuration: configuration, rng: &rng)
        // Room for a delivery record per item (a check-off each): one small allocation instead
        // of regrowing the records through the run.
        transport.reserveCapacity(deliveries: scenario.items.count)
    }

    /// Makes this link, a copy of the one made once for the scenario (`prepared.link`, copied by
    /// the world into its place), what ``init(scenario:seed:)`` makes for `seed`: only the
    /// transport's fault streams are drawn again.
    ///
    /// - Complexity: O(1).
    mutating func reseed(_ seed: UInt64) {
        var rng = SplitMix64(seed: seed, label: LinkFeature.randomLabel)
        transport.reseed(&rng)
    }

    /// When the one complication-transfer budget first resets (then every 24 h). The platform
    /// documents no reset time; the simulator's rule: the `"link"` section's
    /// `complicationBudgetResetsAt` if given; else the complication budget's first reset; else
    /// the first local midnight after the start.
    static func transferBudgetFirstReset(_ scenario: Scenario) -> SimTime {
        if let given = scenario.sections.link?.complicationBudgetResetsAt { return given }
        if let complication = scenario.sections.complication { return complication.configuration.budget.firstReset }
        return ComplicationClock(origin: scenario.start).firstLocalMidnight
    }

    /// Records the link's settings and schedules the configured faults (a finite list the
    /// scenario states: two events per unreachable window, one or two per app termination).
    package mutating func start(_ context: WorldContext, into effects: inout WorldEffects) {
        let configuration = transport.configuration
        if case .recorded = context.trace {
            let duplicates = Int64((configuration.faults.duplicateProbability * 1_000).rounded())
            effects.append(
                .trace(
                    .linkStart, at: context.now,
                    [
                        "latency": .string(configuration.faults.latency.description),
                        "duplicates": .decimal(duplicates, scale: 3),
                        "replyTimeout": .duration(configuration.replyTimeout),
                        "phoneApp": .string(context.apps.phone.name),
                        "complication": .string(configuration.complicationPlacement.rawValue),
                    ]))
        }
        for (time, event) in configuration.faults.scheduledEvents() {
            effects.append(.schedule(.link(event), at: time))
        }
    }

    /// Runs one event through the transport and routes each effect it produces into the world's
    /// buffer, translated (its message moved, not copied). The transport is handed how each app
    /// runs now (``WorldContext/apps``, read from the sides, which own the apps' lifecycles).
    ///
    /// - Complexity: the transport's (``WatchLink/reduce(_:at:emit:)``), plus O(1) per effect.
    package mutating func handle(_ event: LinkEvent, _ context: WorldContext, into effects: inout WorldEffects) {
        let now = context.now
        // Only a reply timeout leaving the loop has a handle to forget (asked here, not in a call
        // into another module for every link event).
        if case .timer(.replyTimeout) = event { timers.willHandle(event) }
        // Only an activation request changes the session to activated.
        var activating = false
        if case .environment(.session(.activate)) = event { activating = !transport.connection.activation.canSend }
        transport.reduce(event, at: LinkMoment(now: now, apps: context.apps, trace: context.trace)) { effect in
            effects.append(LinkFeature.worldEffect(consume effect, at: now))
        }
        if activating, transport.connection.activation.canSend {
            // `activationDidCompleteWith` on both sides: each app re-sends what the session refused.
            effects.append(.send(.watch(.sessionActivated)))
            effects.append(.send(.phone(.sessionActivated)))
        }
    }

    /// What the world does for one of the transport's effects: a timer effect is performed on
    /// the loop (``WorldEffect/linkTimer(_:)``), a delivery goes to the receiving side, an outcome
    /// to the sending side, a wake to the side whose app the system wakes.
    ///
    /// - Complexity: O(1).
    private static func worldEffect(_ effect: consuming LinkTransportEffect, at now: SimTime) -> WorldEffect {
        switch consume effect {
        case .timer(let effect): .linkTimer(effect)
        case .trace(let record): .trace(record)
        case .deliver(let message, let duplicate):
            switch message.route.from {
            case .phone: .send(.watch(.delivered(message, duplicate: duplicate)))
            case .watch: .send(.phone(.delivered(message, duplicate: duplicate)))
            }
        case .outcome(let message, let outcome):
            switch message.route.from {
            case .watch: .send(.watch(.outcome(message, outcome)))
            case .phone: .send(.phone(.outcome(message, outcome)))
            }
        case .changeApp(.watch, let event, _): .send(LinkFeature.watchAppEvent(event, at: now))
        case .changeApp(.phone, let event, let cause): .send(.phone(.app(event, cause: cause)))
        }
    }

    /// The watch side's event for a lifecycle change of the watch app.
    private static func watchAppEvent(_ event: AppRunState.Event, at now: SimTime) -> SimEvent {
        switch event {
        case .terminate: .watch(.app(.terminate(at: now)))
        case .launch: .watch(.openApp)
        case .moveToBackground: .watch(.app(.returnedToClock(at: now)))
        case .wakeInBackground: .watch(.app(.wake(at: now)))
        }
    }

    /// The `run` summary of the watch↔phone link: the `link` section (whether the two lists agree
    /// now and once the link is left to finish, ``ScenarioSimulation/settled()``), then one
    /// `link.<channel>` section per channel that carried anything: what was sent, delivered,
    /// retried, failed, with delivery delays.
    package func summary(in simulation: ScenarioSimulation) -> [ReportSection] {
        let settled = simulation.settled()
        let formatter = TraceFormatter(start: simulation.scenario.start)
        let atEnd = simulation.syncDiscrepancies()
        let finished = settled.syncDiscrepancies()
        func count(_ kind: SyncDiscrepancy.Kind) -> Int { finished.filter { $0.kind == kind }.count }
        let inTransit = atEnd.filter { $0.kind == .lost }.count
        let fromWatch = simulation.watch.sync.replica.lastSequence
        let fromPhone = simulation.phone.sync.replica.lastSequence
        var rows: [ReportSection.Row] = [
            .init("operations", .int(Int64(fromWatch + fromPhone))),
            .init("fromWatch", .int(Int64(fromWatch))),
            .init("fromPhone", .int(Int64(fromPhone))),
            .init("listsAgreeAtEnd", .bool(atEnd.isEmpty)),
            .init(
                "inTransitAtEnd", .int(Int64(inTransit)),
                text: inTransit == 0
                    ? "0"
                    : "\(inTransit) (applied at \(formatter.text(settled.now)) once the link finishes)"
            ),
            .init("lost", .int(Int64(count(.lost)))),
            .init("doubled", .int(Int64(count(.doubled)))),
            .init("outOfOrder", .int(Int64(count(.outOfOrder)))),
            .init("diverged", .int(Int64(count(.diverged)))),
            .init("phoneApp", .string(simulation.phone.appLifecycle.name)),
            .init("watchApp", .string(simulation.watch.appLifecycle.name)),
            .init("complicationBudgetLeft", .int(Int64(transport.complicationBudget.remaining(at: simulation.now)))),
        ]
        if case .unreachable(let reason) = simulation.context.reachability(from: .watch) {
            rows.append(.init("reachable", .bool(false), text: "false (\(reason.name))"))
        } else {
            rows.append(.init("reachable", .bool(true)))
        }
        var sections = [ReportSection(title: "link", rows: rows)]
        for channel in LinkChannel.allCases {
            let stats = transport.statistics(channel)
            guard stats.sent > 0 || stats.fellBack > 0 else { continue }
            let p50 = stats.delayPercentile(50)
            let p99 = stats.delayPercentile(99)
            let unit = DurationFormat.unit(for: [p99 ?? .zero])  // one unit for the two figures
            func text(_ value: SimDuration?) -> String { value.map { DurationFormat.text($0, unit: unit) } ?? "-" }
            sections.append(
                ReportSection(
                    title: "link." + channel.name,
                    rows: [
                        ("sent", stats.sent), ("delivered", stats.delivered), ("duplicates", stats.duplicates),
                        ("retried", stats.retried), ("failed", stats.failed), ("fellBack", stats.fellBack),
                    ].map { .init($0.0, .int(Int64($0.1))) } + [
                        .init(
                            "delayP50Ms", p50.map { .duration($0) } ?? .string("-"), text: text(p50)),
                        .init(
                            "delayP99Ms", p99.map { .duration($0) } ?? .string("-"), text: text(p99)),
                        .init("maxQueueDepth", .int(Int64(stats.maxQueueDepth))),
                    ]))
        }
        return sections
    }

    /// At the end of every run: once the link is left to finish (``ScenarioSimulation/settled()``),
    /// both devices show the same list, and no list operation was lost, applied twice or applied
    /// out of its origin's order. Each failure names the item and its trail (the item's last
    /// ``trailLimit`` trace events), once per item.
    ///
    /// - Complexity: O(*t* + *p*) for *t* trace events and *p* problems (each trail formatted once).
    package func invariantFailures(in simulation: ScenarioSimulation) -> [InvariantFailure] {
        let settled = simulation.settled()
        let problems = settled.syncDiscrepancies()
        guard !problems.isEmpty else { return [] }
        let formatter = TraceFormatter(start: simulation.scenario.start)
        var trails: [ItemID: [TraceEvent]] = Dictionary(
            problems.map { ($0.item, []) }, uniquingKeysWith: { first, _ in first })
        for event in settled.trace {
            if case .string(let item)? = event["item"], trails[item] != nil { trails[item]?.append(event) }
        }
        var itemShown: ItemID?
        return problems.map { problem in
            // Problems come grouped by item (``ConvergenceChecker``): the trail goes with the first.
            guard problem.item != itemShown else {
                return InvariantFailure(.listsConverge, "sync: \(problem)\n      trail: … (the same trail, above)")
            }
            itemShown = problem.item
            let trail = Self.trailText(trails[problem.item] ?? [], formatter)
            return InvariantFailure(.listsConverge, "sync: \(problem)\n      trail:\n" + trail)
        }
    }

    /// The most trace events a failure's message trail shows: the item's last ones (the whole
    /// trail is in `wristsim run FILE --trace`).
    static let trailLimit = 40

    /// `events` as trail lines, the last ``trailLimit`` of them, after a line counting those left out.
    ///
    /// - Complexity: O(min(*n*, ``trailLimit``)) lines formatted for *n* events.
    static func trailText(_ events: [TraceEvent], _ formatter: TraceFormatter) -> String {
        let shown = events.suffix(trailLimit)
        var lines: [String] = []
        lines.reserveCapacity(shown.count + 1)
        if shown.count < events.count {
            lines.append(
                "        … \(events.count - shown.count) earlier events of this item (all of them: run with --trace)")
        }
        for event in shown { lines.append("        " + formatter.text(event)) }
        return lines.joined(separator: "\n")
    }
}

extension LinkFeature: StorageAdopting {
    /// Keeps this link in `old`'s storage (``StorageAdopting``: the transport's).
    ///
    /// - Complexity: that of ``WatchLink``'s.
    package mutating func adoptStorage(of old: inout LinkFeature) {
        transport.adoptStorage(of: &old.transport)
        timers.adoptStorage(of: &old.timers)
    }
}

extension LinkTimers {
    /// Performs `effect` on the world's loop, where the link's timers travel as
    /// `.link(.timer(_))` events: what ``LinkTimers/perform(_:on:)`` does on a loop of link events.
    ///
    /// - Complexity: O(log *n*) on a loop of *n* events, plus O(*k*) for *k* pending reply timeouts.
    mutating func perform(_ effect: consuming LinkTimerEffect, on loop: inout EventLoop<SimEvent>) {
        switch consume effect {
        case .schedule(let timer, let time):
            loop.schedule(.link(.timer(timer)), at: time)
        case .scheduleInteractive(let message, let arrival, let timeout):
            loop.schedule(.link(.timer(.messageArrival(message))), at: arrival)
            keep(replyTimeoutOf: message, as: loop.schedule(.link(.timer(.replyTimeout(message))), at: timeout))
        case .cancelReplyTimeout(let message):
            if let handle = takeReplyTimeout(of: message) { loop.cancel(handle) }
        }
    }
}
