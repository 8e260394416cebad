import CompanionModel
import SimulationKernel

extension ScenarioSimulation {
    /// The summary sections of the run, in print order. A feature appends its section here.
    func summarySections() -> [ReportSection] {
        [listSection(), watchSection(), latencySection()] + complicationSection() + remindersSections()
            + linkSections()
    }

    func listSection() -> ReportSection {
        let checked = watchList.items.count - watchList.remainingCount
        var learned = storeOrder
        let tripComplete = watchList.remainingCount == 0
        if tripComplete { learned.learn(trip: watchList.checkOffOrder) }
        let nextOrder = learned.sorted(scenario.items.map(\.id))
        return ReportSection(
            title: "list",
            rows: [
                .init("items", .int(Int64(watchList.items.count))),
                .init("checked", .int(Int64(checked))),
                .init("remaining", .int(Int64(watchList.remainingCount))),
                .init("next", .string(watchList.nextItem?.id ?? "-")),
                .init(
                    "displayOrder", .list(watchList.items.map { .string($0.id) }),
                    text: watchList.items.map(\.title).joined(separator: ", ")),
                .init(
                    "checkOffOrder", .list(watchList.checkOffOrder.map { .string($0) }),
                    text: watchList.checkOffOrder.isEmpty ? "-" : watchList.checkOffOrder.joined(separator: ", ")),
                .init("tripsLearned", .int(Int64(storeOrder.tripCount))),
                .init("tripComplete", .bool(tripComplete)),
                .init(
                    "nextTripOrder", .list(nextOrder.map { .string($0) }),
                    text: tripComplete ? nextOrder.joined(separator: ", ") : "(trip not complete; nothing learned)"),
            ])
    }

    func watchSection() -> ReportSection {
        let ignored = tapCounts.ignored.map { "\($0.count) \($0.reason)" }.joined(separator: ", ")
        return ReportSection(
            title: "taps",
            rows: [
                .init("accepted", .int(Int64(tapCounts.accepted))),
                .init(
                    "ignored", .int(Int64(tapCounts.ignoredTotal)),
                    text: tapCounts.ignoredTotal == 0 ? "0" : "\(tapCounts.ignoredTotal) (\(ignored))"),
            ])
    }
}
