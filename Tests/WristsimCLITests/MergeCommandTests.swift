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
}
