import SimulationKernel

/// The wrist-and-app reducer: feeds wrist raises, wrist drops, app launches and taps through
/// ``WristAppState`` and says what happens.
///
/// ```swift
/// var machine = WristAppMachine(rowsVisible: 3)
/// machine.transition(.wristLowered(at: t0))   // [.scheduleReturnToClock(at: t0 + 120s)]
/// machine.transition(.tap(2, at: t1))         // [.refuseTap(2, at: t1, reason: .wristDown)]
/// ```
///
/// The driver may deliver ``WristAppEvent/returnToClockDue(at:)`` when asked to, but need not:
/// a raise at or after the deadline finds the clock face anyway. A stale deadline (the wrist came
/// back up before it) is ignored, so the driver never has to cancel it.
package struct WristAppMachine: Hashable, Sendable {
    /// The current state.
    package private(set) var state: WristAppState
    /// How long the app stays frontmost after the wrist drops (PLATFORM.md §5/§6: 120 s; the
    /// user's Return to Clock setting offers immediately, 2 minutes or 1 hour). Zero = at once.
    package var frontmostTimeout: SimDuration
    /// Rows the screen shows without scrolling (``WatchModel/rowsVisible``).
    package var rowsVisible: Int

    /// The default frontmost time after wrist-down: 120 s (PLATFORM.md §6).
    package static let defaultFrontmostTimeout = SimDuration.seconds(Int64(120))

    /// A machine starting with the app open and the wrist raised at `start`.
    package init(
        rowsVisible: Int, frontmostTimeout: SimDuration = WristAppMachine.defaultFrontmostTimeout,
        initial: WristAppState = .appActive(since: .zero)
    ) {
        self.state = initial
        self.rowsVisible = rowsVisible
        self.frontmostTimeout = frontmostTimeout
    }

    /// Applies `event` and returns the effects for the driver, in order, held inline: a transition
    /// has at most two (``WristAppEffects``), so no array is built. The machine's one entry point.
    ///
    /// - Complexity: O(1), no allocation.
    package mutating func transition(_ event: WristAppEvent) -> WristAppEffects {
        switch (state, event) {
        case (.appActive, .wristLowered(let time)):
            if frontmostTimeout <= .zero {
                state = .clockAsleep(since: time)
                return WristAppEffects(.returnedToClock(at: time))
            }
            let deadline = time + frontmostTimeout
            state = .appInactive(wristDownAt: time, returnsToClockAt: deadline)
            return WristAppEffects(.scheduleReturnToClock(at: deadline))

        case (.appInactive(_, let deadline), .wristRaised(let time, let next)):
            if time >= deadline {
                state = .clockFace(since: time)
                return WristAppEffects(.returnedToClock(at: deadline), report(.clockFace, next, time))
            }
            state = .appActive(since: time)
            return WristAppEffects(report(nil, next, time))

        case (.appInactive(_, let deadline), .returnToClockDue(let time)):
            // A deadline delivered early changes nothing: the raise or the due deadline decides.
            guard time >= deadline else { return WristAppEffects() }
            state = .clockAsleep(since: deadline)
            return WristAppEffects(.returnedToClock(at: deadline))

        case (.clockAsleep, .wristRaised(let time, let next)):
            state = .clockFace(since: time)
            return WristAppEffects(report(.clockFace, next, time))

        case (.clockFace, .wristLowered(let time)):
            state = .clockAsleep(since: time)
            return WristAppEffects()

        case (.clockFace, .appOpened(let time, let next)):
            state = .appActive(since: time)
            return WristAppEffects(report(nil, next, time))

        case (_, .tap(let item, let time)):
            return WristAppEffects(tap(item, at: time))

        case (.appActive, .wristRaised), (.clockFace, .wristRaised),
            (.appInactive, .wristLowered), (.clockAsleep, .wristLowered):
            // Raising a raised wrist or lowering a lowered one changes nothing.
            return WristAppEffects()

        case (.appActive, .appOpened), (.appInactive, .appOpened), (.clockAsleep, .appOpened):
            // Opening an app that is already open, or with the wrist down (no screen to tap),
            // changes nothing.
            return WristAppEffects()

        case (.appActive, .returnToClockDue), (.clockAsleep, .returnToClockDue), (.clockFace, .returnToClockDue):
            // A stale deadline: the wrist came back up before it, or the face already left the app.
            return WristAppEffects()
        }
    }

    /// The one effect of a tap (``WristAppEvent/tap(_:at:)``, which changes no state): the tap
    /// reaches the list, or is refused with why.
    ///
    /// - Complexity: O(1).
    private func tap(_ item: Int, at time: SimTime) -> WristAppEffect {
        if let reason = state.tapRefusal { return .refuseTap(item, at: time, reason: reason) }
        return .deliverTap(item, at: time)
    }

    /// The next-item report at a raise or an app launch, if the driver said where the next item is.
    private func report(_ fixed: NextItemVisibility?, _ next: NextPick?, _ time: SimTime) -> WristAppEffect? {
        guard let next else { return nil }
        let visibility = fixed ?? NextItemVisibility.of(next, rowsVisible: rowsVisible)
        return .nextItem(visibility, at: time)
    }
}

/// An input to ``WristAppMachine``.
package enum WristAppEvent: Hashable, Sendable {
    /// The wrist comes up; `next` (when given) is where the app would show the next item, for the
    /// next-item report.
    case wristRaised(at: SimTime, next: NextPick?)
    /// The wrist goes down.
    case wristLowered(at: SimTime)
    /// The return-to-clock deadline the machine asked for has come.
    case returnToClockDue(at: SimTime)
    /// The user opens the app from the clock face (taps its complication or icon).
    case appOpened(at: SimTime, next: NextPick?)
    /// The user taps the row of the item with this key (``ItemCatalog``: its identity, decided
    /// when the scenario is loaded; the machine only hands it back in its effect).
    case tap(Int, at: SimTime)
}

/// What the driver must do or record after a ``WristAppMachine`` transition.
package enum WristAppEffect: Hashable, Sendable {
    /// Deliver ``WristAppEvent/returnToClockDue(at:)`` at this time (optional; see the machine).
    case scheduleReturnToClock(at: SimTime)
    /// The face returned to the clock at this time (the app is no longer frontmost).
    case returnedToClock(at: SimTime)
    /// The tap on the item with this key reaches the list: run the check-off pipeline.
    case deliverTap(Int, at: SimTime)
    /// The tap on the item with this key is lost, for `reason`.
    case refuseTap(Int, at: SimTime, reason: TapRefusal)
    /// Whether the next item is visible without scrolling, at a wrist raise or app launch.
    case nextItem(NextItemVisibility, at: SimTime)
}

/// The effects of one ``WristAppMachine`` transition, in order: none, one or two, held inline (a
/// transition never has more), so handling a wrist event builds no array.
///
/// A driver reads the two fields, ``first`` then ``second``: there is nothing to iterate.
package struct WristAppEffects: Hashable, Sendable {
    /// The first effect; `nil` when there is none.
    package private(set) var first: WristAppEffect?
    /// The second effect; `nil` when there are fewer than two (never set without ``first``).
    package private(set) var second: WristAppEffect?

    /// `first` then `second`, skipping a `nil` (no effect).
    init(_ first: WristAppEffect? = nil, _ second: WristAppEffect? = nil) {
        self.first = first ?? second
        self.second = first == nil ? nil : second
    }
}
