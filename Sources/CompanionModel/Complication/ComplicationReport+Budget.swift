import SimulationKernel

extension ComplicationReport {
    /// The requests up to the end, counted in one pass (a long run has hundreds of thousands):
    /// what the text summary, the run summary and the `complicationBudget` expectation report.
    package var requestCounts: RequestCounts { RequestCounts(records) }

    /// Requests counted by kind and decision.
    package struct RequestCounts: Sendable {
        package var reloads = 0
        package var granted = 0
        /// Granted reloads charged to the daily budget.
        package var charged = 0
        package var deferred = 0
        package var schedules = 0
        package var schedulesGranted = 0
        /// Requests of either kind refused for each reason, in ``ComplicationRefusal/allCases`` order.
        package private(set) var refusals = [Int](repeating: 0, count: ComplicationRefusal.allCases.count)

        init(_ records: ArraySlice<ComplicationRequestRecord>) {
            let reasons = ComplicationRefusal.allCases
            for record in records {
                switch record.kind {
                case .reload:
                    reloads += 1
                    if record.outcome.isGranted { granted += 1 }
                    if record.outcome == .granted(.charged) { charged += 1 }
                    if record.outcome.deferredUntil != nil { deferred += 1 }
                case .scheduleRefresh:
                    schedules += 1
                    if record.outcome.isGranted { schedulesGranted += 1 }
                }
                if let reason = record.outcome.refusal, let index = reasons.firstIndex(of: reason) {
                    refusals[index] += 1
                }
            }
        }

        /// Requests of either kind refused, in all.
        package var refused: Int { refusals.reduce(0, +) }

        /// `"budgetExhausted\(separator)3"` for each reason with refusals, in
        /// ``ComplicationRefusal/allCases`` order.
        package func refusalTally(separator: String) -> [String] {
            zip(ComplicationRefusal.allCases, refusals).compactMap { reason, count in
                count == 0 ? nil : "\(reason.rawValue)\(separator)\(count)"
            }
        }
    }

    /// Reloads the timeline's policy asked for (granted or refused), up to the end.
    package var policyReloads: LazyFilterSequence<ArraySlice<ComplicationRequestRecord>> {
        records.lazy.filter { $0.source == .policy }
    }

    /// The first time a daily budget ran out, and which, up to the end.
    package var firstExhaustion: ComplicationExhaustion? {
        model.exhaustions.first { $0.at <= end }
    }

    /// Background tasks that ended by the end.
    package var backgroundTasks: [BackgroundTaskRecord] {
        model.backgroundTasks.filter { $0.endedAt <= end }
    }

    /// Background tasks the system terminated.
    package var terminatedTasks: [BackgroundTaskRecord] {
        backgroundTasks.filter { $0.result.termination != nil }
    }

    /// Execution time charged by reloads up to the end (0 without an execution budget).
    package var executionCharged: SimDuration {
        records.reduce(.zero) { $0 + ($1.cost ?? .zero) }
    }

    /// The longest stretch from the start to the end with no granted reload (the face "went
    /// dark"), counting the gaps before the first and after the last (O(*r*) in requests).
    package var longestWithoutReload: SimDuration {
        var previous = start
        var longest = SimDuration.zero
        for record in records where record.kind == .reload && record.outcome.isGranted {
            longest = max(longest, record.at - previous)
            previous = record.at
        }
        return max(longest, end - previous)
    }

    /// The spans from the start to the end when the complication was not on the active face:
    /// watchOS gives it no background refresh, no system or policy reload and no phone transfer
    /// then (Apple documents the refresh budget only for "a complication on the active watch
    /// face"), so the face the user wears shows nothing of the app (O(*p*) in the number of face changes).
    package var offActiveFace: [(from: SimTime, to: SimTime)] {
        var spans: [(from: SimTime, to: SimTime)] = []
        var offSince: SimTime?
        for change in model.presence where change.at <= end {
            switch change.presence {
            case .notOnActiveFace: if offSince == nil { offSince = max(change.at, start) }
            case .onActiveFace:
                if let since = offSince, change.at > since { spans.append((since, change.at)) }
                offSince = nil
            }
        }
        if let since = offSince, end > since { spans.append((since, end)) }
        return spans
    }

    /// The total time from the start to the end when the complication was not on the active face.
    package var offActiveFaceTotal: SimDuration {
        offActiveFace.reduce(.zero) { $0 + ($1.to - $1.from) }
    }

    /// How many reloads of this watch's cost the daily execution budget pays for (`nil` without one).
    package var reloadsPerExecutionBudget: Int? {
        guard let daily = model.configuration.budget.dailyExecution else { return nil }
        return ComplicationBudget.reloads(count: nil, execution: daily, cost: model.budget.reloadCost)
    }
}

extension ComplicationReport {
    /// A duration for text output: under a second to the microsecond in milliseconds
    /// (`"1.667ms"`), otherwise to the millisecond (`"59.993s"`, `"17m12s"`).
    package static func readable(_ duration: SimDuration) -> String {
        let magnitude = duration.nanoseconds.magnitude
        if magnitude == 0 { return "0s" }
        guard magnitude < 1_000_000_000 else { return ComplicationStaleness.displayed(duration).description }
        let micro = (magnitude + 500) / 1_000
        let sign = duration.nanoseconds < 0 ? "-" : ""
        if micro % 1_000 == 0 { return "\(sign)\(micro / 1_000)ms" }
        var fraction = String(micro % 1_000)
        fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(sign)\(micro / 1_000).\(fraction)ms"
    }
}
