import Foundation
import Testing

/// The link feature through the built binary: its scenarios, its summary, and its invariant.
@Suite struct LinkCommandTests {
    static let linkScenarios = [
        "Scenarios/basement-aisle-no-signal.json", "Scenarios/phone-app-killed-mid-trip.json",
        "Scenarios/duplicating-link.json", "Scenarios/link-complication-transfer-budget.json",
    ]

    @Test func linkScenariosPassCheck() throws {
        let result = try CLI.run(["check"] + Self.linkScenarios)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.hasSuffix("4 passed, 0 failed, 0 invalid\n"))
    }

    @Test func runPrintsPerChannelStatistics() throws {
        let result = try CLI.run(["run", "Scenarios/basement-aisle-no-signal.json"])
        #expect(result.status == 0)
        for line in [
            "link.interactive", "link.userInfo", "  delayP99       ", "  maxQueueDepth  4",
            "  lost                    0",
        ] {
            #expect(result.stdout.contains(line), "missing \(line)")
        }
    }

    @Test func jsonSummaryHasChannelObjects() throws {
        let result = try CLI.run(["run", "Scenarios/duplicating-link.json", "--json"])
        #expect(result.status == 0)
        let summary = try #require(result.stdout.split(separator: "\n").last)
        #expect(summary.contains(#""link.interactive":{"sent":10,"delivered":10,"duplicates":1,"#))
        #expect(summary.contains(#""link":{"operations":13,"#))
    }

    @Test func traceShowsEachMessagesLife() throws {
        let result = try CLI.run(["run", "Scenarios/phone-app-killed-mid-trip.json", "--trace"])
        let tomatoes = result.stdout.split(separator: "\n").filter { $0.contains("item=tomatoes") }
            .map { String($0.split(separator: " ", omittingEmptySubsequences: true)[1]) }
            .filter { $0.hasPrefix("link.") || $0.hasPrefix("sync.") }
        #expect(
            tomatoes == [
                "sync.made", "sync.applied", "sync.sent", "link.queued", "link.arrived", "link.delivered",
                "sync.delivered", "sync.applied", "sync.acknowledged",
            ])
    }

    @Test func aLostCheckOffFailsTheRunWithItsTrail() throws {
        let text = """
            {"format": 1, "name": "cap too small", "start": "2026-11-21T10:00:00Z",
             "items": [{"id": "kale", "title": "Kale"}],
             "link": {"messagePayloadCap": 16, "userInfoPayloadCap": 16},
             "script": [{"at": "+1m", "do": "tap", "item": "kale"}]}
            """
        let path = try CLI.temporaryFile(Array(text.utf8))
        let result = try CLI.run(["run", path])
        #expect(result.status == 1)
        #expect(
            result.stdout.contains("FAIL  sync: lost kale: watch#1 check was not applied on the phone: never arrived"))
        #expect(result.stdout.contains("code=7009  error=payloadTooLarge"))
    }

    @Test func aMisspeltLinkKeyExits65() throws {
        let text = """
            {"format": 1, "name": "typo", "start": "2026-11-21T10:00:00Z",
             "items": [{"id": "kale", "title": "Kale"}],
             "link": {"duplicateProbabilty": 0.2},
             "script": []}
            """
        let path = try CLI.temporaryFile(Array(text.utf8))
        let result = try CLI.run(["run", path])
        #expect(result.status == 65)
        #expect(
            result.stderr.contains(
                #":3:11: error: unknown key "duplicateProbabilty"; expected one of: "latency", "duplicateProbability", "#
            ))
        #expect(result.stderr.contains(#"(did you mean "duplicateProbability"?) (at $.link.duplicateProbabilty)"#))
    }
}
