import SimulationKernel
import Testing

@testable import CompanionModel

/// ClockKit's `limit` on future timeline entries per reload: 100 (issue #38 item 5, pinned here).
@Suite struct ClockKitEntryLimitTests {
    /// 150 reminders due a minute and a half apart: more than the limit, each far enough apart.
    static let items = (1...150).map {
        ShoppingItem(id: "\($0)", title: "i\($0)", due: SimTime(offset: .seconds(Int64($0) * 90)))
    }

    @Test func clockKitAsksForAtMost100FutureEntries() {
        #expect(ComplicationBudgetSettings.clockKit.futureEntryLimit == 100)
        #expect(ComplicationBudgetSettings().futureEntryLimit == 100, "the default settings are ClockKit's")
        let result = ComplicationBudgetSettings.clockKit.timeline(
            ComplicationContentIndex(Self.items), now: .zero, mode: .nextDue)
        #expect(result.count == 1 + 100, "the current entry and 100 future ones: all 90 s apart, none coalesced")
        #expect(result.last?.date == SimTime(offset: .seconds(100 * 90)), "the 100th due reminder")
    }

    @Test func aReloadAfterTheCapSuppliesTheNextEntries() {
        let builder = ComplicationBudgetSettings.clockKit
        let later = builder.timeline(
            ComplicationContentIndex(Self.items), now: SimTime(offset: .seconds(100 * 90)), mode: .nextDue)
        #expect(later.count == 1 + 50, "the 50 reminders the first timeline could not hold")
    }
}
