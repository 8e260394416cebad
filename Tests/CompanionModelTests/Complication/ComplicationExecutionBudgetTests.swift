import SimulationKernel
import Testing

@testable import CompanionModel

/// ClockKit's daily budget is execution time: each reload is charged its work on this watch.
@Suite struct ComplicationExecutionBudgetTests {
    private func t(_ minutes: Int64) -> SimTime { SimTime(offset: .minutes(minutes)) }

    private func records(_ effects: [ComplicationBudgetEffect]) -> [ComplicationRequestRecord] {
        effects.compactMap { if case .record(let record) = $0 { return record } else { return nil } }
    }

    private func settings(_ work: ComplicationWork, daily: SimDuration = .seconds(60)) -> ComplicationBudgetSettings {
        var settings = ComplicationBudgetSettings.clockKit
        settings.dailyExecution = daily
        settings.reloadWork = work
        return settings
    }

    @Test func workScalesByTheChipsRelativeSpeed() {
        let work = ComplicationWork(cost: .milliseconds(1_500), on: .s3, does: "reloads the database")
        #expect(work.duration(on: .s3) == .milliseconds(1_500))
        #expect(work.duration(on: .s1) == .milliseconds(3_750), "the S1 is 2.5 times slower than the S3")
        #expect(work.duration(on: .s7) == .milliseconds(625))
        #expect(work.description == "reloads the database: 1.5s on S3")
    }

    @Test func statedCostsAreCappedSoScalingCannotOverflow() {
        #expect(ComplicationWork(cost: .days(400), on: .s10).cost == ComplicationWork.maximumCost)
        #expect(ComplicationWork(cost: .days(400), on: .s10).duration(on: .s1) == .hours(7))
    }

    @Test func eachReloadIsChargedItsCostAndRefusalsSayWhatIsLeft() {
        let work = ComplicationWork(cost: .milliseconds(1_500), on: .s3)
        var budget = ComplicationBudget(
            settings: settings(work, daily: .seconds(4)), presence: .onActiveFace, chip: .s3)
        #expect(budget.reloadsLeft == 3, "4 s pays for 3 reloads of 1.5 s (the third overdraws)")
        let first = records(budget.reduce(.appReload(at: t(1), app: .foreground)))
        #expect(first.first?.cost == .milliseconds(1_500))
        #expect(first.first?.executionLeft == .milliseconds(2_500))
        _ = budget.reduce(.appReload(at: t(2), app: .foreground))
        let third = budget.reduce(.appReload(at: t(3), app: .foreground))
        #expect(records(third).first?.outcome == .granted(.charged), "a reload runs while any time is left")
        #expect(third.contains(.budgetExhausted(at: t(3), .execution)))
        #expect(budget.executionLeft == .zero)
        let refused = records(budget.reduce(.appReload(at: t(4), app: .foreground)))
        #expect(refused.first?.outcome == .refused(.executionBudgetExhausted))
        #expect(refused.first?.executionLeft == .zero)
        #expect(refused.first?.cost == nil, "a refused reload costs nothing")
    }

    @Test func theResetRefillsTheExecutionBudget() {
        var s = settings(ComplicationWork(cost: .seconds(2), on: .s3), daily: .seconds(2))
        s.firstReset = t(60)
        var budget = ComplicationBudget(settings: s, presence: .onActiveFace, chip: .s3)
        _ = budget.reduce(.appReload(at: t(1), app: .foreground))
        #expect(
            records(budget.reduce(.appReload(at: t(2), app: .foreground))).first?.outcome
                == .refused(.executionBudgetExhausted))
        let after = budget.reduce(.appReload(at: t(61), app: .foreground))
        #expect(after.first == .budgetReset(at: t(60)))
        #expect(records(after).first?.outcome == .granted(.charged))
    }

    @Test func theDatabaseReloadDrainsTheBudget150TimesFasterThanTheCheapOne() {
        let database = ComplicationBudget(
            settings: .grocery(.reloadsDatabase), presence: .onActiveFace, chip: .s3)
        let cheap = ComplicationBudget(
            settings: .grocery(.readsCount), presence: .onActiveFace, chip: .s3)
        #expect(database.reloadsLeft == 40, "60 s ÷ 1.5 s")
        #expect(cheap.reloadsLeft == 6_000, "60 s ÷ 10 ms")
        #expect(cheap.reloadsLeft / database.reloadsLeft == 150)
    }

    @Test func freeReloadsChargeNoExecution() {
        var s = ComplicationBudgetSettings.widgetKit
        s.dailyExecution = .seconds(1)
        s.reloadWork = ComplicationWork(cost: .seconds(1), on: .s1)
        var budget = ComplicationBudget(settings: s, presence: .onActiveFace, chip: .s1)
        #expect(records(budget.reduce(.appReload(at: t(1), app: .foreground))).first?.outcome == .granted(.free))
        #expect(budget.executionLeft == .seconds(1))
        let background = records(budget.reduce(.appReload(at: t(10), app: .background)))
        #expect(background.first?.outcome == .granted(.charged), "only the foreground app's reloads are free")
        #expect(budget.executionLeft == .zero)
    }

    @Test func resetsFarAheadAreAppliedInOneStep() {
        let s = ComplicationBudgetSettings(dailyReloads: 1, firstReset: t(1), resetPeriod: .minutes(1))
        var budget = ComplicationBudget(settings: s, presence: .onActiveFace)
        let far = SimTime(offset: .days(36_500))
        let effects = budget.reduce(.appReload(at: far, app: .foreground))
        #expect(effects.first == .budgetReset(at: far), "100 years of 1-minute resets, one effect")
        #expect(budget.nextReset == far + .minutes(1))
        #expect(budget.reset(after: far + .seconds(90)) == far + .minutes(2))
    }

    /// A report reads the budget after the run: a time before the budget's last reset still
    /// names the reset that followed it, not the budget's next one.
    @Test func aResetAfterAPastTimeIsTheOneThatFollowedIt() {
        let s = ComplicationBudgetSettings(dailyReloads: 1, firstReset: t(60), resetPeriod: .hours(1))
        var budget = ComplicationBudget(settings: s, presence: .onActiveFace)
        _ = budget.reduce(.appReload(at: t(200), app: .foreground))
        #expect(budget.nextReset == t(240))
        #expect(budget.reset(after: t(10)) == t(60), "before the first reset")
        #expect(budget.reset(after: t(60)) == t(120), "strictly after")
        #expect(budget.reset(after: t(130)) == t(180))
        #expect(budget.reset(after: t(230)) == t(240))
    }
}
