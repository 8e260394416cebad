import Foundation
import Testing

/// An independent adversarial round of issue #33 against `wristsim calibrate`: an export whose
/// numbers are at the edges, and arguments of 100,000 characters. Each is a located error with
/// its documented exit code, never a trap, a section every scenario refuses, or a whole echo.
@Suite struct CalibrateHostileInputTests {
    static let map = ["--map", "Remove row=removeRow"]

    /// A CSV interval of `Int64.max` nanoseconds trapped (arithmetic overflow, signal 4) while its
    /// median was rounded to the microsecond; it is refused at its line and column (exit 65).
    @Test func aDurationAtInt64MaxIsALocatedErrorNotATrap() throws {
        let csv =
            "name,start_ns,duration_ns,thread\nRemove row,0,9223372036854775807,main\n"
            + "Remove row,9223372036854775807,9223372036854775807,main\n"
        let path = try CLI.temporaryFile(Array(csv.utf8), name: "edge.csv")
        let result = try CLI.run(["calibrate", path, "--chip", "S9"] + Self.map)
        #expect(result.status == 65, "\(result.stderr.prefix(400))")
        #expect(result.stderr.hasPrefix("\(path):2:14: error: duration_ns:"), "\(result.stderr.prefix(400))")
    }

    /// Steps of 146 years each (a number the export reader keeps) were written as a section with
    /// exit 0 that every scenario then refused ("longer than a scenario may span"); the section is
    /// now read back as a scenario reads it before it is written, and refused (exit 65).
    @Test func aSectionNoScenarioCanRunIsNotWritten() throws {
        let csv =
            "name,start_ns,duration_ns,thread\nRemove row,0,4611686018427387903,main\n"
            + "Remove row,5000000000000000000,4611686018427387903,main\n"
        let path = try CLI.temporaryFile(Array(csv.utf8), name: "long.csv")
        let output = path + ".pipeline.json"
        let result = try CLI.run(["calibrate", path, "--chip", "S1", "-o", output] + Self.map)
        #expect(result.status == 65, "\(result.stdout.prefix(400)) \(result.stderr.prefix(400))")
        #expect(result.stderr.hasPrefix("\(path): error: "), "\(result.stderr.prefix(400))")
        #expect(result.stderr.contains("longer than a scenario may span"), "\(result.stderr.prefix(400))")
        #expect(!FileManager.default.fileExists(atPath: output), "nothing written")
    }

    /// `--chip` and `--map` echoed arguments of any length whole (100 KB of usage error); they are
    /// cut at 40 characters with their length, as every other argument (docs/limits.md).
    @Test(arguments: [
        ["--chip", String(repeating: "S", count: 100_000)] + map,
        ["--chip", "S9", "--map", String(repeating: "m", count: 100_000)],
    ])
    func longArgumentsAreNotEchoedWhole(_ arguments: [String]) throws {
        let result = try CLI.run(["calibrate", "Scenarios/calibration/checkoff-s9.xml"] + arguments)
        #expect(result.status == 64, "\(result.stderr.prefix(300))")
        #expect(result.stderr.contains("(100000 characters)"), "\(result.stderr.prefix(300))")
        #expect(result.stderr.utf8.count < 1_000, "\(result.stderr.utf8.count) bytes")
    }

    /// 100,000 distinct signpost names (none mapped to removeRow) gave a 789 KB error listing
    /// every one; the list stops after 20 names, each cut at 40 characters.
    @Test func aPipelineOfManyStepsIsNotListedWhole() throws {
        var csv = "name,start_ns,duration_ns,thread\n"
        for index in 0..<100_000 { csv += "step-\(index)-\(String(repeating: "x", count: 50)),\(index),1000,main\n" }
        let path = try CLI.temporaryFile(Array(csv.utf8), name: "many.csv")
        let result = try CLI.run(["calibrate", path, "--chip", "S9"])
        #expect(result.status == 65, "\(result.stderr.prefix(300))")
        #expect(result.stderr.contains("and 99980 more"), "\(result.stderr.prefix(600))")
        #expect(result.stderr.utf8.count < 2_000, "\(result.stderr.utf8.count) bytes")
    }
}
