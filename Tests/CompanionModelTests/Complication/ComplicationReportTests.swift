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
        let text = report().json(stamp: \.description)
        let value = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let reloads = try #require(value["reloads"] as? [[String: Any]], "reloads is an array of objects")
        let entries = try #require(value["entries"] as? [[String: Any]], "entries is an array of objects")
        let staleness = try #require(value["staleness"] as? [[String: Any]], "staleness is an array of objects")
        #expect(reloads.count == 4)
        #expect(reloads[2]["granted"] as? Bool == false)
        let reason = reloads[2]["reason"] as? [String: Any]
        #expect(reason?["code"] as? String == "budgetExhausted")
        #expect(reason?["message"] as? String == ComplicationRefusal.budgetExhausted.message)
        #expect(reloads[2]["budgetLeft"] as? Int == 0)
        #expect(reloads[2]["policy"] is NSNull)
        #expect(reloads[3]["kind"] as? String == "scheduleRefresh")
        #expect(entries.first?["family"] as? String == "circular")
        #expect(entries.first?["at"] as? String == "+0s")
        #expect(staleness.first?["family"] as? String == "circular")
        #expect(
            staleness.first?["totalMs"] as? Int == 3 * 3_600_000,
            "from 10:20 until the complication left the face at 13:20")
        #expect((value["budget"] as? [String: Any])?["rules"] as? String == "clockKit")
        #expect(text == report().json(stamp: \.description), "deterministic")
    }
}

extension ComplicationReport {
    /// The text preview (``ComplicationReport/write(to:)`` into one string).
    var text: String {
        var text = ""
        write(to: &text)
        return text
    }

    /// ``write(into:stamp:)`` through a ``JSONStream``: the document's text.
    func json(stamp: @escaping (SimTime) -> String) -> String {
        var bytes: [UInt8] = []
        var stream = JSONStream { bytes += $0 }
        write(into: &stream, stamp: stamp)
        stream.finish()
        return String(decoding: bytes, as: UTF8.self)
    }
}
