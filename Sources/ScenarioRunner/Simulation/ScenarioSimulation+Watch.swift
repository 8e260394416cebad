import CompanionModel
import SimulationKernel

/// Where the user's wrist is, as script steps say it. (The full wrist and frontmost-app lifecycle
/// is ``WatchAppState/wrist``.)
public enum WristPosition: String, Hashable, Sendable {
    case raised
    case lowered

    /// Whether the wrist is up.
    public var acceptsTaps: Bool { self == .raised }
}

extension ScenarioSimulation {
    /// Where the user's wrist is (derived from the wrist and frontmost-app lifecycle).
    public var wrist: WristPosition { watchApp.wrist.state.isWristRaised ? .raised : .lowered }

    /// The user taps `item`'s row. The tap reaches the list only with the wrist up and the app
    /// frontmost (``WristAppMachine``); then the check-off pipeline runs it, and the list changes,
    /// the message is sent and the complication is refreshed at the pipeline's step times.
    mutating func userTapped(_ item: ItemID) {
        for effect in watchApp.wrist.reduce(.tap(item, at: now)) { performWrist(effect) }
    }

    /// The user raises or lowers the wrist.
    mutating func setWrist(_ position: WristPosition) {
        record(position == .raised ? "watch.wristRaised" : "watch.wristLowered")
        let event: WristAppEvent =
            position == .raised
            ? .wristRaised(at: now, list: listSnapshot()) : .wristLowered(at: now)
        for effect in watchApp.wrist.reduce(event) { performWrist(effect) }
    }

    /// The user opens the app from the clock face.
    mutating func openApp() {
        record("watch.openApp")
        for effect in watchApp.wrist.reduce(.appOpened(at: now, list: listSnapshot())) { performWrist(effect) }
    }

    /// The watch's list changes; the operation is sent to the phone and the complication refreshed.
    /// (Without a pipeline, all at once; the pipeline calls the parts at its step times.)
    mutating func commitOnWatch(_ kind: CheckOffKind, _ item: ItemID) {
        guard let operation = applyOnWatch(kind, item) else { return }
        sendToPhone(operation)
        requestComplicationUpdate(source: "app")
    }

    /// Applies a check-off to the watch's list and records the intent; `nil` when nothing changed.
    mutating func applyOnWatch(_ kind: CheckOffKind, _ item: ItemID) -> CheckOffOperation? {
        guard watchList.apply(kind, to: item, at: now) == .changed else { return nil }
        let operation = CheckOffOperation(item: item, kind: kind, sequence: nextSequence(for: item))
        intents.append(operation)
        record(
            "watch.listChanged",
            [
                "item": .string(item), "action": .string(kind.rawValue),
                "remaining": .int(Int64(watchList.remainingCount)),
                "next": .string(watchList.nextItem?.id ?? "-"),
            ])
        return operation
    }

    /// The list as the shopper will see it: remaining rows in display order, and the item the
    /// script has them tap next (the next pick, which the sorted list should show on top).
    func listSnapshot() -> ListSnapshot {
        let remaining = watchList.remainingItems.map(\.id)
        let upcoming = scenario.script.lazy.filter { $0.time >= now }.compactMap { step -> ItemID? in
            guard case .action(let action) = step.content, let tap = action as? CoreSteps.Tap,
                remaining.contains(tap.item)
            else { return nil }
            return tap.item
        }
        return ListSnapshot(remaining: remaining, next: upcoming.first)
    }

    // MARK: Wrist effects

    mutating func performWrist(_ effect: WristAppEffect) {
        switch effect {
        case .scheduleReturnToClock(let time):
            loop.schedule(.watch(.returnToClockDue), at: time)
        case .returnedToClock(let time):
            trace.record("watch.returnedToClock", at: time, [:])
        case .refuseTap(let item, _, let reason):
            tapCounts.ignore(reason.rawValue)
            record("watch.tapIgnored", ["item": .string(item), "reason": .string(reason.rawValue)])
        case .deliverTap(let item, _):
            tapCounts.accepted += 1
            let tap = watchApp.session.tap(at: now)
            watchApp.taps.append(TapRecord(item: item, time: now, handlerStarted: nil, checkOff: .awaitingCommit))
            record(
                "watch.tap",
                ["item": .string(item), "tap": .int(Int64(tap)), "pipeline": .string(watchApp.settings.pipeline.name)])
            wakePipeline()
        case .nextItem(let visibility, _):
            watchApp.visibilityReports.append((now, visibility))
            record("watch.nextItem", ["visible": .bool(visibility.isVisible), "where": .string(visibility.label)])
        }
    }

    /// Handles the watch app's own events. A `SimEvent.watch` case routes here.
    mutating func handleWatch(_ event: WatchAppEvent) {
        switch event {
        case .returnToClockDue:
            for effect in watchApp.wrist.reduce(.returnToClockDue(at: now)) { performWrist(effect) }
        case .pipelineWake:
            if watchApp.scheduledWake == now { watchApp.scheduledWake = nil }
            wakePipeline()
        case .rowGone(let tap, let latency):
            watchApp.latencies.append(latency)
            let record = watchApp.taps[tap]
            self.record(
                "pipeline.rowGone",
                [
                    "tap": .int(Int64(tap)), "item": .string(record.item),
                    "latencyMs": LatencyFormat.milliseconds(latency),
                    "queuedMs": LatencyFormat.milliseconds((record.handlerStarted ?? record.time) - record.time),
                ])
        }
    }
}
