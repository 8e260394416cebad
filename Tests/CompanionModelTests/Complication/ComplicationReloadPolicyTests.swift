import SimulationKernel
import Testing

@testable import CompanionModel

/// WidgetKit reload policies: what a timeline asks for, and when the system grants it.
@Suite struct ComplicationReloadPolicyTests {
    private func t(_ minutes: Int64) -> SimTime { SimTime(offset: .minutes(minutes)) }

    private func records(_ effects: [ComplicationBudgetEffect]) -> [ComplicationRequestRecord] {
        effects.compactMap { if case .record(let record) = $0 { return record } else { return nil } }
    }

    private func planned(_ effects: [ComplicationBudgetEffect]) -> ComplicationPolicyGrant? {
        effects.compactMap { if case .schedulePolicyReload(let grant) = $0 { return grant } else { return nil } }.last
    }

    @Test func eachPolicyAsksForItsOwnTime() {
        #expect(ComplicationReloadPolicy.atEnd.requestedReload(reloadedAt: t(0), lastEntry: t(45)) == t(45))
        #expect(ComplicationReloadPolicy.atEnd.requestedReload(reloadedAt: t(10), lastEntry: t(10)) == t(10))
        #expect(ComplicationReloadPolicy.after(.minutes(2)).requestedReload(reloadedAt: t(7), lastEntry: t(30)) == t(9))
        #expect(ComplicationReloadPolicy.never.requestedReload(reloadedAt: t(0), lastEntry: t(45)) == nil)
    }

    struct DecideCase: CustomTestStringConvertible, Sendable {
        var name: String
        var asked: Int64
        var minimum: Int64
        var left: Int?
        var granted: SimTime
        var reason: ComplicationReloadDelay
        var testDescription: String { name }
    }

    static let decideCases: [DecideCase] = [
        DecideCase(
            name: "as requested", asked: 60, minimum: 5, left: 50, granted: SimTime(offset: .minutes(60)),
            reason: .asRequested),
        DecideCase(
            name: "minimum interval", asked: 2, minimum: 5, left: nil, granted: SimTime(offset: .minutes(5)),
            reason: .minimumInterval),
        DecideCase(
            name: "pacing spreads 50 reloads over 24 h", asked: 2, minimum: 5, left: 50,
            granted: SimTime(offset: .seconds(1_728)), reason: .budgetPacing),
        DecideCase(
            name: "pacing rounds up to a whole second", asked: 2, minimum: 5, left: 7,
            granted: SimTime(offset: .seconds(12_343)), reason: .budgetPacing),
        DecideCase(
            name: "no reload left waits for the reset", asked: 2, minimum: 5, left: 0,
            granted: SimTime(offset: .hours(24)), reason: .budgetExhausted),
    ]

    @Test(arguments: decideCases) func theSystemGrantsTheLatestConstraint(_ c: DecideCase) {
        let grant = ComplicationPolicyGrant.decide(
            at: .zero, askedFor: t(c.asked), minimumInterval: .minutes(c.minimum), reloadsLeft: c.left,
            nextReset: SimTime(offset: .hours(24)))
        #expect(grant.grantedFor == c.granted)
        #expect(grant.reason == c.reason)
        #expect(grant.askedFor == t(c.asked))
        #expect(grant.delay == c.granted - t(c.asked))
    }

    @Test func anInstalledTimelinePlansTheNextReloadAndItRecordsAskedAndGranted() throws {
        var budget = ComplicationBudget(settings: .tubeStatus, presence: .onActiveFace)
        let plan = try #require(planned(budget.timelineInstalled(at: .zero, lastEntry: .zero)))
        #expect(plan.askedFor == t(2))
        #expect(plan.reason == .budgetPacing)
        #expect(budget.reduce(.policyReloadDue(at: t(3))).isEmpty, "not due before the granted time")
        let due = budget.reduce(.policyReloadDue(at: plan.grantedFor))
        let record = records(due).first
        #expect(record?.source == .policy)
        #expect(record?.outcome == .granted(.charged))
        #expect(record?.policy == plan)
        #expect(budget.reloadsLeft == 49)
        #expect(budget.policyReload == .none)
    }

    @Test func neverPlansNothingAndLeavingTheFaceCancels() {
        var settings = ComplicationBudgetSettings.widgetKit
        settings.reloadPolicy = .never
        var budget = ComplicationBudget(settings: settings, presence: .onActiveFace)
        #expect(budget.timelineInstalled(at: .zero, lastEntry: t(30)).isEmpty)
        var tube = ComplicationBudget(settings: .tubeStatus, presence: .onActiveFace)
        _ = tube.timelineInstalled(at: .zero, lastEntry: .zero)
        #expect(tube.reduce(.faceChanged(at: t(1), to: .notOnActiveFace)) == [.cancel(.policyReload)])
        #expect(tube.reduce(.policyReloadDue(at: t(60))).isEmpty)
    }

    @Test func aPolicyReloadWithNoBudgetLeftWaitsForTheReset() {
        var settings = ComplicationBudgetSettings.widgetKit
        settings.dailyReloads = 1
        settings.firstReset = t(120)
        var budget = ComplicationBudget(settings: settings, presence: .onActiveFace)
        let plan = planned(budget.timelineInstalled(at: .zero, lastEntry: .zero))
        #expect(plan?.grantedFor == t(120), "one reload left: spread over the two hours to the reset")
        _ = budget.reduce(.appReload(at: t(30), app: .background))
        let due = budget.reduce(.policyReloadDue(at: t(120)))
        #expect(due.first == .budgetReset(at: t(120)))
        #expect(records(due).first?.outcome == .granted(.charged), "the reset refilled the budget first")
        var late = settings
        late.firstReset = t(240)
        var exhausted = ComplicationBudget(settings: late, presence: .onActiveFace)
        _ = exhausted.reduce(.appReload(at: t(1), app: .background))
        let replan = planned(exhausted.timelineInstalled(at: t(1), lastEntry: t(1)))
        #expect(replan?.grantedFor == t(240))
        #expect(replan?.reason == .budgetExhausted)
    }

    @Test func tubeStatusNeverGoesDarkOverADay() {
        var settings = ComplicationBudgetSettings.tubeStatus
        settings.firstReset = SimTime(offset: .hours(18))
        let configuration = ComplicationConfiguration(families: [.circular], budget: settings)
        var model = ComplicationTimelineModel(
            configuration: configuration, list: ShoppingList(items: [ShoppingItem(id: "a", title: "A")]),
            presence: .onActiveFace)
        var next = model.budget.policyReload?.grantedFor
        let end = SimTime(offset: .hours(42))
        while let due = next, due <= end {
            let effects = model.handle(.policyReloadDue(at: due))
            next = planned(effects)?.grantedFor
        }
        let report = ComplicationReport(model: model, until: end)
        #expect(report.longestWithoutReload <= .minutes(30))
        #expect(report.firstExhaustion == nil)
        #expect(report.policyReloads.allSatisfy { $0.outcome.isGranted })
        #expect(report.policyReloads.count >= 95, "about 50 in each budget day")
    }
}

/// The most policy reloads a budget allows over a span (issue #33 item 8: counted at load).
@Suite struct PolicyReloadBoundTests {
    @Test func spacingBoundsAPolicyWithoutADailyCount() {
        var settings = ComplicationBudgetSettings.widgetKit
        settings.dailyReloads = nil
        settings.reloadPolicy = .after(.seconds(1))
        // The 5-minute minimum interval spaces them: one at the start, then 288 a day.
        #expect(settings.policyReloadBound(through: SimTime(offset: .hours(24))) == 289)
        settings.reloadPolicy = .after(.minutes(10))
        #expect(settings.policyReloadBound(through: SimTime(offset: .hours(24))) == 145)
    }

    @Test func aDailyCountBoundsEachBudgetPeriod() {
        // 50 a day (and the one that waits for the reset) in each of the 10 + 2 periods touched.
        let settings = ComplicationBudgetSettings.widgetKit
        #expect(settings.policyReloadBound(through: SimTime(offset: .hours(240))) == 51 * 12)
        // A day's spacing is the smaller bound then.
        var daily = settings
        daily.reloadPolicy = .after(.hours(24))
        #expect(daily.policyReloadBound(through: SimTime(offset: .hours(240))) == 11)
    }

    @Test func noPolicyMeansNoPolicyReloads() {
        var settings = ComplicationBudgetSettings.widgetKit
        settings.reloadPolicy = .never
        #expect(settings.policyReloadBound(through: SimTime(offset: .hours(240))) == 0)
        #expect(ComplicationBudgetSettings.clockKit.policyReloadBound(through: SimTime(offset: .hours(240))) == 0)
    }
}
