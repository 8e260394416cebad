import Foundation
import Testing

/// `wristsim merge` refuses what is not exactly the single run's parts, naming the part.
@Suite struct MergeCommandTests {
    static let part0 = CLI.packageRoot.appendingPathComponent("docs/examples/sweep-part-0.jsonl").path
    static let part1 = CLI.packageRoot.appendingPathComponent("docs/examples/sweep-part-1.jsonl").path

    /// A part with blank lines before its plan record is a part like any other; it used to be
    /// "of a different kind" once the blank lines passed 200 bytes.
    @Test func leadingBlankLinesAreFine() throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: MergeCommandTests.part1))
        let padded = try CLI.temporaryFile(Array(String(repeating: "\n \r\n", count: 300).utf8) + Array(bytes))
        let expected = try CLI.run(["merge", MergeCommandTests.part0, MergeCommandTests.part1, "--json"])
        #expect(expected.status == 0, "\(expected.stderr)")
        let result = try CLI.run(["merge", MergeCommandTests.part0, padded, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == expected.stdout)
    }

    /// The example's second part cut after its plan record (a killed shard) is refused, naming it.
    @Test func aPartCutShortIsRefusedNamingIt() throws {
        let text = try String(contentsOfFile: MergeCommandTests.part1, encoding: .utf8)
        let cut = try CLI.temporaryFile(Array((text.split(separator: "\n")[0] + "\n").utf8), name: "cut.jsonl")
        let result = try CLI.run(["merge", MergeCommandTests.part0, cut])
        #expect(result.status == 65)
        #expect(result.stderr.contains("cut.jsonl: error: the part covers runs of 1 cells"), "\(result.stderr)")
    }

    /// Parts of different commands name the part that differs from the first.
    @Test func partsOfDifferentKindsNameThePart() throws {
        let other = try CLI.temporaryFile(Array("{\"schema\":\"wristsim.explore-part/1\"}\n".utf8), name: "x.jsonl")
        let result = try CLI.run(["merge", MergeCommandTests.part0, other])
        #expect(result.status == 65)
        #expect(result.stderr.contains("x.jsonl: error: a part of 'explore --shard', while"), "\(result.stderr)")
    }

    /// A bad part is named, whatever its place: an empty part before a good one, a folder, a
    /// missing file; and merge says it expects a partial-result file, not a scenario.
    @Test func aBadPartIsNamedWhereverItIs() throws {
        let empty = try CLI.temporaryFile([], name: "empty.jsonl")
        let blank = try CLI.temporaryFile(Array("\n \n".utf8), name: "blank.jsonl")
        let folder = FileManager.default.temporaryDirectory.path
        let cases: [([String], String)] = [
            (
                [empty, MergeCommandTests.part0],
                "empty.jsonl: error: the file is empty; expected a partial-result file"
            ),
            (
                [MergeCommandTests.part0, blank],
                "blank.jsonl: error: the file is empty; expected a partial-result file"
            ),
            ([folder], "error: is a folder; expected a partial-result file"),
            (
                ["/missing/part.jsonl"],
                "/missing/part.jsonl: error: no such file; expected the path of a partial-result file"
            ),
        ]
        for (parts, message) in cases {
            let result = try CLI.run(["merge"] + parts)
            #expect(result.status == 65, "\(parts)")
            #expect(result.stderr.contains(message), "\(parts): \(result.stderr)")
            #expect(!result.stderr.contains("sweep-part-0.jsonl"), "\(parts): \(result.stderr)")
        }
    }

    /// A part that names no command, before a good one, gets the error of its own reading.
    @Test func aPartOfNoCommandBeforeAGoodOneIsNamed() throws {
        let other = try CLI.temporaryFile(Array("{\"schema\":\"x\"}\n".utf8), name: "other.jsonl")
        let result = try CLI.run(["merge", other, MergeCommandTests.part0])
        #expect(result.status == 65)
        #expect(
            result.stderr.hasPrefix("other.jsonl:1:") || result.stderr.contains("/other.jsonl:1:"), "\(result.stderr)")
    }

    /// A part that names no command, before a part of `explore --shard`, is read by explore's
    /// merge: the command is the first part's that names one.
    @Test func aPartOfNoCommandBeforeAnExplorePartIsReadByExploresMerge() throws {
        let shard = try CLI.run(["explore", "Scenarios/produce-trip.json", "--runs", "2", "--shard", "0/1"])
        #expect(shard.status == 0, "\(shard.stderr)")
        let part = try CLI.temporaryFile(Array(shard.stdout.utf8), name: "explore.jsonl")
        let other = try CLI.temporaryFile(Array("{\"schema\":\"x\"}\n".utf8), name: "other.jsonl")
        let result = try CLI.run(["merge", other, part])
        #expect(result.status == 65)
        #expect(result.stderr.contains("other.jsonl:1:"), "\(result.stderr)")
        #expect(result.stderr.contains("expected schema \"wristsim.explore-part/1\""), "\(result.stderr)")
    }
}
