import CompanionModel
import SimulationKernel

extension ScenarioSimulation {
    /// Sends a check-off from the watch to the phone through the simulated link: the watch's
    /// sender picks the channel (interactive when reachable, else a queued transfer; a failed
    /// interactive message falls back to a queued transfer), and the phone applies it when it
    /// arrives (``phoneReceived(_:)``).
    mutating func sendToPhone(_ operation: CheckOffOperation) {
        syncLinkComplicationPlacement()
        performLink(link.system.reduce(.user(.commit(operation)), at: now))
    }

    /// Handles a link event that was due on the loop (a timer, a fault, a scheduled push).
    mutating func handleLink(_ event: LinkEvent) {
        link.noteHandled(event, at: now)
        applyLink(event)
    }

    /// Applies a link event now (a script step; nothing was scheduled for it).
    mutating func applyLink(_ event: LinkEvent) {
        syncLinkComplicationPlacement()
        performLink(link.system.reduce(event, at: now))
    }

    /// With a `"complication"` section, the watch face (its `complicationOnFace` /
    /// `complicationOffFace` steps) decides whether the phone gets 50 complication transfers a
    /// day or none; without one, the link's `"complication"` setting does.
    mutating func syncLinkComplicationPlacement() {
        guard let presence = complication?.model.presence(at: now) else { return }
        let placement: ComplicationTransferBudget.Placement =
            presence == .onActiveFace ? .onActiveFace : .notOnActiveFace
        guard link.system.link.complicationBudget.placement != placement else { return }
        performLink(link.system.reduce(.environment(.complicationPlacement(placement)), at: now))
    }

    /// Schedules a link event (steps and faults use this).
    mutating func scheduleLink(_ event: LinkEvent, at time: SimTime) {
        loop.schedule(.link(event), at: time)
        link.noteScheduled(event, at: max(time, now))
    }

    /// Schedules the configured faults and records the link's settings.
    mutating func startLink() {
        let configuration = link.system.link.configuration
        record(
            "link.start",
            fieldList: [
                ("latency", .string(configuration.faults.latency.description)),
                (
                    "duplicates",
                    .decimal(Int64((configuration.faults.duplicateProbability * 1_000).rounded()), scale: 3)
                ),
                ("replyTimeout", .duration(configuration.replyTimeout)),
                ("phoneApp", .string(link.system.link.phoneApp.name)),
                ("complication", .string(configuration.complicationPlacement.name)),
            ])
        for (time, event) in configuration.faults.scheduledEvents() { scheduleLink(event, at: time) }
    }

    /// The phone applied an operation (the link delivered it and it was newer than the item's
    /// last one): mirror it into the phone's list and let the phone's features react.
    ///
    /// Exactly-once and per-item order are kept by ``PhoneShoppingList`` inside the link: a
    /// duplicate or an operation older than the last applied never gets here.
    mutating func phoneReceived(_ operation: CheckOffOperation) {
        phoneList.apply(operation.kind, to: operation.item, at: now)
        phoneAppliedSequence[operation.item] = operation.sequence
        phoneDidApply(operation)
    }

    /// At the end of every run: once the link is left to finish (everything scheduled handled,
    /// then the phone in range and both apps running), the phone's list must equal what the
    /// user did on the watch, with no operation applied twice or out of order. Each failure names
    /// the item and its message trail.
    func linkInvariantFailures() -> [String] {
        let settled = link.settled(at: now)
        let trail = trace.events + settled.trace
        let formatter = TraceFormatter(start: scenario.start)
        return settled.system.verify(trail: trail).map { problem in
            "link: \(problem)\n      trail:\n"
                + problem.trail.map { "        " + formatter.text($0) }.joined(separator: "\n")
        }
    }

    private mutating func performLink(_ effects: [LinkEffect]) {
        for effect in effects {
            switch effect {
            case .schedule(let event, let time): scheduleLink(event, at: time)
            case .trace(let event): trace.record(event)
            case .phoneApplied(let operation): phoneReceived(operation)
            case .watchReceivedComplication(_, let channel):
                // A budgeted transfer is the phone's complication transfer; after a fallback the
                // watch app got the data as ordinary userInfo and reloads the complication itself.
                requestComplicationUpdate(source: channel == .complication ? "phoneTransfer" : "app")
            }
        }
    }
}

extension ScenarioSimulation {
    /// The link's summary sections (see ``LinkReport``).
    func linkSections() -> [ReportSection] {
        let settled = link.settled(at: now)
        return LinkReport.sections(
            system: link.system, settled: (settled.system, settled.at), end: now,
            formatter: TraceFormatter(start: scenario.start))
    }
}
