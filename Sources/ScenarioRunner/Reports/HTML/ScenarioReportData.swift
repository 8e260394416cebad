import CompanionModel
import SimulationKernel

/// Everything the HTML report (and the standalone `--svg` pictures) show for one scenario,
/// pulled out of its runs.
///
/// The link's pictures learn the trace's event kinds and fields only here (they take
/// ``LinkMessageRecord``s and ``LinkBand``s); the latency pictures read each run's
/// ``PipelineRun``, the complication and reminders pictures their feature's own report values
/// (``ComplicationReport``, ``PhoneReminders``).
package struct ScenarioReportData {
    /// The scenario's own run (its pipeline, its seed).
    package var outcome: ScenarioOutcome
    /// The naive and optimized runs (and the scenario's own pipeline when it is neither) on the
    /// scenario's watch; empty when no tap reached the list.
    package var pipelineRuns: [LatencyProfile]
    /// The same pipelines on other watches for the latency distribution: those asked for with
    /// `--watch` (other than the scenario's), else the slowest watch when the scenario uses another one.
    package var slowestWatchRuns: [LatencyProfile]
    /// The 0-based tap drawn in the first swimlanes, and why that one as its caption says it
    /// (`"chosen with --tap"`, default `"the slowest"` naive tap); `nil` when no tap reached the list.
    package var drawnTap: (index: Int, reason: String)?
    /// The tap of median latency in the naive run.
    package var medianTap: Int?
    /// The link's sequence diagram (only when a message crossed the link).
    package var link: LinkSequenceSVG?
    /// The complication timeline (only with a `"complication"` section).
    package var complication: ComplicationTimelineSVG?
    /// The reminders chart (only with a `"reminders"` section).
    package var reminders: RemindersChartSVG?

    /// The scenario as run.
    package var scenario: Scenario { outcome.scenario }

    /// Why the data could not be extracted.
    package enum Failure: Error, Equatable, CustomStringConvertible {
        /// `--tap N` names a tap the scenario does not have.
        case noSuchTap(Int, taps: Int)

        package var description: String {
            switch self {
            case .noSuchTap(let tap, let taps):
                return taps == 0
                    ? "--tap \(tap): no tap reached the list in this scenario"
                    : "--tap expects a tap number from 1 to \(taps), found \(tap)"
            }
        }
    }

    /// Runs `scenario` (with `seed` overriding its seed) once as written and once per preset
    /// pipeline, and extracts the pictures' data.
    ///
    /// - Parameters:
    ///   - tap: the 1-based tap for the swimlanes (`nil`: the slowest).
    ///   - watches: watch models to add to the latency distribution (empty: the slowest).
    /// - Throws: ``Failure/noSuchTap(_:taps:)``.
    /// - Complexity: a few runs of the simulation, plus O(*e* log *e*) over its *e* trace events.
    package static func extract(
        _ scenario: Scenario, seed: UInt64? = nil, tap: Int? = nil, watches: [String] = []
    ) throws(Failure)
        -> ScenarioReportData
    {
        var simulation = ScenarioSimulation(scenario: scenario, seed: seed)
        let outcome = simulation.run()
        let ownPipeline = scenario.sections.pipeline?.pipeline.name
        var names = ["naive", "optimized"]
        if let ownPipeline, !names.contains(ownPipeline) { names.append(ownPipeline) }
        let hasTaps = simulation.watch.app.session.tapCount > 0
        func runs(on watch: String) -> [LatencyProfile] {
            guard hasTaps else { return [] }
            return names.compactMap { name in
                let pipeline = name == ownPipeline ? nil : name
                return (try? LatencyProfile.overriding(scenario, pipeline: pipeline, watch: watch)).map {
                    LatencyProfile.run($0, seed: seed)
                }
            }
        }
        let pipelineRuns = runs(on: scenario.watch)
        let others = (watches.isEmpty ? [WatchModel.slowestName] : watches).filter { $0 != scenario.watch }
        let slowest = others.uniqued(by: { $0 }).flatMap(runs(on:))
        var drawn: (index: Int, reason: String)?
        var median: Int?
        if let naive = pipelineRuns.first?.run, !naive.taps.isEmpty {
            let order = naive.taps.indices.sorted { (naive.taps[$0].latency, $1) > (naive.taps[$1].latency, $0) }
            drawn = order.first.map { ($0, "the slowest") }
            let ascending = Array(order.reversed())
            median = ascending[LatencyStatistics.nearestRank(percent: 50, count: ascending.count) - 1]
        }
        if let tap {
            let count = pipelineRuns.first?.run.taps.count ?? 0
            guard tap >= 1, tap <= count else { throw .noSuchTap(tap, taps: count) }
            drawn = (tap - 1, "chosen with --tap")
        }
        let link = Self.linkPicture(of: outcome)
        return ScenarioReportData(
            outcome: outcome, pipelineRuns: pipelineRuns, slowestWatchRuns: slowest, drawnTap: drawn,
            medianTap: median, link: link.messages.isEmpty ? nil : link,
            complication: simulation.complicationReport().map {
                ComplicationTimelineSVG(report: $0, scenarioName: scenario.name)
            },
            reminders: scenario.sections.reminders == nil
                ? nil
                : RemindersChartSVG(phone: simulation.phone.reminders.advanced(to: simulation.now), scenario: scenario))
    }

    // MARK: Link (from the trace)

    /// What a link trace event says of its message, for the pictures (`sent`: its first event,
    /// naming its channel and route); the other kinds (`link.arrived`, …) say nothing they draw.
    private enum MessageStep { case sent, delivered, duplicate, retry, failed, lost, superseded, cancelled }

    /// The step of each link trace kind the pictures read.
    private static let messageSteps: [TraceKind: MessageStep] = [
        .linkSend: .sent, .linkQueued: .sent, .linkBudget: .sent, .linkDelivered: .delivered,
        .linkDuplicate: .duplicate, .linkRetry: .retry, .linkFailed: .failed, .linkLost: .lost, .linkReplyLost: .lost,
        .linkOrphaned: .lost, .linkAbandoned: .lost, .linkSuperseded: .superseded, .linkCancelled: .cancelled,
    ]

    /// Every link message in `trace`, in send order.
    ///
    /// - Complexity: O(*e* log *m*) for *e* events and *m* messages.
    static func linkMessages(_ trace: some Sequence<TraceEvent>) -> [LinkMessageRecord] {
        var messages: [LinkMessageRecord] = []
        var index: [Int: Int] = [:]
        for event in trace {
            guard let step = TraceKind(rawValue: event.kind).flatMap({ messageSteps[$0] }),
                case .int(let rawID)? = event["id"]
            else { continue }
            let id = Int(rawID)
            // Every message's first event names its channel and route (``WatchLink``'s trace).
            if case .sent = step, index[id] == nil,
                let channel = event["channel"].flatMap(Self.string).flatMap(LinkChannel.init(rawValue:))
            {
                let route = event["route"].flatMap(Self.string) ?? "watch→phone"
                index[id] = messages.count
                messages.append(
                    LinkMessageRecord(
                        id: id, direction: route.hasPrefix("phone") ? .phoneToWatch : .watchToPhone, channel: channel,
                        payload: event["payload"].flatMap(Self.string) ?? "",
                        item: event["item"].flatMap(Self.string), sent: event.time))
            }
            guard let position = index[id] else { continue }
            let reason = event["reason"].flatMap(Self.string)
            let undelivered = messages[position].delivered == nil
            var ended: LinkMessageRecord.Fate?
            switch step {
            case .sent: continue
            case .delivered:
                guard undelivered else { continue }
                messages[position].delivered = event.time
                messages[position].fate = .delivered
            case .duplicate: messages[position].duplicates.append(event.time)
            case .retry: messages[position].retries.append(event.time)
            case .failed: ended = undelivered ? .failed(reason: reason ?? "error") : nil
            case .lost: ended = undelivered ? .lost(reason: reason ?? String(event.kind.dropFirst(5))) : nil
            case .superseded: ended = .superseded
            case .cancelled: ended = .cancelled
            }
            if let ended {
                messages[position].fate = ended
                messages[position].endedAt = event.time
            }
        }
        return messages
    }

    /// Out-of-range and app-not-running spans from `trace`, closed at `end`.
    static func linkBands(_ trace: some Sequence<TraceEvent>, end: SimTime) -> [LinkBand] {
        var bands: [LinkBand] = []
        var open: [LinkBand.Kind: SimTime] = [:]
        func toggle(_ kind: LinkBand.Kind, down: Bool, at time: SimTime) {
            if down {
                if open[kind] == nil { open[kind] = time }
            } else if let from = open.removeValue(forKey: kind) {
                bands.append(LinkBand(kind: kind, from: from, to: time))
            }
        }
        // An event of the kind whose "state" is the one named opens the band; another state closes it.
        let sources: [(kind: TraceKind, state: String, band: LinkBand.Kind)] = [
            (.linkRange, "outOfRange", .outOfRange), (.phoneApp, "notRunning", .phoneAppNotRunning),
            (.watchApp, "notRunning", .watchAppNotRunning), (.watchApp, "background", .watchAppBackground),
            (.watchApp, "suspended", .watchAppSuspended),
        ]
        for event in trace {
            for source in sources where event.is(source.kind) {
                toggle(source.band, down: event["state"].flatMap(Self.string) == source.state, at: event.time)
            }
            if event.is(.linkStart), event["phoneApp"].flatMap(Self.string) == "notRunning" {
                toggle(.phoneAppNotRunning, down: true, at: event.time)
            }
        }
        for kind in LinkBand.Kind.allCases {
            if let from = open[kind] { bands.append(LinkBand(kind: kind, from: from, to: end)) }
        }
        return bands.sorted { ($0.from, $0.to) < ($1.from, $1.to) }
    }

    /// The notification actions in `trace` (Complete, Snooze…), for the link picture.
    static func linkActions(_ trace: some Sequence<TraceEvent>) -> [(at: SimTime, label: String)] {
        trace.compactMap { event in
            guard TraceKind(rawValue: event.kind) == .phoneNotificationAction else { return nil }
            let action = event["action"].flatMap(Self.string) ?? "action"
            let item = event["item"].flatMap(Self.string).map { " " + $0 } ?? ""
            return (event.time, action + item)
        }
    }

    private static func string(_ value: TraceValue) -> String? {
        if case .string(let text) = value { return text }
        return nil
    }
}

/// The pictures of one scenario, built from its extracted data. The HTML report inlines them;
/// `latency --svg`, `timeline --svg`, `run --svg` and `reminders --svg` write them alone.
extension ScenarioReportData {
    /// The swimlanes of tap `tap` (0-based) under every pipeline, on one time axis.
    package func swimlanes(tap: Int, caption: String) -> TapSwimlanesSVG? {
        guard !pipelineRuns.isEmpty else { return nil }
        let runs = pipelineRuns.map { TapSwimlanesSVG.Run(profile: $0, messages: Self.linkMessages($0.outcome.trace)) }
        return TapSwimlanesSVG(title: "\(caption) · \(scenario.name)", runs: runs, tap: tap)
    }

    /// Every tap's latency per pipeline and watch, on one axis, with the per-step breakdown.
    package var latencyPicture: LatencyHistogramSVG? {
        pipelineRuns.isEmpty ? nil : LatencyHistogramSVG(profiles: pipelineRuns + slowestWatchRuns)
    }

    /// The link's sequence diagram of a finished run (`run --svg`; lifelines only when nothing
    /// crossed the link).
    package static func linkPicture(of outcome: ScenarioOutcome) -> LinkSequenceSVG {
        LinkSequenceSVG(
            title: "Watch ↔ phone link · \(outcome.scenario.name)", messages: linkMessages(outcome.trace),
            bands: linkBands(outcome.trace, end: outcome.endTime), actions: linkActions(outcome.trace),
            end: outcome.endTime, origin: outcome.scenario.start)
    }

    /// The reminders chart of a finished run's phone (`reminders --svg`).
    package static func remindersPicture(phone: PhoneReminders, scenario: Scenario) -> RemindersChartSVG {
        RemindersChartSVG(phone: phone, scenario: scenario)
    }
}
