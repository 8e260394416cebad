import SimulationKernel
import Testing

@testable import CompanionModel

@Suite struct ComplicationTimelineBuilderTests {
    private func entry(_ seconds: Int64, _ remaining: Int) -> ComplicationEntry {
        ComplicationEntry(date: SimTime(offset: .seconds(seconds)), content: ComplicationContent(remaining: remaining))
    }

    @Test func entriesMustBeMoreThanTheSpacingApartAndTheEarlierIsKept() {
        let builder = ComplicationBudgetSettings(entrySpacing: .minutes(1))
        let result = builder.coalesce([entry(0, 5), entry(30, 4), entry(60, 3), entry(61, 2), entry(200, 1)])
        #expect(result.map(\.content.remaining) == [5, 2, 1], "exactly 60 s apart (4 and 3) is too close")
    }

    @Test func spacingIsMeasuredFromTheLastKeptEntry() {
        let builder = ComplicationBudgetSettings(entrySpacing: .minutes(1))
        let result = builder.coalesce([entry(0, 4), entry(50, 3), entry(100, 2), entry(130, 1)])
        #expect(result.map(\.date.offset) == [.zero, .seconds(Int64(100))])
    }

    @Test func equalDatesKeepTheFirstSupplied() {
        let builder = ComplicationBudgetSettings(entrySpacing: .zero)
        let result = builder.coalesce([entry(0, 1), entry(0, 2), entry(120, 9)])
        #expect(result.map(\.content.remaining) == [1, 9], "of 1 and 2 at 0 s, the first supplied is kept")
    }

    @Test func widgetKitSpacingCoalescesFiveMinutes() {
        let builder = ComplicationBudgetSettings.widgetKit
        let result = builder.coalesce([entry(0, 3), entry(240, 2), entry(301, 1)])
        #expect(result.map(\.content.remaining) == [3, 1])
    }

    @Test func futureEntriesAreSuppliedAtEachDueTime() {
        let items = [
            ShoppingItem(id: "m", title: "Milk", due: SimTime(offset: .hours(9))),
            ShoppingItem(id: "e", title: "Eggs", due: SimTime(offset: .hours(10))),
            ShoppingItem(id: "x", title: "Past", due: SimTime(offset: .minutes(1))),
        ]
        let result = ComplicationBudgetSettings().timeline(
            ComplicationContentIndex(items), now: SimTime(offset: .hours(1)), mode: .nextDue)
        #expect(
            result.map(\.date) == [
                SimTime(offset: .hours(1)), SimTime(offset: .hours(9)), SimTime(offset: .hours(10)),
            ])
        #expect(result.map(\.content.overdue) == [1, 2, 3])
    }

    @Test func futureEntryLimitCapsTheTimeline() {
        let items = (1...10).map { ShoppingItem(id: "\($0)", title: "i\($0)", due: SimTime(offset: .hours(Int64($0)))) }
        let builder = ComplicationBudgetSettings(entrySpacing: .minutes(1), futureEntryLimit: 3)
        #expect(builder.timeline(ComplicationContentIndex(items), now: .zero, mode: .nextDue).count == 4)
    }

    @Test(arguments: [0, 1, 2, 3, 4, 5, 6, 7]) func keptEntriesAreAlwaysFarEnoughApart(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let spacing = SimDuration.seconds(Int64(rng.next() % 300))
        // In date order, as a timeline supplies them (`sorted` is not stable: equal dates keep their order by index).
        let entries = (0..<50).map { _ in entry(Int64(rng.next() % 3_600), Int(rng.next() % 9)) }.enumerated()
            .sorted { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }.map(\.element)
        let kept = ComplicationBudgetSettings(entrySpacing: spacing).coalesce(entries)
        for (a, b) in zip(kept, kept.dropFirst()) {
            #expect(b.date - a.date > spacing, "seed \(seed)")
        }
        // Every entry dropped is within the spacing after the last entry kept at or before it.
        for entry in entries where !kept.contains(entry) {
            let last = kept.last { $0.date <= entry.date }
            #expect(last.map { entry.date - $0.date <= spacing } == true, "seed \(seed)")
        }
    }
}
