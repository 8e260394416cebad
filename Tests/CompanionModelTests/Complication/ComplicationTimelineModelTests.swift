import SimulationKernel
import Testing

@testable import CompanionModel

@Suite struct ComplicationTimelineModelTests {
    private func t(_ minutes: Int64) -> SimTime { SimTime(offset: .minutes(minutes)) }
    private let a = ShoppingItem(id: "a", title: "Apples")
    private let b = ShoppingItem(id: "b", title: "Bread")
    private let c = ShoppingItem(id: "c", title: "Cheese")
    private let d = ShoppingItem(id: "d", title: "Dates")

    /// Three check-offs and an added item against a budget of one reload per 30 minutes.
    private func tightBudgetModel() -> ComplicationTimelineModel {
        let settings = ComplicationBudgetSettings(dailyReloads: 1, firstReset: t(30), resetPeriod: .hours(24))
        let configuration = ComplicationConfiguration(families: [.rectangular, .circular], budget: settings)
        var list = WatchListDriver(items: [a, b, c], adding: [d.id])
        var model = ComplicationTimelineModel(configuration: configuration, list: list.list, presence: .onActiveFace)
        let edits: [(ItemID, ListEdit, Int64)] = [
            ("a", .check, 10), ("b", .check, 20), ("c", .check, 35), ("d", .add(title: d.title), 45),
        ]
        for (id, edit, minute) in edits {
            if let change = list.edit(id, edit) { model.listChanged(change.item, at: change.place, time: t(minute)) }
            model.handle(.appReload(at: t(minute), app: .foreground))
        }
        return model
    }

    @Test func theFaceStartsTrueWithAFreeSystemReload() {
        let model = tightBudgetModel()
        #expect(model.records.first?.source == .system)
        #expect(model.records.first?.outcome == .granted(.free))
        #expect(model.shownText(.circular, at: .zero) == "3")
        #expect(model.configuration.families == [.circular, .rectangular], "families are kept in report order")
    }

    @Test func refusedReloadsLeaveTheOldValueOnTheFace() {
        let model = tightBudgetModel()
        #expect(model.records.map(\.outcome.refusal) == [nil, nil, .budgetExhausted, nil, .budgetExhausted])
        #expect(model.shownText(.circular, at: t(25)) == "2")
        #expect(model.trueText(.circular, at: t(25)) == "1")
        #expect(model.shownText(.circular, at: t(40)) == "0")
        #expect(model.shownText(.rectangular, at: t(50)) == "All done")
        #expect(model.resets == [t(30)])
    }

    @Test func stalenessTotalsAndLongestSpan() {
        let model = tightBudgetModel()
        let staleness = ComplicationStaleness.measure([.circular], model: model, until: t(60))[0]
        #expect(staleness.spans.map(\.from) == [t(20), t(45)])
        #expect(staleness.spans.map(\.to) == [t(35), t(60)])
        #expect(staleness.spans.map(\.shown) == ["2", "0"])
        #expect(staleness.spans.map(\.truth) == ["1", "1"])
        #expect(staleness.totalStale == .minutes(30))
        #expect(staleness.maxStale == .minutes(15))
    }

    @Test func aFamilyThatCannotShowTheChangeIsNotStale() {
        let configuration = ComplicationConfiguration(
            families: [.circular, .rectangular], budget: ComplicationBudgetSettings(dailyReloads: 0))
        let list = ShoppingList(items: [a, b])
        var model = ComplicationTimelineModel(configuration: configuration, list: list, presence: .onActiveFace)
        let places = list.remainingPlaced.map(\.place)
        model.listChanged(b, at: places[0], time: t(5))
        model.listChanged(a, at: places[1], time: t(5))
        model.handle(.appReload(at: t(5), app: .foreground))
        #expect(ComplicationStaleness.measure([.circular], model: model, until: t(60))[0].totalStale == .zero)
        #expect(ComplicationStaleness.measure([.rectangular], model: model, until: t(60))[0].totalStale == .minutes(55))
    }

    @Test func timeOffTheActiveFaceIsNeverStale() {
        let configuration = ComplicationConfiguration(
            families: [.circular], budget: ComplicationBudgetSettings(dailyReloads: 0))
        var list = WatchListDriver(items: [a, b])
        var model = ComplicationTimelineModel(configuration: configuration, list: list.list, presence: .onActiveFace)
        if let change = list.edit("a", .check) { model.listChanged(change.item, at: change.place, time: t(10)) }
        model.handle(.appReload(at: t(10), app: .foreground))
        model.handle(.faceChanged(at: t(20), to: .notOnActiveFace))
        #expect(model.shownText(.circular, at: t(30)) == nil)
        #expect(ComplicationStaleness.measure([.circular], model: model, until: t(60))[0].totalStale == .minutes(10))
        model.handle(.faceChanged(at: t(40), to: .onActiveFace))
        #expect(model.shownText(.circular, at: t(40)) == "1", "putting it back on the face reloads it for free")
    }

    @Test func anOverdueReminderShowsAtItsTimeWithoutAReload() {
        let origin = try? EpochTime.parse("2026-11-21T10:00:00Z")
        let milk = ShoppingItem(id: "m", title: "Milk", due: t(8 * 60))
        let configuration = ComplicationConfiguration(
            families: [.circular, .rectangular], mode: .nextDue, clock: ComplicationClock(origin: origin))
        var list = WatchListDriver(items: [a, milk])
        var model = ComplicationTimelineModel(configuration: configuration, list: list.list, presence: .onActiveFace)
        if let change = list.edit("a", .check) { model.listChanged(change.item, at: change.place, time: t(60)) }
        model.handle(.appReload(at: t(60), app: .foreground))
        #expect(model.shownText(.rectangular, at: t(8 * 60 - 1)) == "1 left · Milk due 18:00")
        #expect(model.shownText(.rectangular, at: t(8 * 60)) == "1 left · Milk overdue")
        #expect(model.shownText(.circular, at: t(8 * 60)) == "1!")
        #expect(model.records.count == 2, "no reload after 11:00")
        #expect(ComplicationStaleness.measure([.rectangular], model: model, until: t(10 * 60))[0].totalStale == .zero)
        #expect(model.entry(at: t(8 * 60))?.reloadedAt == t(60))
    }

    @Test func aFutureEntryTooCloseToTheReloadIsDiscardedAndGoesStale() {
        let milk = ShoppingItem(id: "m", title: "Milk", due: t(60) + .seconds(Int64(30)))
        let configuration = ComplicationConfiguration(families: [.circular], mode: .nextDue)
        var model = ComplicationTimelineModel(
            configuration: configuration, list: ShoppingList(items: [milk]), presence: .onActiveFace)
        model.handle(.appReload(at: t(60), app: .foreground))
        #expect(model.shown.map(\.entry.date) == [.zero, t(60)], "the entry at the due time is discarded")
        let staleness = ComplicationStaleness.measure([.circular], model: model, until: t(90))[0]
        #expect(staleness.spans.first?.from == milk.due)
        #expect(staleness.spans.first?.shown == "1")
        #expect(staleness.spans.first?.truth == "1!")
    }

    @Test(arguments: 0..<12) func stalenessMatchesSecondBySecondSampling(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let configuration = Self.drawnConfiguration(&rng)
        var list = WatchListDriver(items: Self.drawnItems(&rng))
        var model = ComplicationTimelineModel(configuration: configuration, list: list.list, presence: .onActiveFace)
        var now = SimTime.zero
        while list.list.remainingCount > 0 {
            now += .seconds(Int64(1 + rng.next() % 300))
            let remaining = list.list.remainingItems
            let id = remaining[Int(rng.next() % UInt64(remaining.count))].id
            if let change = list.edit(id, .check) { model.listChanged(change.item, at: change.place, time: now) }
            Self.drawFaceChangeAndReload(&model, at: now, reloadsAlways: true, &rng)
        }
        let end = now + .minutes(10)
        for family in configuration.families {
            var staleSeconds: Int64 = 0
            var second = SimTime.zero
            while second < end {
                if let shown = model.shownText(family, at: second), shown != model.trueText(family, at: second) {
                    staleSeconds += 1
                }
                second += .seconds(Int64(1))
            }
            let staleness = ComplicationStaleness.measure([family], model: model, until: end)[0]
            #expect(staleness.totalStale == .seconds(staleSeconds), "seed \(seed) \(family)")
            #expect(staleness.maxStale <= staleness.totalStale, "seed \(seed)")
            for (x, y) in zip(staleness.spans, staleness.spans.dropFirst()) {
                #expect(x.to < y.from, "seed \(seed): spans are merged and ordered")
            }
        }
    }

    /// A model that follows a list item by item measures staleness as sampling every second
    /// does, with the truth read from the whole remaining list at each second (the content a
    /// full recomputation gives, not the model's index).
    @Test(arguments: 0..<12) func stalenessOfAListFollowedItemByItemMatchesTheWholeList(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let configuration = Self.drawnConfiguration(&rng)
        var list = WatchListDriver(items: Self.drawnItems(&rng))
        var model = ComplicationTimelineModel(configuration: configuration, list: list.list, presence: .onActiveFace)
        var states: [(at: SimTime, items: [ShoppingItem])] = [(.zero, list.list.remainingItems)]
        var now = SimTime.zero
        for _ in 0..<30 {
            now += .seconds(Int64(1 + rng.next() % 300))
            let id = list.list.items[Int(rng.next() % UInt64(list.list.items.count))].id
            if let change = list.edit(id, rng.next() % 3 == 0 ? .uncheck : .check) {
                model.listChanged(change.item, at: change.place, time: now)
            }
            states.append((now, list.list.remainingItems))
            Self.drawFaceChangeAndReload(&model, at: now, reloadsAlways: false, &rng)
        }
        let end = now + .minutes(10)
        for family in configuration.families {
            var staleSeconds: Int64 = 0
            var second = SimTime.zero
            while second < end {
                let remaining = states.last { $0.at <= second }?.items ?? []
                let truth = model.text(
                    of: ComplicationContentIndex(remaining).content(at: second, mode: configuration.mode), on: family)
                if let shown = model.shownText(family, at: second), shown != truth { staleSeconds += 1 }
                #expect(model.trueText(family, at: second) == truth, "seed \(seed) \(family) at \(second)")
                second += .seconds(Int64(1))
            }
            let staleness = ComplicationStaleness.measure([family], model: model, until: end)[0]
            #expect(staleness.totalStale == .seconds(staleSeconds), "seed \(seed) \(family)")
        }
    }

    /// The three families, a drawn mode and a drawn reload budget (for tests over seeds).
    private static func drawnConfiguration(_ rng: inout SplitMix64) -> ComplicationConfiguration {
        let mode: ComplicationContentMode = rng.next() % 2 == 0 ? .nextDue : .nextItem
        let budget = ComplicationBudgetSettings(
            dailyReloads: Int(rng.next() % 6), firstReset: SimTime(offset: .seconds(Int64(rng.next() % 3_000))),
            resetPeriod: .minutes(20))
        return ComplicationConfiguration(families: [.circular, .inline, .rectangular], mode: mode, budget: budget)
    }

    /// Twelve items, about half of them due at a drawn time in the first hour.
    private static func drawnItems(_ rng: inout SplitMix64) -> [ShoppingItem] {
        (0..<12).map { index in
            ShoppingItem(
                id: "\(index)", title: "item\(index)",
                due: rng.next() % 2 == 0 ? SimTime(offset: .seconds(Int64(rng.next() % 3_600))) : nil)
        }
    }

    /// Now and then a change of face, then a reload by the app or a phone transfer (always, or
    /// every other time on average).
    private static func drawFaceChangeAndReload(
        _ model: inout ComplicationTimelineModel, at now: SimTime, reloadsAlways: Bool, _ rng: inout SplitMix64
    ) {
        if rng.next() % 5 == 0 {
            model.handle(.faceChanged(at: now, to: rng.next() % 2 == 0 ? .onActiveFace : .notOnActiveFace))
        }
        guard reloadsAlways || rng.next() % 2 == 0 else { return }
        model.handle(rng.next() % 3 == 0 ? .phoneTransfer(at: now) : .appReload(at: now, app: .foreground))
    }
}
