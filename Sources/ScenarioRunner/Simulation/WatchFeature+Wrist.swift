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

extension WatchFeature {
    /// Where the user's wrist is (derived from the wrist and frontmost-app lifecycle).
    public var wrist: WristPosition { app.wrist.state.isWristRaised ? .raised : .lowered }

    /// The user raises or lowers the wrist.
    ///
    /// A step that changes nothing (raising a raised wrist) says so in its trace line.
    mutating func setWrist(_ position: WristPosition, _ context: WorldContext) -> [WorldEffect] {
        let now = context.now
        let before = app.wrist.state
        let event: WristAppEvent =
            position == .raised ? .wristRaised(at: now, list: listSnapshot(at: now)) : .wristLowered(at: now)
        let effects = wrist(event, context)
        let kind: TraceKind = position == .raised ? .watchWristRaised : .watchWristLowered
        return [.trace(kind, at: now, fieldList: unchangedNote(before, "the wrist was already \(position.rawValue)"))]
            + effects
    }

    /// The user opens the app from the clock face (or the scenario relaunches it): the face
    /// shows the app, and the app comes to the foreground (launched first if it does not run).
    mutating func openApp(_ context: WorldContext) -> [WorldEffect] {
        let before = app.wrist.state
        let lifecycleBefore = appLifecycle
        let effects =
            wrist(.appOpened(at: context.now, list: listSnapshot(at: context.now)), context)
            + lifecycle(.open(at: context.now), context)
        let why = before.isWristRaised ? "the app was already on screen" : "the wrist is down"
        let note = appLifecycle == lifecycleBefore ? unchangedNote(before, why) : []
        return [.trace(.watchOpenApp, at: context.now, fieldList: note)] + effects
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

    /// Runs a wrist event through the wrist-and-app machine and performs its effects.
    mutating func wrist(_ event: WristAppEvent, _ context: WorldContext) -> [WorldEffect] {
        app.wrist.reduce(event).flatMap { performWrist($0, context) }
    }

    /// The list as the shopper will see it: remaining rows in display order, and the item the
    /// script has them tap next (the next pick, which the sorted list should show on top).
    ///
    /// - Complexity: O(*n*) in the list for the rows, amortised O(1) for the next tap
    ///   (``UpcomingTaps``).
    mutating func listSnapshot(at now: SimTime) -> ListSnapshot {
        let list = self.list
        let next = upcomingTaps.next(atOrAfter: now) { list.state(of: $0)?.isRemaining ?? false }
        return ListSnapshot(remaining: list.remainingItems.map(\.id), next: next)
    }

    private mutating func performWrist(_ effect: WristAppEffect, _ context: WorldContext) -> [WorldEffect] {
        let now = context.now
        switch effect {
        case .scheduleReturnToClock(let time):
            return [.schedule(.watch(.returnToClockDue), at: time)]
        case .returnedToClock(let time):
            return [.trace(.watchReturnedToClock, at: time)] + lifecycle(.returnedToClock(at: time), context)
        case .refuseTap(let item, _, let reason):
            tapCounts.ignore(reason.rawValue)
            return [.trace(.watchTapIgnored, at: now, ["item": .string(item), "reason": .string(reason.rawValue)])]
        case .deliverTap(let item, _):
            if let reason = lifecycleRefusal {
                tapCounts.ignore(reason.rawValue)
                return [
                    .trace(.watchTapIgnored, at: now, ["item": .string(item), "reason": .string(reason.rawValue)])
                ]
            }
            tapCounts.accepted += 1
            let tap = app.session.tap(at: now)
            app.taps.append(TapRecord(item: item, time: now, handlerStarted: nil, checkOff: .awaitingCommit))
            guard case .recorded = context.trace else { return wakePipeline(context) }
            let note: WorldEffect = .trace(
                .watchTap, at: now,
                ["item": .string(item), "tap": .int(Int64(tap)), "pipeline": .string(app.settings.pipeline.name)])
            return [note] + wakePipeline(context)
        case .nextItem(let visibility, _):
            app.visibilityReports.append((now, visibility))
            return [
                .trace(
                    .watchNextItem, at: now,
                    ["visible": .bool(visibility.isVisible), "where": .string(visibility.label)])
            ]
        }
    }
}
