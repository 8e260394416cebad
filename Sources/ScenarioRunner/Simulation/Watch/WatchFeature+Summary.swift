import CompanionModel
import SimulationKernel

extension WatchFeature {
    /// What the store order learns from this trip: the order of the check-offs made on the watch.
    /// Items whose check-off came from elsewhere (a notification's Complete on the phone, an
    /// edit in the phone app) are left out, since where the user was then says nothing about the
    /// store's layout.
    package var tripLesson: [ItemID] {
        checkOffOrder.filter { !phoneMadeChanges.contains($0) }.map(layout.catalog.name(of:))
    }

    /// The store order the next trip will use: this trip's lesson is learned once the trip is
    /// complete (nothing remains).
    package var nextTripOrder: [ItemID] {
        var learned = storeOrder
        if sync.replica.remainingCount == 0 { learned.learn(trip: tripLesson) }
        return learned.sorted(fileOrder)
    }

    func listSection() -> ReportSection {
        let watchList = list
        let shown = watchList.items
        let checked = shown.count - watchList.remainingCount
        let tripComplete = watchList.remainingCount == 0
        let nextOrder = nextTripOrder
        /// A row of item identifiers: a list in JSON; in text joined, then `note`, or `"-"` for none.
        func items(_ key: String, _ ids: [ItemID], note: String = "") -> ReportSection.Row {
            .init(key, .list(ids.map { .string($0) }), text: ids.isEmpty ? "-" : ids.joined(separator: ", ") + note)
        }
        return ReportSection(
            title: "list",
            rows: [
                .init("items", .int(Int64(shown.count))),
                .init("checked", .int(Int64(checked))),
                .init("remaining", .int(Int64(watchList.remainingCount))),
                .init("next", .string(watchList.nextItemID ?? "-")),
                .init(
                    "displayOrder", .list(shown.map { .string($0.id) }),
                    text: shown.map(\.title).joined(separator: ", ")),
                items("checkOffOrder", checkOffOrder.map(layout.catalog.name(of:))),
                items("tripLesson", tripLesson, note: " (check-offs made on the watch)"),
                .init("tripsLearned", .int(Int64(storeOrder.tripCount))),
                .init("tripComplete", .bool(tripComplete)),
                .init(
                    "nextTripOrder", .list(nextOrder.map { .string($0) }),
                    text: tripComplete ? nextOrder.joined(separator: ", ") : "(trip not complete; nothing learned)"),
            ])
    }

    func tapsSection() -> ReportSection {
        let ignored = ignoredTaps.map { "\($0.count) \($0.reason.rawValue)" }.joined(separator: ", ")
        let total = ignoredTaps.reduce(0) { $0 + $1.count }
        return ReportSection(
            title: "taps",
            rows: [
                .init("accepted", .int(Int64(app.taps.count))),
                .init("ignored", .int(Int64(total)), text: total == 0 ? "0" : "\(total) (\(ignored))"),
            ])
    }

    /// The `latency` summary section: watch, pipeline, latency percentiles and next-item visibility.
    func latencySection() -> ReportSection {
        let model = app.model
        let stats = app.statistics
        func figure(_ value: SimDuration?) -> TraceValue { value.map(LatencyFormat.milliseconds) ?? .string("-") }
        let unit = DurationFormat.unit(for: [stats.maximum ?? .zero])  // one unit for the four figures
        func text(_ value: SimDuration?) -> String? { value.map { DurationFormat.text($0, unit: unit) } }
        let reports = app.visibilityReports
        let visible = reports.filter { $0.visibility.isVisible }.count
        return ReportSection(
            title: "latency",
            rows: [
                .init("watch", .string(model.name), text: LatencyReport.describe(model)),
                .init("pipeline", .string(app.settings.pipeline.name)),
                .init("taps", .int(Int64(stats.count))),
                .init("p50Ms", figure(stats.percentile(50)), text: text(stats.percentile(50))),
                .init("p90Ms", figure(stats.percentile(90)), text: text(stats.percentile(90))),
                .init("p99Ms", figure(stats.percentile(99)), text: text(stats.percentile(99))),
                .init("maxMs", figure(stats.maximum), text: text(stats.maximum)),
                .init("nextItemVisible", .int(Int64(visible)), text: "\(visible) of \(reports.count) wrist raises"),
            ])
    }
}
