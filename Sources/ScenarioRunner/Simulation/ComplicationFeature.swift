import CompanionModel
import SimulationKernel

/// The complication inside a scenario run: the library model plus what the simulation needs to
/// drive it (the app's background-refresh plan and the pending wake on the event loop).
public struct ComplicationFeature: Sendable {
    /// The app's side of background refreshes.
    enum RefreshDriver: Hashable, Sendable {
        /// The app has nothing scheduled (no plan, or the complication is off the face).
        case stopped
        /// The app will ask to schedule a refresh at a later time (the plan's `from`).
        case willSchedule(EventID)
        /// A refresh is scheduled; the system wakes the app with this event.
        case awaitingWake(EventID)
        /// The app is awake and its background task runs until this event ends it.
        case runningTask(EventID)
        /// The system terminated the app during a background task: it could not schedule its
        /// next refresh, so none comes until the app runs again in the foreground.
        case terminated(BackgroundTaskTermination)
    }

    /// The system's side of WidgetKit policy reloads.
    enum PolicyDriver: Hashable, Sendable {
        case idle
        /// The planned reload fires with this event.
        case waiting(EventID)
    }

    public internal(set) var model: ComplicationTimelineModel
    public let settings: ComplicationSettings
    var driver: RefreshDriver = .stopped
    var policy: PolicyDriver = .idle
    /// What each background task does now (the plan's, until a `backgroundTaskWork` step).
    var taskWork: BackgroundTaskWork

    /// - Parameter chip: the watch's chip; reload and task work scale to it.
    init(settings: ComplicationSettings, items: [ShoppingItem], chip: WatchChip) {
        self.settings = settings
        self.taskWork = settings.backgroundRefresh?.task ?? BackgroundTaskWork()
        var configuration = settings.configuration
        configuration.chip = chip
        self.model = ComplicationTimelineModel(configuration: configuration, items: items, presence: settings.presence)
    }

    /// Brings the model's truth up to date with the watch's list: each item checked off since
    /// the last update becomes a list change at its own check-off time (so staleness counts from
    /// the tap, not from when the app got round to updating the complication); any other
    /// difference (an item put back) is a change now.
    ///
    /// - Complexity: O(*n* log *n*) in the list size.
    mutating func syncTruth(with list: ShoppingList, at now: SimTime) {
        let current = list.remainingItems
        guard let last = model.truth.last, last.remaining != current else { return }
        let currentIDs = Set(current.map(\.id))
        var state = last.remaining
        let checked = state.compactMap { item -> (ItemID, SimTime)? in
            guard !currentIDs.contains(item.id), case .checked(let at)? = list.state(of: item.id) else { return nil }
            return (item.id, at)
        }.sorted { ($0.1, $0.0) < ($1.1, $1.0) }
        for (id, at) in checked {
            state.removeAll { $0.id == id }
            model.listChanged(to: state, at: max(at, model.truth.last?.at ?? at))
        }
        if state != current { model.listChanged(to: current, at: now) }
    }

    /// A copy with the truth brought up to `now` (for expectations and reports).
    func synced(with list: ShoppingList, at now: SimTime) -> ComplicationFeature {
        var copy = self
        copy.syncTruth(with: list, at: now)
        return copy
    }
}

/// The complication's events on the simulation's loop.
public enum ComplicationEvent: Hashable, Sendable {
    /// The app asks the system to schedule its next background refresh.
    case scheduleRefresh
    /// The system wakes the app for its scheduled background refresh.
    case refreshWake
    /// The app's background task ends (completed, or terminated by the system).
    case taskEnded(BackgroundTaskResult)
    /// WidgetKit reloads the timeline, as its policy asked.
    case policyReload
}
