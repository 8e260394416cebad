import Foundation
import ScenarioRunner
import Testing

/// Issue #15: a scenario file with many mistakes reports the first 20, each located, then
/// "and N more", with exit 65, in every output (`run`'s stderr, `check`'s text, JSON and JUnit).
@Suite struct ManyErrorsCommandTests {
    /// 300 steps with an unknown step name, one per line (step *i* on line *i* + 4).
    static func manyBadSteps() throws -> String {
        let steps = (0..<300).map { _ in #"  {"at": "+1m", "do": "tapp", "item": "kale"}"# }
        let text = """
            {"format": 1, "name": "t", "start": "2026-11-21T09:00:00Z",
             "items": [{"id": "kale", "title": "Kale"}],
             "script": [
            \(steps.joined(separator: ",\n"))
             ]}
            """
        return try CLI.temporaryFile(Array(text.utf8), name: "many.json")
    }

    @Test func runReportsTwentyLocatedErrorsThenHowManyMore() throws {
        let file = try Self.manyBadSteps()
        let result = try CLI.run(["run", file])
        #expect(result.status == 65)
        #expect(result.stdout.isEmpty)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 21, "\(result.stderr.prefix(400))")
        let first = #"unknown step "tapp"; expected one of 32 step names (did you mean "tap"?) (at $.script[0].do)"#
        #expect(lines.first.map(String.init) == "\(file):4:23: error: \(first)")
        #expect(lines.dropLast().allSatisfy { $0.hasPrefix("\(file):") && $0.contains(": error: ") })
        #expect(lines.last == "\(file): note: and 280 more errors")
    }

    @Test func checkListsTheErrorsInTextJSONAndJUnit() throws {
        let file = try Self.manyBadSteps()
        let text = try CLI.run(["check", file])
        #expect(text.status == 65)
        let lines = text.stdout.split(separator: "\n")
        #expect(lines.first?.hasPrefix("INVALID  \(file)  line 4, column 23: unknown step") == true)
        #expect(
            lines.dropFirst().first
                == #"    line 5, column 23: unknown step "tapp"; expected one of 32 step names (did you mean "tap"?)"#)
        #expect(lines.suffix(2) == ["    and 280 more errors", "0 passed, 0 failed, 1 invalid"])

        let json = try CLI.run(["check", file, "--json"])
        let record = try #require(try JSONContractTests.records(json.stdout).first)
        #expect(try JSONContractTests.schema(kind: "check").errors(record).isEmpty)
        guard case .object(let members) = record.value,
            case .array(let failures)? = members.first(where: { $0.key == "failures" })?.value.value,
            case .number(let more)? = members.first(where: { $0.key == "moreFailures" })?.value.value
        else {
            Issue.record("no failures or moreFailures in \(json.stdout.prefix(300))")
            return
        }
        #expect(failures.count == 20)
        #expect(more == "280")
        // Each error names its JSON path, as the text error does ("(at $.script[0].do)").
        let paths = failures.map { failure -> String? in
            guard case .object(let fields) = failure.value,
                case .string(let path)? = fields.first(where: { $0.key == "path" })?.value.value
            else { return nil }
            return path
        }
        #expect(paths.first == "$.script[0].do")
        #expect(paths.last == "$.script[19].do")

        let junit = FileManager.default.temporaryDirectory.appendingPathComponent("wristsim-\(UUID().uuidString).xml")
        defer { try? FileManager.default.removeItem(at: junit) }
        _ = try CLI.run(["check", file, "--junit", junit.path])
        let xml = try String(contentsOf: junit, encoding: .utf8)
        #expect(xml.contains("errors=\"1\""))
        #expect(xml.contains("\(file):23:23: error: unknown step"), "the 20th error is in the report")
        #expect(xml.contains("\(file): note: and 280 more errors"))
    }
}
