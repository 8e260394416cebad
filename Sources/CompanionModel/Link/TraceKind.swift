import SimulationKernel

/// Every kind of trace event the simulated world records. The raw value, a dotted name,
/// component first, is what traces print (`"watch.tap"`) and JSON Lines carry in `"kind"`;
/// it is stable across versions.
package enum TraceKind: String, Hashable, Sendable, CaseIterable {
    // Scenario runner.
    case scenarioStart = "scenario.start"
    case scenarioEnd = "scenario.end"
    case expectPassed = "expect.passed"
    case expectFailed = "expect.failed"
    case stepLink = "step.link"

    // Watch: wrist, app lifecycle, list, taps.
    case watchWristRaised = "watch.wristRaised"
    case watchWristLowered = "watch.wristLowered"
    case watchOpenApp = "watch.openApp"
    case watchReturnedToClock = "watch.returnedToClock"
    case watchApp = "watch.app"
    case watchNextItem = "watch.nextItem"
    case watchTap = "watch.tap"
    case watchTapIgnored = "watch.tapIgnored"
    case watchListChanged = "watch.listChanged"
    case watchReceived = "watch.received"
    case watchComplicationData = "watch.complicationData"

    // Check-off pipeline.
    case pipelineSend = "pipeline.send"
    case pipelineRowGone = "pipeline.rowGone"

    // Phone: its list, app, reminders and notifications.
    case phoneApp = "phone.app"
    case phoneReceived = "phone.received"
    case phoneRefill = "phone.refill"
    case phoneReminderError = "phone.reminderError"
    case phoneNotificationAction = "phone.notificationAction"
    case phoneActionIgnored = "phone.actionIgnored"
    case phoneNotificationDelivered = "phone.notificationDelivered"
    case phoneReminderMissed = "phone.reminderMissed"
    case phoneListChanged = "phone.listChanged"

    // Link (WatchConnectivity).
    case linkStart = "link.start"
    case linkSend = "link.send"
    case linkQueued = "link.queued"
    case linkSuperseded = "link.superseded"
    case linkBudget = "link.budget"
    case linkBudgetFallback = "link.budgetFallback"
    case linkUntagged = "link.untagged"
    case linkRetry = "link.retry"
    case linkArrived = "link.arrived"
    case linkDelivered = "link.delivered"
    case linkDuplicate = "link.duplicate"
    case linkDuplicateDropped = "link.duplicateDropped"
    case linkReplied = "link.replied"
    case linkFailed = "link.failed"
    case linkLost = "link.lost"
    case linkOrphaned = "link.orphaned"
    case linkAbandoned = "link.abandoned"
    case linkReplyLost = "link.replyLost"
    case linkCancelled = "link.cancelled"
    case linkRange = "link.range"
    case linkSession = "link.session"
    case linkComplicationFace = "link.complicationFace"

    // Two-way list sync (Sync/): one kind per step of an operation's message trail.
    case syncMade = "sync.made"
    case syncSent = "sync.sent"
    case syncDropped = "sync.dropped"
    case syncDelivered = "sync.delivered"
    case syncApplied = "sync.applied"
    case syncDuplicate = "sync.duplicate"
    case syncHeld = "sync.held"
    case syncAcknowledged = "sync.acknowledged"
    case syncUndeliverable = "sync.undeliverable"
    case syncRefused = "sync.refused"

    // Complication.
    case complicationRequest = "complication.request"
    case complicationReloaded = "complication.reloaded"
    case complicationBudgetReset = "complication.budgetReset"
    case complicationBudgetExhausted = "complication.budgetExhausted"
    case complicationPolicyPlanned = "complication.policyPlanned"
    case complicationBackgroundTask = "complication.backgroundTask"
    case complicationRefreshPlanRestarted = "complication.refreshPlanRestarted"
}

extension TraceEvent {
    /// A trace event of a known kind.
    package init(time: SimTime, kind: TraceKind, fields: KeyValuePairs<String, TraceValue> = [:]) {
        self.init(time: time, kind: kind.rawValue, fields: fields)
    }

    /// A trace event of a known kind with a computed field list.
    package init(time: SimTime, kind: TraceKind, fieldList: [(key: String, value: TraceValue)]) {
        self.init(time: time, kind: kind.rawValue, fieldList: fieldList)
    }

    /// Whether this event is of kind `kind`.
    package func `is`(_ kind: TraceKind) -> Bool { self.kind == kind.rawValue }
}
