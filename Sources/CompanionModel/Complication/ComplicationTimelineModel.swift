import SimulationKernel

/// An entry as it was installed on the face, with the reload that supplied it.
package struct ComplicationShownEntry: Hashable, Sendable {
    package var entry: ComplicationEntry
    /// Who asked for the reload that installed it.
    package var source: ComplicationReloadSource
    /// When that reload happened (equal to `entry.date` for the current entry, earlier for one supplied ahead).
    package var reloadedAt: SimTime
}

/// A daily budget that ran out, and when.
package struct ComplicationExhaustion: Hashable, Sendable {
    package var at: SimTime
    package var budget: ComplicationExhaustedBudget
}

/// Where the complication was from `at` on.
package struct ComplicationPresenceChange: Hashable, Sendable {
    package var at: SimTime
    package var presence: ComplicationFacePresence
}

/// The complication over a scenario: the truth (the list), the budget state machine, and the
/// entries actually installed on the face; everything a timeline report needs.
///
/// The driver feeds events in time order: ``listChanged(_:at:time:)`` and
/// ``handle(_:transfersLeft:)``, and schedules the wakes and cancellations it returns.
/// A complication on the active face at the start gets a free `system` reload.
package struct ComplicationTimelineModel: Sendable {
    package let configuration: ComplicationConfiguration
    package private(set) var budget: ComplicationBudget
    /// Installed entries in date order. A reload at time *r* drops entries dated *r* or later
    /// (ClockKit "dumps any cached data") and appends the new timeline.
    package private(set) var shown: [ComplicationShownEntry] = []
    /// The list as it truly was through the run (each change kept as what it replaced).
    package private(set) var truth: ComplicationTruth
    package private(set) var presence: [ComplicationPresenceChange]
    /// Every request, in order.
    package private(set) var records: [ComplicationRequestRecord] = []
    /// Every budget reset that happened (resets with no request between them appear once, as the latest).
    package private(set) var resets: [SimTime] = []
    /// Each time a daily budget ran out.
    package private(set) var exhaustions: [ComplicationExhaustion] = []
    /// Every background task, in the order they ended.
    package private(set) var backgroundTasks: [BackgroundTaskRecord] = []

    /// A model that follows `list` item by item (``listChanged(_:at:time:)``) from the run's start
    /// (time zero), starting from its remaining items.
    package init(
        configuration: ComplicationConfiguration, list: ShoppingList, presence initial: ComplicationFacePresence
    ) {
        self.configuration = configuration
        self.budget = ComplicationBudget(
            settings: configuration.budget, presence: .notOnActiveFace, chip: configuration.chip)
        self.truth = ComplicationTruth(list)
        self.presence = [ComplicationPresenceChange(at: .zero, presence: .notOnActiveFace)]
        if initial == .onActiveFace { _ = handle(.faceChanged(at: .zero, to: .onActiveFace)) }
    }

    /// Records that from `time` the remaining item at `place` of the model's list is `item`
    /// (`nil`: checked off or taken off the list; ``ComplicationTruth/record(_:at:time:)``).
    package mutating func listChanged(_ item: ShoppingItem?, at place: ComplicationListPlace, time: SimTime) {
        truth.record(item, at: place, time: time)
    }

    /// Runs one request through the budget and applies the result: a granted reload installs a
    /// new timeline (and under a reload policy plans the next system reload).
    ///
    /// - Parameter transfersLeft: the phone's complication transfers left now, as the link
    ///   counts them (stamped on the records kept, for reports).
    /// - Returns: all effects, for the driver to schedule wakes, tasks and cancellations.
    /// - Complexity: O(*e* log *n*) expected for a granted reload supplying *e* entries.
    @discardableResult
    package mutating func handle(_ event: ComplicationBudgetEvent, transfersLeft: Int? = nil)
        -> [ComplicationBudgetEffect]
    {
        var effects = budget.reduce(event)
        var index = 0
        while index < effects.count {
            switch effects[index] {
            case .record(var record):
                record.transfersLeft = transfersLeft
                records.append(record)
            case .budgetReset(let at): resets.append(at)
            case .budgetExhausted(let at, let which): exhaustions.append(ComplicationExhaustion(at: at, budget: which))
            case .backgroundTaskRecord(let task): backgroundTasks.append(task)
            case .reloadTimeline(let at, let source):
                let lastEntry = install(at: at, source: source)
                effects += budget.timelineInstalled(at: at, lastEntry: lastEntry)
            case .wakeForBackgroundRefresh, .runBackgroundTask, .schedulePolicyReload, .scheduleDeferredReload, .cancel:
                break
            }
            index += 1
        }
        if case .faceChanged(let at, let to) = event, presence.last?.presence != to {
            if let last = presence.last, last.at == at {
                presence[presence.count - 1].presence = to
            } else {
                presence.append(ComplicationPresenceChange(at: at, presence: to))
            }
        }
        return effects
    }

    /// Installs the timeline for `time`; returns the date of its last entry.
    private mutating func install(at time: SimTime, source: ComplicationReloadSource) -> SimTime {
        let kept = configuration.budget.timeline(
            truth.index(at: time), now: time, mode: configuration.mode)
        while let last = shown.last, last.entry.date >= time { shown.removeLast() }
        shown += kept.map { ComplicationShownEntry(entry: $0, source: source, reloadedAt: time) }
        return kept.last?.date ?? time
    }
}

extension ComplicationTimelineModel {
    /// Where the complication is at `time` (a binary search of the face changes).
    package func presence(at time: SimTime) -> ComplicationFacePresence {
        let after = presence.partitionPoint { $0.at > time }
        return after == 0 ? .notOnActiveFace : presence[after - 1].presence
    }

    /// The installed entry in effect at `time`, ignoring whether the complication is on the face (a binary search).
    package func entry(at time: SimTime) -> ComplicationShownEntry? {
        let after = shown.partitionPoint { $0.entry.date > time }
        return after == 0 ? nil : shown[after - 1]
    }

    /// What `family` shows at `time`, or `nil` when the complication is not on the active face.
    package func shownText(_ family: ComplicationFamily, at time: SimTime) -> String? {
        guard presence(at: time) == .onActiveFace, let entry = entry(at: time) else { return nil }
        return text(of: entry.entry.content, on: family)
    }

    /// What `family` would show if it were true at `time` (``ComplicationTruth/content(at:mode:)``).
    package func trueText(_ family: ComplicationFamily, at time: SimTime) -> String {
        text(of: truth.content(at: time, mode: configuration.mode), on: family)
    }

    /// `content` as `family` shows it under this configuration.
    package func text(of content: ComplicationContent, on family: ComplicationFamily) -> String {
        content.text(for: family, clock: configuration.clock).fitted(limit: configuration.limits[family])
    }
}

extension ComplicationTimelineModel: StorageAdopting {
    /// Keeps this model in `old`'s storage (``StorageAdopting``).
    package mutating func adoptStorage(of old: inout ComplicationTimelineModel) {
        budget.adoptStorage(of: &old.budget)
        shown.adoptStorage(of: &old.shown)
        truth.adoptStorage(of: &old.truth)
        presence.adoptStorage(of: &old.presence)
        records.adoptStorage(of: &old.records)
        resets.adoptStorage(of: &old.resets)
        exhaustions.adoptStorage(of: &old.exhaustions)
        backgroundTasks.adoptStorage(of: &old.backgroundTasks)
    }
}
