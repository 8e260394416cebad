import SimulationKernel
import Testing

@testable import CompanionModel

@Suite struct ComplicationBudgetTests {
    private func t(_ minutes: Int64) -> SimTime { SimTime(offset: .minutes(minutes)) }

    private func records(_ effects: [ComplicationBudgetEffect]) -> [ComplicationRequestRecord] {
        effects.compactMap { if case .record(let record) = $0 { return record } else { return nil } }
    }

    private func outcome(_ effects: [ComplicationBudgetEffect]) -> ComplicationRequestOutcome? {
        records(effects).last?.outcome
    }

    /// The scheduled refresh wakes the app at `time` and its task completes at once.
    private func wakeAndComplete(_ budget: inout ComplicationBudget, at time: SimTime) -> [ComplicationBudgetEffect] {
        let woke = budget.reduce(.backgroundRefreshWoke(at: time))
        guard woke.contains(.runBackgroundTask(at: time)) else { return woke }
        return woke + budget.reduce(.backgroundTaskEnded(at: time, result: .completed(after: .zero)))
    }

    @Test func appReloadIsGrantedAndChargedUntilTheBudgetIsExhausted() {
        var budget = ComplicationBudget(settings: ComplicationBudgetSettings(dailyReloads: 2), presence: .onActiveFace)
        let first = budget.reduce(.appReload(at: t(1), app: .foreground))
        #expect(
            first == [
                .record(
                    ComplicationRequestRecord(
                        at: t(1), source: .app, kind: .reload, outcome: .granted(.charged),
                        budgetLeft: 1, nextReset: SimTime(offset: .hours(24)))),
                .reloadTimeline(at: t(1), source: .app),
            ])
        #expect(outcome(budget.reduce(.appReload(at: t(2), app: .foreground))) == .granted(.charged))
        let refused = budget.reduce(.appReload(at: t(3), app: .foreground))
        #expect(outcome(refused) == .refused(.budgetExhausted))
        #expect(records(refused).first?.budgetLeft == 0)
        #expect(!refused.contains(.reloadTimeline(at: t(3), source: .app)))
        #expect(budget.reloadsLeft == 0, "exhausted")
    }

    @Test func everyRequestKindRefusedWhenNotOnTheActiveFace() {
        var budget = ComplicationBudget(presence: .notOnActiveFace)
        #expect(outcome(budget.reduce(.appReload(at: t(1), app: .foreground))) == .refused(.notOnActiveFace))
        #expect(outcome(budget.reduce(.phoneTransfer(at: t(2)))) == .refused(.notOnActiveFace))
        #expect(
            outcome(budget.reduce(.scheduleBackgroundRefresh(at: t(3), preferred: t(20)))) == .refused(.notOnActiveFace)
        )
        #expect(budget.reloadsLeft == 50, "refusals are not charged")
    }

    @Test func onlyOneBackgroundRefreshMayBeOutstanding() {
        var budget = ComplicationBudget(presence: .onActiveFace)
        let granted = budget.reduce(.scheduleBackgroundRefresh(at: t(0), preferred: t(15)))
        #expect(outcome(granted) == .granted(.free))
        #expect(granted.contains(.wakeForBackgroundRefresh(at: t(15))))
        #expect(
            outcome(budget.reduce(.scheduleBackgroundRefresh(at: t(1), preferred: t(40))))
                == .refused(.refreshOutstanding))
        let woke = wakeAndComplete(&budget, at: t(15))
        #expect(records(woke).map(\.source) == [.backgroundRefresh])
        #expect(outcome(woke) == .granted(.charged))
        #expect(budget.reloadsLeft == 49)
        #expect(budget.phase == .onActiveFace(.idle))
    }

    @Test func backgroundRefreshesCloserThanTheIntervalAreRateLimited() {
        var budget = ComplicationBudget(presence: .onActiveFace)
        _ = budget.reduce(.scheduleBackgroundRefresh(at: t(0), preferred: t(10)))
        _ = wakeAndComplete(&budget, at: t(10))
        let refused = budget.reduce(.scheduleBackgroundRefresh(at: t(10), preferred: t(20)))
        #expect(outcome(refused) == .refused(.backgroundRateLimit))
        #expect(records(refused).first?.retryAt == t(25))
        #expect(outcome(budget.reduce(.scheduleBackgroundRefresh(at: t(11), preferred: t(25)))) == .granted(.free))
    }

    @Test func atMostTheHourlyNumberOfBackgroundRefreshes() {
        var settings = ComplicationBudgetSettings()
        settings.backgroundRefreshInterval = .minutes(5)
        settings.backgroundRefreshesPerHour = 4
        var budget = ComplicationBudget(settings: settings, presence: .onActiveFace)
        for minute: Int64 in [5, 10, 15, 20] {
            #expect(
                outcome(budget.reduce(.scheduleBackgroundRefresh(at: t(minute - 5), preferred: t(minute))))
                    == .granted(.free))
            _ = wakeAndComplete(&budget, at: t(minute))
        }
        let fifth = budget.reduce(.scheduleBackgroundRefresh(at: t(20), preferred: t(25)))
        #expect(outcome(fifth) == .refused(.backgroundRateLimit))
        #expect(records(fifth).first?.retryAt == t(65), "an hour after the oldest of the last four")
    }

    /// The transfer budget is the link's alone: the complication budget charges each arriving
    /// transfer's reload and counts no transfers of its own (51 arrivals, 51 charged reloads).
    @Test func phoneTransfersAreChargedReloadsWithNoTransferCountOfTheirOwn() {
        var budget = ComplicationBudget(settings: ComplicationBudgetSettings(dailyReloads: 60), presence: .onActiveFace)
        for minute: Int64 in 1...51 {
            #expect(outcome(budget.reduce(.phoneTransfer(at: t(minute)))) == .granted(.charged), "minute \(minute)")
        }
        #expect(budget.reloadsLeft == 9)
        let refused = budget.reduce(.phoneTransfer(at: t(60)))
        #expect(records(refused).first?.transfersLeft == nil, "the budget never states a transfer count")
    }

    @Test func aTransfersReloadIsRefusedWhenTheReloadBudgetIsUsedUp() {
        var budget = ComplicationBudget(settings: ComplicationBudgetSettings(dailyReloads: 0), presence: .onActiveFace)
        #expect(outcome(budget.reduce(.phoneTransfer(at: t(1)))) == .refused(.budgetExhausted))
    }

    @Test func reloadsCloserThanTheMinimumIntervalAreTooSoonWhenRefused() {
        var settings = ComplicationBudgetSettings.widgetKit
        settings.tooSoonReloads = .refused
        var budget = ComplicationBudget(settings: settings, presence: .onActiveFace)
        #expect(outcome(budget.reduce(.appReload(at: t(0), app: .foreground))) == .granted(.free))
        #expect(outcome(budget.reduce(.phoneTransfer(at: t(4)))) == .refused(.tooSoon))
        #expect(outcome(budget.reduce(.appReload(at: t(5), app: .foreground))) == .granted(.free))
        #expect(budget.reloadsLeft == 50, "WidgetKit foreground reloads are free")
    }

    @Test func widgetKitDefersAReloadCloserThanTheMinimumIntervalToTheEarliestAllowedTime() {
        #expect(ComplicationBudgetSettings.widgetKit.tooSoonReloads == .deferred)
        #expect(ComplicationBudgetSettings.clockKit.tooSoonReloads == .refused)
        var budget = ComplicationBudget(settings: .widgetKit, presence: .onActiveFace)
        _ = budget.reduce(.appReload(at: t(0), app: .foreground))
        let asked = budget.reduce(.phoneTransfer(at: t(4)))
        #expect(outcome(asked) == .deferred(until: t(5)))
        #expect(asked.contains(.scheduleDeferredReload(at: t(5))))
        #expect(outcome(budget.reduce(.appReload(at: t(4) + .seconds(30), app: .background))) == .deferred(until: t(5)))
        #expect(budget.deferredReload?.due == t(5), "folded into the one deferred reload")
        let ran = budget.reduce(.deferredReloadDue(at: t(5)))
        #expect(outcome(ran) == .granted(.charged), "a transfer and a background request: charged")
        #expect(records(ran).first?.deferredFrom == t(4))
        #expect(records(ran).first?.source == .phoneTransfer)
        #expect(budget.deferredReload == .none)
        #expect(budget.reloadsLeft == 49)
    }

    @Test func aReloadGrantedWhenTheDeferredOneIsDueReplacesIt() {
        var settings = ComplicationBudgetSettings.widgetKit
        settings.dailyReloads = nil
        settings.reloadPolicy = .after(.minutes(1))
        var budget = ComplicationBudget(settings: settings, presence: .onActiveFace)
        _ = budget.reduce(.appReload(at: t(0), app: .foreground))
        _ = budget.timelineInstalled(at: t(0), lastEntry: t(0))
        #expect(budget.policyReload?.grantedFor == t(5), "the policy waits for the minimum interval")
        #expect(outcome(budget.reduce(.appReload(at: t(2), app: .foreground))) == .deferred(until: t(5)))
        let policy = budget.reduce(.policyReloadDue(at: t(5)))
        #expect(outcome(policy) == .granted(.charged))
        #expect(policy.contains(.cancel(.deferredReload)), "the policy's reload brought what the request asked for")
        #expect(budget.reduce(.deferredReloadDue(at: t(5))).isEmpty, "nothing left to do")
    }

    @Test func leavingTheFaceCancelsTheDeferredReload() {
        var budget = ComplicationBudget(settings: .widgetKit, presence: .onActiveFace)
        _ = budget.reduce(.appReload(at: t(0), app: .foreground))
        _ = budget.reduce(.appReload(at: t(2), app: .foreground))
        #expect(budget.reduce(.faceChanged(at: t(3), to: .notOnActiveFace)).contains(.cancel(.deferredReload)))
        #expect(budget.reduce(.deferredReloadDue(at: t(5))).isEmpty)
    }

    @Test func theBudgetResetsAtTheConfiguredTimeAndEveryPeriodAfter() {
        let settings = ComplicationBudgetSettings(dailyReloads: 1, firstReset: t(60), resetPeriod: .hours(24))
        var budget = ComplicationBudget(settings: settings, presence: .onActiveFace)
        #expect(outcome(budget.reduce(.appReload(at: t(0), app: .foreground))) == .granted(.charged))
        let refused = budget.reduce(.appReload(at: t(59), app: .foreground))
        #expect(outcome(refused) == .refused(.budgetExhausted))
        #expect(records(refused).first?.nextReset == t(60))
        let after = budget.reduce(.appReload(at: t(60), app: .foreground))
        #expect(after.first == .budgetReset(at: t(60)))
        #expect(outcome(after) == .granted(.charged))
        #expect(records(after).first?.nextReset == t(60 + 24 * 60))
        let twoDaysLater = budget.reduce(.appReload(at: t(60 + 49 * 60), app: .foreground))
        #expect(
            twoDaysLater.first == .budgetReset(at: t(60 + 48 * 60)),
            "resets with no request between them are applied once, as the latest")
        #expect(outcome(twoDaysLater) == .granted(.charged))
        #expect(records(twoDaysLater).first?.nextReset == t(60 + 72 * 60))
    }

    @Test func leavingTheFaceCancelsTheOutstandingRefreshAndReturningReloadsForFree() {
        var budget = ComplicationBudget(presence: .onActiveFace)
        _ = budget.reduce(.scheduleBackgroundRefresh(at: t(0), preferred: t(15)))
        #expect(budget.reduce(.faceChanged(at: t(5), to: .notOnActiveFace)) == [.cancel(.refresh)])
        #expect(budget.reduce(.backgroundRefreshWoke(at: t(15))).isEmpty, "a cancelled wake does nothing")
        let back = budget.reduce(.faceChanged(at: t(20), to: .onActiveFace))
        #expect(outcome(back) == .granted(.free))
        #expect(records(back).first?.source == .system)
        #expect(budget.reloadsLeft == 50)
    }

    @Test(arguments: 0..<20) func invariantsHoldForRandomRequestStreams(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let daily = Int(rng.next() % 20)
        let settings = ComplicationBudgetSettings(dailyReloads: daily, firstReset: SimTime(offset: .hours(3)))
        var budget = ComplicationBudget(settings: settings, presence: .onActiveFace)
        var now = SimTime.zero
        var chargedSinceReset = 0
        var wakes: [SimTime] = []
        var pendingWake: SimTime?
        for _ in 0..<400 {
            now += .seconds(Int64(rng.next() % 600))
            let event: ComplicationBudgetEvent
            if let wake = pendingWake, wake <= now {
                event = .backgroundRefreshWoke(at: wake)
                pendingWake = nil
                now = wake
            } else {
                switch rng.next() % 6 {
                case 0: event = .appReload(at: now, app: .foreground)
                case 1: event = .phoneTransfer(at: now)
                case 2:
                    event = .scheduleBackgroundRefresh(at: now, preferred: now + .seconds(Int64(rng.next() % 1_800)))
                case 3: event = .backgroundRefreshWoke(at: now)
                case 4: event = .faceChanged(at: now, to: rng.next() % 3 == 0 ? .notOnActiveFace : .onActiveFace)
                default: event = .appReload(at: now, app: .foreground)
                }
            }
            var queue = [event]
            while let next = queue.popLast() {
                let effects = budget.reduce(next)
                for effect in effects {
                    if case .wakeForBackgroundRefresh(let at) = effect { pendingWake = at }
                    if effect == .cancel(.refresh) { pendingWake = nil }
                    if case .runBackgroundTask(let at) = effect {
                        queue.append(.backgroundTaskEnded(at: at, result: .completed(after: .zero)))
                    }
                }
                if effects.contains(where: { if case .budgetReset = $0 { return true } else { return false } }) {
                    chargedSinceReset = 0
                }
                let made = records(effects)
                switch next {
                case .faceChanged, .backgroundRefreshWoke, .backgroundTaskEnded:
                    #expect(made.count <= 1, "seed \(seed)")
                default: #expect(made.count == 1, "seed \(seed): every request is recorded once")
                }
                for record in made {
                    if record.outcome == .granted(.charged) { chargedSinceReset += 1 }
                    if record.source == .backgroundRefresh, record.kind == .reload { wakes.append(record.at) }
                    #expect(record.budgetLeft >= 0 && record.budgetLeft <= daily, "seed \(seed)")
                }
            }
            #expect(chargedSinceReset <= daily, "seed \(seed)")
        }
        for (index, wake) in wakes.enumerated() where index >= 4 {
            #expect(wake - wakes[index - 4] >= .hours(1), "seed \(seed): at most 4 background refreshes an hour")
        }
        for (a, b) in zip(wakes, wakes.dropFirst()) {
            #expect(b - a >= .minutes(15), "seed \(seed)")
        }
    }
}
