import CompanionModel
import SimulationKernel

/// Where the user's wrist is, as script steps say it. (The full wrist and frontmost-app lifecycle
/// is ``WatchAppState/wrist``.)
package enum WristPosition: String, Hashable, Sendable {
    case raised
    case lowered
}

extension WatchFeature {
    /// The user raises or lowers the wrist.
    ///
    /// A step that changes nothing (raising a raised wrist) says so in its trace line.
    ///
    /// - Complexity: that of ``nextPick(at:)`` for a raise; O(1) for a drop.
    mutating func setWrist(_ position: WristPosition, _ context: WorldContext, into effects: inout WorldEffects) {
        let now = context.now
        let before = app.wrist.state
        let event: WristAppEvent =
            position == .raised ? .wristRaised(at: now, next: nextPick(at: now)) : .wristLowered(at: now)
        let produced = app.wrist.transition(event)
        if case .recorded = context.trace {
            let kind: TraceKind = position == .raised ? .watchWristRaised : .watchWristLowered
            effects.append(
                .trace(kind, at: now, fieldList: unchangedNote(before, "the wrist was already \(position.rawValue)")))
        }
        perform(produced, context, into: &effects)
    }

    /// The user opens the app from the clock face (or the scenario relaunches it): the face
    /// shows the app, and the app comes to the foreground (launched first if it does not run).
    mutating func openApp(_ context: WorldContext, into effects: inout WorldEffects) {
        let before = app.wrist.state
        let lifecycleBefore = appLifecycle
        // The step's trace line comes first, but whether it says "unchanged" is known only once
        // both machines have run: its place is taken now and its fields are filled in below.
        let traceIndex = effects.count
        if case .recorded = context.trace { effects.append(.trace(.watchOpenApp, at: context.now)) }
        wrist(.appOpened(at: context.now, next: nextPick(at: context.now)), context, into: &effects)
        lifecycle(.open(at: context.now), context, into: &effects)
        guard case .recorded = context.trace else { return }
        let why = before.isWristRaised ? "the app was already on screen" : "the wrist is down"
        let note = appLifecycle == lifecycleBefore ? unchangedNote(before, why) : []
        effects[traceIndex] = .trace(.watchOpenApp, at: context.now, fieldList: note)
    }

    /// `["unchanged": why]` when the wrist-and-app state is still `before`, else no fields.
    private func unchangedNote(_ before: WristAppState, _ why: String) -> [(key: String, value: TraceValue)] {
        app.wrist.state == before ? [("unchanged", .string(why))] : []
    }

    /// Why the app's lifecycle refuses a tap the wrist let through, if it does.
    var lifecycleRefusal: TapRefusal? {
        switch appLifecycle {
        case .foreground: return nil
        case .launching: return .appLaunching
        case .notRunning, .background, .suspended: return .appNotRunning
        }
    }

    /// Runs a wrist event (a tap too) through the wrist-and-app machine, its one entry point
    /// (``WristAppMachine/transition(_:)``), and performs its effects.
    ///
    /// - Complexity: O(1) besides what the effects set off; no array is built (the effects are
    ///   held inline).
    mutating func wrist(_ event: WristAppEvent, _ context: WorldContext, into effects: inout WorldEffects) {
        perform(app.wrist.transition(event), context, into: &effects)
    }

    /// Performs the effects of a wrist-and-app transition, in order: the two fields they are held
    /// in (``WristAppEffects/first``, ``WristAppEffects/second``).
    ///
    /// - Complexity: O(1) besides what the effects set off.
    private mutating func perform(
        _ produced: WristAppEffects, _ context: WorldContext, into effects: inout WorldEffects
    ) {
        if let first = produced.first { performWrist(first, context, into: &effects) }
        if let second = produced.second { performWrist(second, context, into: &effects) }
    }

    /// Where the item the script has the shopper tap next (the next pick, which the sorted list
    /// should show on top) is among the remaining rows: what the next-item report reads.
    ///
    /// The row is counted in place from the replica's items by key: the remaining items before
    /// the next pick in display order, with no list of rows built and no name hashed.
    ///
    /// - Complexity: O(*n*) for *n* items; plus amortised O(1) for the next tap (``UpcomingTaps``).
    mutating func nextPick(at now: SimTime) -> NextPick {
        let items = sync.replica.items
        guard let next = upcomingTaps.next(atOrAfter: now, where: { items[$0].isOpen }) else { return .nothing }
        // The sorted list's promise: the next pick is the top row.
        if layout.nextKey(in: items) == next { return .onRow(0) }
        return .onRow(layout.remainingAbove(next, in: items))
    }

    private mutating func performWrist(
        _ effect: WristAppEffect, _ context: WorldContext, into effects: inout WorldEffects
    ) {
        let now = context.now
        switch effect {
        case .scheduleReturnToClock(let time):
            effects.append(.schedule(.watch(.returnToClockDue), at: time))
        case .returnedToClock(let time):
            if case .recorded = context.trace { effects.append(.trace(.watchReturnedToClock, at: time)) }
            lifecycle(.returnedToClock(at: time), context, into: &effects)
        case .refuseTap(let key, _, let reason):
            ignoreTap(key, reason, context, into: &effects)
        case .deliverTap(let key, _):
            deliverTap(key, context, into: &effects)
        case .nextItem(let visibility, _):
            app.visibilityReports.append((now, visibility))
            guard case .recorded = context.trace else { return }
            effects.append(
                .trace(
                    .watchNextItem, at: now,
                    ["visible": .bool(visibility.isVisible), "where": .string(visibility.label)]))
        }
    }

    /// A tap on the item with `key` the wrist let through: refused if the app's lifecycle refuses
    /// it, else recorded and handed to the pipeline.
    ///
    /// - Complexity: O(1) besides what the pipeline does; the item is found by its key, no hashing.
    private mutating func deliverTap(_ key: Int, _ context: WorldContext, into effects: inout WorldEffects) {
        if let reason = lifecycleRefusal { return ignoreTap(key, reason, context, into: &effects) }
        let now = context.now
        // The session's tap index: a record is kept for every tap the session was given.
        let tap = app.taps.count
        let ready = app.session.tap(at: now)
        app.taps.append(TapRecord(key: key, time: now, handlerStarted: nil, checkOff: .awaitingCommit))
        if case .recorded = context.trace {
            effects.append(
                .trace(
                    .watchTap, at: now,
                    [
                        "item": .string(layout.catalog.name(of: key)), "tap": .int(Int64(tap) + 1),
                        "pipeline": .string(app.settings.pipeline.name),
                    ]))
        }
        actOnPipeline(ready: ready, context, into: &effects)
    }

    /// Counts a tap on the item with `key` that does not reach the list, for `reason`, and traces it.
    private mutating func ignoreTap(
        _ key: Int, _ reason: TapRefusal, _ context: WorldContext, into effects: inout WorldEffects
    ) {
        if let index = ignoredTaps.firstIndex(where: { $0.reason == reason }) {
            ignoredTaps[index].count += 1
        } else {
            ignoredTaps.append((reason, 1))
        }
        guard case .recorded = context.trace else { return }
        effects.append(
            .trace(
                .watchTapIgnored, at: context.now,
                ["item": .string(layout.catalog.name(of: key)), "reason": .string(reason.rawValue)]))
    }
}
