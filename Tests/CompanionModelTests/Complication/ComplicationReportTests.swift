import Foundation
import SimulationKernel
import Testing

@testable import CompanionModel

#if canImport(FoundationXML)
    import FoundationXML
#endif

@Suite struct ComplicationReportTests {
    private func t(_ minutes: Int64) -> SimTime { SimTime(offset: .minutes(minutes)) }

    private func report() -> ComplicationReport {
        let origin = try? EpochTime.parse("2026-11-21T10:00:00Z")
        let items = [
            ShoppingItem(id: "s", title: "Salt & <pepper>", due: t(120)),
            ShoppingItem(id: "b", title: "Bread \"sourdough\""),
            ShoppingItem(id: "c", title: "Cheese"),
        ]
        let settings = ComplicationBudgetSettings(dailyReloads: 1, firstReset: t(14 * 60))
        let configuration = ComplicationConfiguration(
            families: [.circular, .rectangular, .inline, .corner], mode: .nextDue, budget: settings,
            clock: ComplicationClock(origin: origin))
        var list = WatchListDriver(items: items)
        var model = ComplicationTimelineModel(configuration: configuration, list: list.list, presence: .onActiveFace)
        for (id, minute) in [("c", Int64(10)), ("b", 20)] {
            if let change = list.edit(id, .check) { model.listChanged(change.item, at: change.place, time: t(minute)) }
            model.handle(.appReload(at: t(minute), app: .foreground))
        }
        model.handle(.scheduleBackgroundRefresh(at: t(20), preferred: t(30)))
        model.handle(.faceChanged(at: t(200), to: .notOnActiveFace))
        return ComplicationReport(model: model, until: t(300))
    }

    @Test func describeAtAnswersWhatTheFaceShowsAndMarksStaleValues() {
        let text = report().describe(at: t(25))
        #expect(text.contains("circular     \"2\"  stale: true \"1\""))
        #expect(text.hasPrefix("at 10:25:00 (+25m)"))
        #expect(report().describe(at: t(250)).contains("(not on the active face)"))
    }

    @Test func textPreviewMarksRefusalsAndSummarises() {
        let text = report().text
        #expect(text.contains("reload   app: REFUSED budgetExhausted, 0 left, resets 00:00:00"))
        #expect(text.contains("shows    circular \"2!\""), "the overdue entry at 12:00 was supplied ahead")
        #expect(text.contains("(supplied ahead at 10:10:00)"))
        #expect(text.contains("refused  budgetExhausted 1"))
        #expect(text.contains("stale    circular    total 3h, longest 3h, 1 span"))
    }

    @Test func jsonHasEntriesReloadsAndStalenessPerFamily() throws {
        var objects = (JSONObject(), JSONObject())
        report().write(into: &objects.0, stamp: \.description)
        report().write(into: &objects.1, stamp: \.description)
        let value = JSONValue.object(objects.0)
        guard case .array(let reloads)? = value["reloads"], case .array(let entries)? = value["entries"],
            case .array(let staleness)? = value["staleness"]
        else { Issue.record("reloads, entries and staleness are arrays"); return }
        #expect(reloads.count == 4)
        #expect(reloads[2]["granted"] == false)
        #expect(reloads[2]["reason"]?["code"] == "budgetExhausted")
        #expect(reloads[2]["reason"]?["message"] == .string(ComplicationRefusal.budgetExhausted.message))
        #expect(reloads[2]["budgetLeft"] == 0)
        #expect(reloads[2]["policy"] == .null)
        #expect(reloads[3]["kind"] == "scheduleRefresh")
        #expect(entries.first?["family"] == "circular")
        #expect(entries.first?["at"] == "+0s")
        #expect(staleness.first?["family"] == "circular")
        #expect(
            staleness.first?["totalMs"] == .milliseconds(.hours(3)),
            "from 10:20 until the complication left the face at 13:20")
        #expect(value["budget"]?["rules"] == "clockKit")
        #expect(value == .object(objects.1), "deterministic")
    }
}

extension ComplicationReport {
    /// The text preview (``ComplicationReport/write(to:)`` into one string).
    var text: String {
        var text = ""
        write(to: &text)
        return text
    }
}
