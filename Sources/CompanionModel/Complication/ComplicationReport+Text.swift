import SimulationKernel

extension ComplicationReport {
    private enum RowKind: Int {
        case reset, face, request, shows, stale
    }

    private struct Row {
        var time: SimTime
        var kind: RowKind
        var sequence: Int
        var text: String
    }

    /// Stale spans shorter than this are counted in the summary but get no row of their own in
    /// ``text``: with a check-off pipeline, every check-off leaves the face stale for the few
    /// milliseconds until its "update complication" step, which would flood the preview.
    public static let staleRowMinimum = SimDuration.seconds(1)

    /// The text preview: what the face shows wherever it changes, every request (refusals marked
    /// `REFUSED`), budget resets, the start of each stale span of at least ``staleRowMinimum``,
    /// then the budget and staleness summary.
    ///
    /// - Complexity: O(*r* log *r*) in the number of rows.
    public var text: String {
        var rows: [Row] = []
        func add(_ time: SimTime, _ kind: RowKind, _ text: String) {
            rows.append(Row(time: time, kind: kind, sequence: rows.count, text: text))
        }
        for reset in model.resets where reset <= end {
            add(reset, .reset, "reset    budget refilled: \(model.configuration.budget.dailyReloads) reloads")
        }
        for change in model.presence where change.at <= end && change.at > start {
            add(
                change.at, .face,
                change.presence == .onActiveFace
                    ? "face     complication put on the active face"
                    : "face     complication taken off the active face")
        }
        for record in records { add(record.at, .request, describe(record)) }
        var instants = model.shown.map(\.entry.date) + model.presence.map(\.at)
        instants = instants.filter { $0 >= start && $0 <= end }
        instants.sort()
        var previous: [String?]?
        for instant in instants {
            let texts = families.map { model.shownText($0, at: instant) }
            if let previous, previous == texts { continue }
            previous = texts
            let cells = zip(families, texts).map { family, text in
                "\(family.rawValue) " + (text.map { "\"\($0)\"" } ?? "(not on face)")
            }
            var line = "shows    " + cells.joined(separator: " | ")
            if let entry = model.entry(at: instant), entry.entry.date == instant, entry.reloadedAt < instant {
                line += "  (supplied ahead at \(clock.timeOfDay(entry.reloadedAt)))"
            }
            add(instant, .shows, line)
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
        var lines = [header, "time      what"]
        lines += rows.map { pad(clock.timeOfDay($0.time), 10) + $0.text }
        lines.append("")
        lines += summary
        return lines.joined(separator: "\n") + "\n"
    }

    /// What each reported family shows at `time`, marking stale values with the true one.
    public func describe(at time: SimTime) -> String {
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
        return
            "complication \(families.map(\.rawValue).joined(separator: ", ")) · content \(model.configuration.mode.rawValue)"
            + " · budget \(settings.dailyReloads) reloads/day, first reset \(clock.timeOfDay(settings.firstReset))"
            + " · entries > \(settings.entrySpacing) apart"
    }

    /// The budget and staleness summary lines.
    public var summary: [String] {
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
        let left = model.budget.allowance(at: end)
        var nextReset = model.budget.nextReset
        while nextReset <= end, model.budget.settings.resetPeriod > .zero {
            nextReset = nextReset + model.budget.settings.resetPeriod
        }
        var lines = [
            "budget   \(reloads.count) reload requests: \(granted.count) granted (\(charged.count) charged), "
                + "\(reloads.count - granted.count) refused; \(schedules.count) background refresh schedules, "
                + "\(schedules.filter(\.outcome.isGranted).count) granted",
            "refused  " + (refusals.isEmpty ? "none" : refusals.joined(separator: ", ")),
            "left     \(left.reloads) reloads, \(left.transfers) transfers; "
                + "next reset \(clock.timeOfDay(nextReset)) (\(nextReset))",
        ]
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

    private func describe(_ record: ComplicationRequestRecord) -> String {
        let what = record.kind == .reload ? "reload   \(record.source.rawValue)" : "schedule background refresh"
        switch record.outcome {
        case .granted(let charge):
            return "\(what): granted\(charge == .free ? " (free)" : ""), \(record.budgetLeft) left"
        case .refused(let reason):
            var text =
                "\(what): REFUSED \(reason.rawValue), \(record.budgetLeft) left, resets \(clock.timeOfDay(record.nextReset))"
            if let retry = record.retryAt { text += ", retry at \(clock.timeOfDay(retry))" }
            return text
        }
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}
