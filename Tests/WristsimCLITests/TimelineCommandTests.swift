import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `wristsim timeline` against the built binary and the shipped complication scenarios.
@Suite struct TimelineCommandTests {
    static let shop = "Scenarios/complication-saturday-shop.json"
    static let exhausted = "Scenarios/complication-budget-exhausted.json"
    static let offFace = "Scenarios/complication-not-on-face.json"

    @Test func helpDescribesTheOptions() throws {
        let result = try CLI.run(["timeline", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("USAGE: wristsim timeline FILE"))
        #expect(result.stdout.contains("--svg PATH"))
    }

    @Test func textPreviewOfAShopWithinBudget() throws {
        let result = try CLI.run(["timeline", Self.shop])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(
            result.stdout.contains(
                #"10:00:00  shows    circular "12" | corner "12 left" | rectangular "12 left · Flowers due 10:30""#))
        #expect(result.stdout.contains("(supplied ahead at 10:15:00)"))
        #expect(result.stdout.contains("refused  none"))
        #expect(!result.stdout.contains("REFUSED"))
    }

    /// The run goes past midnight (08:00 to 01:00 the next day), so every row carries its date.
    @Test func exhaustedBudgetShowsRefusalsAndStaleness() throws {
        let result = try CLI.run(["timeline", Self.exhausted, "--family", "circular"])
        #expect(result.status == 0)
        #expect(
            result.stdout.contains(
                "2026-11-21 12:17:00  reload   app: REFUSED executionBudgetExhausted, 0s of execution left, resets 2026-11-22 00:00:00"
            ))
        #expect(
            result.stdout.contains(#"2026-11-21 12:17:00  stale    circular shows "38", true "37" for 11h42m59.998s"#))
        #expect(result.stdout.contains("2026-11-22 00:00:00  reset    budget refilled: 1m of execution"))
        #expect(
            result.stdout.contains(
                "stale    circular    total 11h43m0.474s, longest 11h42m59.998s, 43 spans (42 under 1s, not listed above)"
            ))
        #expect(!result.stdout.contains("rectangular"), "--family picks one family")
    }

    @Test func jsonHasEntriesReloadsAndStaleness() throws {
        let result = try CLI.run(["timeline", Self.exhausted, "--json"])
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let entries = try #require(object["entries"] as? [[String: Any]])
        #expect(object["schema"] as? String == "wristsim.timeline/1")
        #expect(entries.first?["at"] as? String == "2026-11-21T08:00:00.000+01:00")
        #expect(entries.first?["family"] as? String == "circular")
        #expect(entries.first?["text"] as? String == "80")
        let reloads = try #require(object["reloads"] as? [[String: Any]])
        let refused = reloads.filter { $0["granted"] as? Bool == false }
        #expect(refused.count == 63)
        #expect(
            refused.allSatisfy {
                ($0["reason"] as? [String: Any])?["code"] as? String == "executionBudgetExhausted"
                    && $0["budgetLeft"] as? Int == 0
            })
        #expect(reloads.contains { $0["source"] as? String == "phoneTransfer" })
        let staleness = try #require(object["staleness"] as? [[String: Any]])
        let circular = try #require(staleness.first { $0["family"] as? String == "circular" })
        #expect(circular["totalMs"] as? Double == 42_180_474, "the long span plus 42 pipeline lags")
        #expect(circular["longestMs"] as? Double == 42_179_998, "from the refused check-off to midnight")
        #expect(try CLI.run(["timeline", Self.exhausted, "--json"]).stdout == result.stdout, "deterministic")
    }

    @Test func atAnswersWhatTheLastReloadInTheTraceShowed() throws {
        let at = try CLI.run(["timeline", Self.exhausted, "--at", "14:00", "--family", "circular"])
        #expect(at.status == 0)
        #expect(at.stdout == "at 2026-11-21 14:00:00 (+6h)\ncircular  \"38\"  stale: true \"20\"\n")
        let trace = try CLI.run(["run", Self.exhausted, "--trace", "--json"])
        // Trace records carry "at":"<ISO date>"; within one day text order is time order.
        let reloads = trace.stdout.split(separator: "\n").filter { line in
            guard line.contains(#""kind":"complication.reloaded""#), let at = line.range(of: #""at":""#) else {
                return false
            }
            return line[at.upperBound...].prefix(23) < "2026-11-21T14:00:00.000"
        }
        let last = try #require(reloads.last)
        #expect(last.contains(#""circular=38""#), "the face still shows the last granted reload: \(last)")
    }

    @Test func atOnAFaceWithoutTheComplication() throws {
        let result = try CLI.run(["timeline", Self.offFace, "--at", "+30m", "--json"])
        #expect(result.status == 0)
        #expect(result.stdout.contains(#"{"family":"circular","shows":null,"truth":"2","stale":false}"#))
    }

    @Test func svgIsWrittenAndWellFormed() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "wristsim-timeline-\(UUID().uuidString).svg"
        ).path
        let result = try CLI.run(["timeline", Self.exhausted, "--svg", path])
        #expect(result.status == 0)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let parser = XMLParser(data: data)
        #expect(parser.parse(), "the SVG parses as XML")
        let svg = String(decoding: data, as: UTF8.self)
        #expect(svg.contains(">circular</text>") && svg.contains(">rectangular</text>"))
        #expect(svg.contains("refused: executionBudgetExhausted"))
        #expect(svg.contains("budget reset"))
    }

    struct UsageCase: CustomTestStringConvertible, Sendable {
        var arguments: [String]
        var message: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let usageCases: [UsageCase] = [
        UsageCase(arguments: ["timeline"], message: "missing scenario file"),
        UsageCase(arguments: ["timeline", shop, "--family", "bezel"], message: "unknown family 'bezel'"),
        UsageCase(
            arguments: ["timeline", shop, "--family", "modularSmall"], message: "family 'modularSmall' is not enabled"),
        UsageCase(
            arguments: ["timeline", shop, "--at", "09:00"],
            message:
                "--at expects an offset such as +3h, a time of day such as 18:00, or an ISO 8601 date-time at or after the scenario start (2026-11-21T10:00:00+01:00), found '09:00'"
        ),
        UsageCase(arguments: ["timeline", shop, shop], message: "expected one scenario file, found 2"),
    ]

    @Test(arguments: usageCases) func usageErrorsExit64(_ test: UsageCase) throws {
        let result = try CLI.run(test.arguments)
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains(test.message), "got: \(result.stderr)")
    }

    @Test func aScenarioWithoutTheSectionUsesTheDefaults() throws {
        let result = try CLI.run(["timeline", "Scenarios/produce-trip.json"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("note      no \"complication\" section: default settings"))
        #expect(result.stdout.contains(#"shows    circular "2" | rectangular "2 left · Next: Kale""#))
    }

    @Test func anUnwritableSVGPathExits74NamingThePath() throws {
        let result = try CLI.run(["timeline", Self.shop, "--svg", "/nonexistent/folder/x.svg"])
        #expect(result.status == 74)
        #expect(
            result.stderr == "Error: cannot write '/nonexistent/folder/x.svg': no such file or directory\n",
            "\(result.stderr)")
    }

    @Test func aMissingFileExits65() throws {
        let result = try CLI.run(["timeline", "Scenarios/none.json"])
        #expect(result.status == 65)
        #expect(result.stderr.hasPrefix("Scenarios/none.json: error: no such file"))
    }
}
