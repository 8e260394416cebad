import SimulationKernel
import Testing

@testable import CompanionModel

@Suite struct ComplicationTransferTests {
    @Test func fiftyADayThenFallbackToUserInfo() {
        var harness = TransportHarness()
        for index in 0..<52 {
            harness.at(
                t(Double(index) * 60),
                .request(.transferCurrentComplicationUserInfo(.complicationUpdate(remaining: index))))
        }
        harness.drain()
        #expect(harness.link.statistics(.complication).sent == 50)
        #expect(harness.link.statistics(.complication).fellBack == 2)
        #expect(harness.link.statistics(.userInfo).sent == 2)
        #expect(harness.link.complicationBudget.remaining(at: harness.loop.now) == 0)
        #expect(harness.delivered.count == 52, "fallback transfers are still delivered")
        #expect(harness.traces.filter { $0.kind == "link.budgetFallback" }.count == 2)
    }

    @Test func zeroWhenNotOnTheActiveFace() {
        var harness = TransportHarness { $0.complicationPlacement = .notOnActiveFace }
        #expect(harness.link.complicationBudget.remaining(at: .zero) == 0)
        harness.now(.request(.transferCurrentComplicationUserInfo(.complicationUpdate(remaining: 3))))
        harness.drain()
        #expect(harness.link.statistics(.complication).fellBack == 1)
        #expect(harness.link.statistics(.userInfo).delivered == 1)
        harness.now(.environment(.complicationPlacement(.onActiveFace)))
        #expect(harness.link.complicationBudget.remaining(at: harness.loop.now) == 50)
    }

    @Test func budgetResetsAfterADay() {
        var budget = ComplicationTransferBudget(dailyLimit: 2, firstReset: .hours(15))
        let first = budget.spend(at: .zero)
        let second = budget.spend(at: t(3_600))
        let third = budget.spend(at: t(7_200))
        #expect(first && second && !third)
        #expect(budget.nextReset(after: t(7_200)) == SimTime(offset: .hours(15)))
        #expect(budget.remaining(at: SimTime(offset: .hours(15))) == 2)
        let afterReset = budget.spend(at: SimTime(offset: .hours(16)))
        #expect(afterReset)
        #expect(budget.remaining(at: SimTime(offset: .hours(16))) == 1)
        #expect(budget.nextReset(after: SimTime(offset: .hours(16))) == SimTime(offset: .hours(39)))
    }

    @Test func complicationTransferWakesTheWatchApp() {
        var harness = TransportHarness(apps: LinkApps(watch: .notRunning, phone: .background))
        harness.now(.request(.transferCurrentComplicationUserInfo(.complicationUpdate(remaining: 4))))
        harness.drain()
        #expect(harness.apps.watch == .background)
        #expect(harness.delivered.map(\.payload) == [.complicationUpdate(remaining: 4)])
    }

    @Test func fallbackTransferWaitsForTheWatchApp() {
        var harness = TransportHarness(apps: LinkApps(watch: .notRunning, phone: .background)) {
            $0.complicationPlacement = .notOnActiveFace
        }
        harness.now(.request(.transferCurrentComplicationUserInfo(.complicationUpdate(remaining: 4))))
        harness.drain()
        #expect(harness.delivered.isEmpty)
        #expect(harness.link.outstandingTransfers(from: .phone).count == 1)
        harness.now(.environment(.app(.watch, .launch)))
        #expect(harness.delivered.count == 1)
    }
}
