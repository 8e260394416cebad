import SimulationKernel

extension ComplicationReport {
    /// The kinds of preview rows, in the order rows at one instant are written.
    private enum RowKind: Int {
        case reset, face, task, request, budget, shows, stale
    }

    /// One preview row: when, what kind, and its words.
    private struct Row {
        var time: SimTime
        var kind: RowKind
        var text: String
    }

    /// Stale spans shorter than this are counted in the summary but get no row in ``text`` (every
    /// check-off leaves the face stale for milliseconds until its "update complication" step).
    package static let staleRowMinimum = SimDuration.seconds(1)

    /// Writes the text preview into `output` a line at a time: what the face shows wherever it
    /// changes, every request (refusals marked `REFUSED`), budget resets, each stale span of at
    /// least ``staleRowMinimum``, then the summary. Rows are in time order (at one instant, by
    /// `RowKind`), merged from sources already in time order: none waits in memory.
    ///
    /// - Complexity: O(*r* · *k*) for *r* rows from *k* sources (at most 6 plus the families).
    package func write(to output: inout some TextOutputStream) {
        let width = clock.showsDates ? 21 : 10
        output.write(header + "\n" + pad("time", width) + "what\n")
        let sources = rowSources()
        var heads = sources.indices.map { sources[$0].next() }
        while true {
            var next: (index: Int, row: Row)?
            for (index, head) in heads.enumerated() {
                guard let head else { continue }
                if let best = next?.row, (best.time, best.kind.rawValue) <= (head.time, head.kind.rawValue) { continue }
                next = (index, head)
            }
            guard let (index, row) = next else { break }
            output.write(pad(clock.timeOfDay(row.time), width) + row.text + "\n")
            heads[index] = sources[index].next()
        }
        output.write("\n")
        for line in summary { output.write(line + "\n") }
    }

    /// The preview's sources of rows, each in time order, in the order ties at one instant and
    /// kind are broken (only the stale spans of different families share a kind).
    private func rowSources() -> [AnyIterator<Row>] {
        let (start, end) = (start, end)
        var sources = [
            rows(model.resets.lazy.filter { $0 <= end }) {
                Row(time: $0, kind: .reset, text: "reset    budget refilled: \(dailyBudgetText)")
            },
            rows(backgroundTasks) { taskRow($0) },
            rows(model.exhaustions.lazy.filter { $0.at <= end }) { exhaustion in
                Row(
                    time: exhaustion.at, kind: .budget,
                    text:
                        "budget   \(exhaustion.budget == .execution ? "execution time" : "reload count") exhausted until \(clock.timeOfDay(model.budget.reset(after: exhaustion.at)))"
                )
            },
            rows(model.presence.lazy.filter { $0.at <= end && $0.at >= start }) { faceRow($0) },
            rows(records) { Row(time: $0.at, kind: .request, text: describe($0)) },
            rows(showsInstants()) { Row(time: $0, kind: .shows, text: showsLine(at: $0)) },
        ]
        for family in staleness {
            sources.append(
                rows(family.spans.lazy.filter { $0.duration >= ComplicationReport.staleRowMinimum }) { span in
                    Row(
                        time: span.from, kind: .stale,
                        text:
                            "stale    \(family.family.rawValue) shows \"\(span.shown)\", true \"\(span.truth)\" for \(ComplicationStaleness.displayed(span.duration))"
                    )
                })
        }
        return sources
    }

    /// The rows `row` makes of `elements` (`nil`: no row for that element), made as they are read.
    private func rows<Elements: Sequence>(_ elements: Elements, _ row: @escaping (Elements.Element) -> Row?)
        -> AnyIterator<Row>
    {
        var iterator = elements.makeIterator()
        return AnyIterator {
            while let element = iterator.next() {
                if let made = row(element) { return made }
            }
            return nil
        }
    }

    /// A background task's row, when it ended.
    private func taskRow(_ task: BackgroundTaskRecord) -> Row {
        let woke = wokeText(task)
        let text: String
        switch task.result {
        case .completed(let after): text = "completed after \(after) (\(woke))"
        case .terminated(let reason, let after):
            text =
                "TERMINATED \(reason.code) \(reason.rawValue) after \(after) (\(woke)): "
                + "no reload, no next refresh scheduled"
        }
        return Row(time: task.endedAt, kind: .task, text: "task     background refresh " + text)
    }

    /// A face change's row (none for the start's own record, unless the complication starts off
    /// the face and stays so).
    private func faceRow(_ change: ComplicationPresenceChange) -> Row? {
        switch change.presence {
        case .onActiveFace:
            guard change.at > start else { return nil }
            return Row(time: change.at, kind: .face, text: "face     complication put on the active face")
        case .notOnActiveFace:
            guard change.at > start || model.presence(at: start) == .notOnActiveFace else { return nil }
            return Row(
                time: change.at, kind: .face,
                text: (change.at > start
                    ? "face     complication taken off the active face"
                    : "face     complication not on the active face")
                    + ": no background refresh, no system reload, no phone transfer until it is on it")
        }
    }

    /// The instants from the start to the end where what the face shows changed (at an entry's
    /// date or a face change), in time order.
    private func showsInstants() -> AnyIterator<SimTime> {
        let (start, end, families, model) = (start, end, families, model)
        var (entry, change) = (0, 0)
        var previous: [String?]?
        return AnyIterator {
            while entry < model.shown.count || change < model.presence.count {
                let instant: SimTime
                if change == model.presence.count
                    || (entry < model.shown.count && model.shown[entry].entry.date <= model.presence[change].at)
                {
                    instant = model.shown[entry].entry.date
                    entry += 1
                } else {
                    instant = model.presence[change].at
                    change += 1
                }
                guard instant >= start, instant <= end else { continue }
                let texts = families.map { model.shownText($0, at: instant) }
                if let previous, previous == texts { continue }
                previous = texts
                return instant
            }
            return nil
        }
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

    /// The budget and staleness summary lines.
    package var summary: [String] {
        let counts = requestCounts
        let refusals = counts.refusalTally(separator: " ")
        let left = model.budget.left(at: end)
        let nextReset = model.budget.reset(after: end)
        let reloadsText = left.reloads == .max ? "unlimited" : String(left.reloads)
        let transfersText = transfersLeft.map { ", \($0) transfers" } ?? ""
        let executionText = left.execution.map { " (\(ComplicationReport.readable($0)) of execution)" } ?? ""
        let deferredText = counts.deferred == 0 ? "" : ", \(counts.deferred) deferred"
        var lines: [String] = [
            "budget   \(counts.reloads) reload requests: \(counts.granted) granted (\(counts.charged) charged), "
                + "\(counts.reloads - counts.granted - counts.deferred) refused\(deferredText); "
                + "\(counts.schedules) background refresh schedules, \(counts.schedulesGranted) granted",
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
            let charged = records.lazy.filter { $0.cost != nil }.count
            lines.append(
                "execution \(charged) charged reload\(charged == 1 ? "" : "s") × \(ComplicationReport.readable(model.budget.reloadCost)) = "
                    + "\(ComplicationReport.readable(executionCharged)) (budget \(daily) a day)")
        }
        if let policy = settings.reloadPolicy {
            let reloads = policyReloads
            let reasons = Self.tally(ComplicationReloadDelay.allCases, \.rawValue) { reason in
                reloads.filter { $0.policy?.reason == reason }.count
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
            let codes = Self.tally(BackgroundTaskTermination.allCases, { "\($0.code) \($0.rawValue)" }) { reason in
                terminated.filter { $0.result.termination == reason }.count
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

    /// `"name 2, other 1"`: each case's name and `count`, those counted 0 left out.
    private static func tally<Case>(_ cases: [Case], _ name: (Case) -> String, count: (Case) -> Int) -> [String] {
        cases.compactMap { item in
            let count = count(item)
            return count == 0 ? nil : "\(name(item)) \(count)"
        }
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}
