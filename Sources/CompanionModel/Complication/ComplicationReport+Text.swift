import SimulationKernel

extension ComplicationReport {
    private enum RowKind: Int {
        case reset, face, task, request, budget, shows, stale
    }

    /// What a row says: its text, or what it is made from when the page is written (a long run
    /// has a request row and a `shows` row per reload: their words are not held all at once).
    private enum RowText {
        case text(String)
        case request(Int)
        case shows(SimTime)
    }

    private struct Row {
        var time: SimTime
        var kind: RowKind
        var sequence: Int
        var text: RowText
    }

    /// Stale spans shorter than this are counted in the summary but get no row of their own in
    /// ``text``: with a check-off pipeline, every check-off leaves the face stale for the few
    /// milliseconds until its "update complication" step, which would flood the preview.
    package static let staleRowMinimum = SimDuration.seconds(1)

    /// The text preview: what the face shows wherever it changes, every request (refusals marked
    /// `REFUSED`), budget resets, the start of each stale span of at least ``staleRowMinimum``,
    /// then the budget and staleness summary.
    ///
    /// - Complexity: O(*r* log *r*) in the number of rows.
    package var text: String {
        var rows: [Row] = []
        func add(_ time: SimTime, _ kind: RowKind, _ text: String) {
            rows.append(Row(time: time, kind: kind, sequence: rows.count, text: .text(text)))
        }
        for reset in model.resets where reset <= end {
            add(reset, .reset, "reset    budget refilled: \(dailyBudgetText)")
        }
        for task in backgroundTasks {
            let woke = wokeText(task)
            switch task.result {
            case .completed(let after):
                add(task.endedAt, .task, "task     background refresh completed after \(after) (\(woke))")
            case .terminated(let reason, let after):
                add(
                    task.endedAt, .task,
                    "task     background refresh TERMINATED \(reason.code) \(reason.rawValue) after \(after) "
                        + "(\(woke)): no reload, no next refresh scheduled")
            }
        }
        for exhaustion in model.exhaustions where exhaustion.at <= end {
            add(
                exhaustion.at, .budget,
                "budget   \(exhaustion.budget == .execution ? "execution time" : "reload count") exhausted until \(clock.timeOfDay(reset(after: exhaustion.at)))"
            )
        }
        for change in model.presence where change.at <= end && change.at >= start {
            switch change.presence {
            case .onActiveFace:
                guard change.at > start else { continue }
                add(change.at, .face, "face     complication put on the active face")
            case .notOnActiveFace:
                // The start's own record says "not on face" only when it stays so.
                guard change.at > start || model.presence(at: start) == .notOnActiveFace else { continue }
                add(
                    change.at, .face,
                    (change.at > start
                        ? "face     complication taken off the active face"
                        : "face     complication not on the active face")
                        + ": no background refresh, no system reload, no phone transfer until it is on it")
            }
        }
        let requests = records
        for index in requests.indices {
            rows.append(Row(time: requests[index].at, kind: .request, sequence: rows.count, text: .request(index)))
        }
        var instants = model.shown.map(\.entry.date) + model.presence.map(\.at)
        instants = instants.filter { $0 >= start && $0 <= end }
        instants.sort()
        var previous: [String?]?
        for instant in instants {
            let texts = families.map { model.shownText($0, at: instant) }
            if let previous, previous == texts { continue }
            previous = texts
            rows.append(Row(time: instant, kind: .shows, sequence: rows.count, text: .shows(instant)))
        }
        for family in staleness {
            for span in family.spans where span.duration >= ComplicationReport.staleRowMinimum {
                add(
                    span.from, .stale,
                    "stale    \(family.family.rawValue) shows \"\(span.shown)\", true \"\(span.truth)\" for \(ComplicationStaleness.displayed(span.duration))"
                )
            }
        }
        rows.sort { ($0.time, $0.kind.rawValue, $0.sequence) < ($1.time, $1.kind.rawValue, $1.sequence) }
        let width = clock.showsDates ? 21 : 10
        // Written into one string as it goes (a long run has hundreds of thousands of rows: an
        // array of lines joined at the end held the page three times).
        var text = header + "\n" + pad("time", width) + "what\n"
        for row in rows {
            text += pad(clock.timeOfDay(row.time), width)
            switch row.text {
            case .text(let words): text += words
            case .request(let index): text += describe(requests[index])
            case .shows(let instant): text += showsLine(at: instant)
            }
            text += "\n"
        }
        rows = []
        text += "\n"
        for line in summary {
            text += line
            text += "\n"
        }
        return text
    }

    /// The `shows` row at `instant`: what each reported family shows, and when the entry was
    /// supplied if ahead of time.
    private func showsLine(at instant: SimTime) -> String {
        let cells = families.map { family in
            "\(family.rawValue) " + (model.shownText(family, at: instant).map { "\"\($0)\"" } ?? "(not on face)")
        }
        var line = "shows    " + cells.joined(separator: " | ")
        if let entry = model.entry(at: instant), entry.entry.date == instant, entry.reloadedAt < instant {
            line += "  (supplied ahead at \(clock.timeOfDay(entry.reloadedAt)))"
        }
        return line
    }

    /// `"woke 09:45:18"`, and when the system woke the app later than the refresh's preferred date,
    /// `", 7m13s after the preferred 09:38:05"`.
    private func wokeText(_ task: BackgroundTaskRecord) -> String {
        var text = "woke \(clock.timeOfDay(task.startedAt))"
        if let preferred = task.preferredAt, let delay = task.systemDelay, delay > .zero {
            text += ", \(ComplicationReport.readable(delay)) after the preferred \(clock.timeOfDay(preferred))"
        }
        return text
    }

    /// What each reported family shows at `time`, marking stale values with the true one.
    package func describe(at time: SimTime) -> String {
        var lines = ["at \(clock.timeOfDay(time)) (\(time))"]
        let width = (families.map(\.rawValue.count).max() ?? 0) + 2
        for family in families {
            guard let shown = model.shownText(family, at: time) else {
                lines.append(pad(family.rawValue, width) + "(not on the active face)")
                continue
            }
            let truth = model.trueText(family, at: time)
            lines.append(
                pad(family.rawValue, width) + "\"\(shown)\"" + (shown == truth ? "" : "  stale: true \"\(truth)\""))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private var header: String {
        let settings = model.configuration.budget
        var line =
            "complication \(families.map(\.rawValue).joined(separator: ", ")) · content \(model.configuration.mode.rawValue)"
            + " · \(settings.rules.rawValue) budget \(dailyBudgetText)/day, first reset \(clock.timeOfDay(settings.firstReset))"
            + " · entries > \(settings.entrySpacing) apart"
        if let policy = settings.reloadPolicy { line += " · policy \(policy.description)" }
        if settings.minimumReloadInterval > .zero { line += " · reloads ≥ \(settings.minimumReloadInterval) apart" }
        if settings.dailyExecution != nil {
            line +=
                "\nreload costs \(ComplicationReport.readable(model.budget.reloadCost)) on this watch's \(model.configuration.chip.name)"
                + " (\(settings.reloadWork.description))"
                + (reloadsPerExecutionBudget.map { "; the daily budget pays for \($0) reloads" } ?? "")
        }
        return line
    }

    /// `"50 reloads"`, `"1m of execution"`, or both.
    private var dailyBudgetText: String {
        let settings = model.configuration.budget
        var parts: [String] = []
        if let reloads = settings.dailyReloads { parts.append("\(reloads) reloads") }
        if let execution = settings.dailyExecution { parts.append("\(execution) of execution") }
        return parts.isEmpty ? "unlimited" : parts.joined(separator: " and ")
    }

    /// The first budget reset after `time`.
    private func reset(after time: SimTime) -> SimTime { model.budget.reset(after: time) }

    /// The budget and staleness summary lines.
    package var summary: [String] {
        let all = records
        let reloads = all.filter { $0.kind == .reload }
        let granted = reloads.filter(\.outcome.isGranted)
        let charged = granted.filter { $0.outcome == .granted(.charged) }
        var refusals: [String] = []
        for reason in ComplicationRefusal.allCases {
            let count = all.filter { $0.outcome.refusal == reason }.count
            if count > 0 { refusals.append("\(reason.rawValue) \(count)") }
        }
        let schedules = all.filter { $0.kind == .scheduleRefresh }
        let left = model.budget.reloadsAllowed(at: end)
        let nextReset = model.budget.reset(after: end)
        let reloadsText = left == .max ? "unlimited" : String(left)
        let transfersText = transfersLeft.map { ", \($0) transfers" } ?? ""
        let executionText =
            model.budget.executionAllowance(at: end).map { " (\(ComplicationReport.readable($0)) of execution)" } ?? ""
        let deferred = reloads.filter { $0.outcome.deferredUntil != nil }.count
        let deferredText = deferred == 0 ? "" : ", \(deferred) deferred"
        var lines: [String] = [
            "budget   \(reloads.count) reload requests: \(granted.count) granted (\(charged.count) charged), "
                + "\(reloads.count - granted.count - deferred) refused\(deferredText); "
                + "\(schedules.count) background refresh schedules, "
                + "\(schedules.filter(\.outcome.isGranted).count) granted",
            "refused  " + (refusals.isEmpty ? "none" : refusals.joined(separator: ", ")),
            "left     \(reloadsText) reloads\(executionText)\(transfersText); "
                + "next reset \(clock.timeOfDay(nextReset)) (in \(nextReset - end))",
        ]
        lines += budgetSummary
        for family in staleness {
            lines.append(
                "stale    \(pad(family.family.rawValue, 12))total \(ComplicationStaleness.displayed(family.totalStale)), "
                    + "longest \(ComplicationStaleness.displayed(family.maxStale)), "
                    + "\(family.spans.count) span\(family.spans.count == 1 ? "" : "s")"
                    + shortSpans(family))
        }
        return lines
    }

    /// `" (12 under 1s, not listed above)"` when some spans were too short for a row of their own.
    private func shortSpans(_ family: ComplicationStaleness) -> String {
        let short = family.spans.filter { $0.duration < ComplicationReport.staleRowMinimum }.count
        return short == 0 ? "" : " (\(short) under \(ComplicationReport.staleRowMinimum), not listed above)"
    }

    /// Exhaustion, execution, policy and background-task lines of the summary (only those that apply).
    private var budgetSummary: [String] {
        var lines: [String] = []
        let settings = model.configuration.budget
        if let exhaustion = firstExhaustion {
            lines.append(
                "exhausted \(exhaustion.budget == .execution ? "execution time" : "reload count") at "
                    + "\(clock.timeOfDay(exhaustion.at)) (\(DurationFormat.offset(exhaustion.at)))")
        } else if settings.dailyExecution != nil || settings.dailyReloads != nil {
            lines.append("exhausted never")
        }
        if let daily = settings.dailyExecution {
            let charged = records.filter { $0.cost != nil }.count
            lines.append(
                "execution \(charged) charged reload\(charged == 1 ? "" : "s") × \(ComplicationReport.readable(model.budget.reloadCost)) = "
                    + "\(ComplicationReport.readable(executionCharged)) (budget \(daily) a day)")
        }
        if let policy = settings.reloadPolicy {
            let reloads = policyReloads
            var reasons: [String] = []
            for reason in ComplicationReloadDelay.allCases {
                let count = reloads.filter { $0.policy?.reason == reason }.count
                if count > 0 { reasons.append("\(reason.rawValue) \(count)") }
            }
            let delays = reloads.compactMap { $0.policy?.delay }
            lines.append(
                "policy   \(policy.description): \(reloads.count) system reload\(reloads.count == 1 ? "" : "s")"
                    + (delays.isEmpty
                        ? ""
                        : ", granted later than asked by up to \(ComplicationReport.readable(delays.max() ?? .zero))")
                    + (reasons.isEmpty ? "" : " (" + reasons.joined(separator: ", ") + ")"))
        }
        lines.append("dark     longest without a reload \(ComplicationStaleness.displayed(longestWithoutReload))")
        let off = offActiveFace
        if !off.isEmpty {
            lines.append(
                "off face \(ComplicationStaleness.displayed(offActiveFaceTotal)) of \(ComplicationStaleness.displayed(end - start)) "
                    + "not on the active face (\(off.count) span\(off.count == 1 ? "" : "s")): no refresh of any kind then "
                    + "(watchOS refreshes only a complication on the active face)")
        }
        let tasks = backgroundTasks
        if !tasks.isEmpty {
            let terminated = terminatedTasks
            var text = "tasks    \(tasks.count) background task\(tasks.count == 1 ? "" : "s"): "
            text += "\(tasks.count - terminated.count) completed, \(terminated.count) terminated"
            let codes = BackgroundTaskTermination.allCases.compactMap { reason -> String? in
                let count = terminated.filter { $0.result.termination == reason }.count
                return count == 0 ? nil : "\(reason.code) \(reason.rawValue) \(count)"
            }
            if !codes.isEmpty { text += " (" + codes.joined(separator: ", ") + ")" }
            lines.append(text)
            let delays = tasks.compactMap(\.systemDelay)
            lines.append(
                "wakes    \(settings.backgroundRefreshTiming.description): "
                    + "up to \(ComplicationReport.readable(delays.max() ?? .zero)) after the preferred time")
        }
        return lines
    }

    private func describe(_ record: ComplicationRequestRecord) -> String {
        let what = record.kind == .reload ? "reload   \(record.source.rawValue)" : "schedule background refresh"
        var asked = ""
        if let from = record.deferredFrom {
            asked = " asked \(clock.timeOfDay(from)) (+\(ComplicationReport.readable(record.at - from)) deferred) →"
        }
        if let grant = record.policy {
            asked = " asked \(clock.timeOfDay(grant.askedFor))"
            if grant.reason != .asRequested {
                asked += " (+\(ComplicationReport.readable(grant.delay)) \(grant.reason.rawValue))"
            }
            asked += " →"
        }
        let left = leftText(record)
        switch record.outcome {
        case .granted(let charge):
            let cost = record.cost.map { ", cost \(ComplicationReport.readable($0))" } ?? ""
            return "\(what):\(asked) granted\(charge == .free ? " (free)" : "")\(cost), \(left)"
        case .deferred(let until):
            return "\(what): DEFERRED tooSoon to \(clock.timeOfDay(until)) (the minimum reload interval), \(left)"
        case .refused(let reason):
            var text =
                "\(what):\(asked) REFUSED \(reason.rawValue), \(left), resets \(clock.timeOfDay(record.nextReset))"
            if let retry = record.retryAt { text += ", retry at \(clock.timeOfDay(retry))" }
            return text
        }
    }

    /// `"49 left"`, `"58.5s of execution left"`, or both.
    private func leftText(_ record: ComplicationRequestRecord) -> String {
        let count = record.budgetLeft == .max ? "unlimited" : "\(record.budgetLeft)"
        guard let execution = record.executionLeft else { return "\(count) left" }
        let time = "\(ComplicationReport.readable(execution)) of execution"
        return model.configuration.budget.dailyReloads == nil ? "\(time) left" : "\(count) reloads and \(time) left"
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}
