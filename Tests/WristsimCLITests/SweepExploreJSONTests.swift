import Foundation
import ScenarioRunner
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The JSON contract (docs/json.md) for `sweep`, `explore` and `merge`: every document and every
/// JSON Lines record names its schema first and validates against the schema shipped in
/// `Schemas/`; seeds are numbers. Plus `explore`'s shards and its "no crash" report.
@Suite struct SweepExploreJSONTests {
    static let sweep = [
        "sweep", "Scenarios/duplicating-link.json", "--seeds", "1..3", "--set",
        "link.duplicateProbability=0,0.5",
    ]
    static let explore = ["explore", "Scenarios/phone-app-killed-mid-trip.json", "--runs", "12"]

    /// The records of an output: one pretty document, or JSON Lines.
    static func records(_ output: String) throws -> [JSONNode] {
        let text = output.trimmingCharacters(in: .whitespacesAndNewlines)
        let documents = text.hasPrefix("{\n") ? [Substring(text)] : text.split(separator: "\n")
        return try documents.map { try JSONParser.parse(Array($0.utf8), file: "stdout") }
    }

    /// Checks every record of `output` against `Schemas/<kind>.schema.json` and returns the kinds seen.
    @discardableResult
    static func validate(_ output: String, _ label: String) throws -> Set<String> {
        var kinds: Set<String> = []
        let records = try records(output)
        #expect(!records.isEmpty, "\(label) printed no JSON")
        for record in records {
            guard case .object(let members) = record.value, members.first?.key == "schema",
                case .string(let name)? = members.first?.value.value
            else {
                Issue.record("\(label): a record without \"schema\" first")
                continue
            }
            let kind = String(name.dropFirst("wristsim.".count).prefix { $0 != "/" })
            kinds.insert(kind)
            let errors = try JSONContractTests.schema(kind: kind).errors(record)
            #expect(errors.isEmpty, "\(label) \(name): \(errors.prefix(5).joined(separator: "\n"))")
        }
        return kinds
    }

    @Test func sweepDocumentsAndPartsValidateAndMergeToTheSameBytes() throws {
        let whole = try CLI.run(Self.sweep + ["--json"])
        #expect(whole.status == 0, "\(whole.stderr)")
        #expect(try Self.validate(whole.stdout, "sweep --json") == ["sweep"])
        #expect(whole.stdout.contains("\"first\": 1"), "seeds are numbers")
        var paths: [String] = []
        for shard in [2, 0, 1] {
            let part = try CLI.run(Self.sweep + ["--shard", "\(shard)/3"])
            #expect(try Self.validate(part.stdout, "sweep --shard") == ["sweep-part"])
            paths.append(try CLI.temporaryFile(Array(part.stdout.utf8), name: "part-\(shard).jsonl"))
        }
        let merged = try CLI.run(["merge"] + paths + ["--json"])
        #expect(merged.stdout == whole.stdout, "\(merged.stderr)")
        let partial = try CLI.run(["merge", "--partial"] + paths.prefix(2))
        #expect(try Self.validate(partial.stdout, "merge --partial") == ["sweep-part"])
    }

    /// `explore --json`, its parts, `merge` of the parts (any order) and `--jobs 2` print the same
    /// document; every record validates.
    @Test func exploreDocumentsAndPartsValidateAndMergeToTheSameBytes() throws {
        let whole = try CLI.run(Self.explore + ["--json"])
        #expect(whole.status == 0, "\(whole.stderr)")
        #expect(try Self.validate(whole.stdout, "explore --json") == ["explore"])
        var paths: [String] = []
        for shard in [1, 3, 0, 2] {
            let part = try CLI.run(Self.explore + ["--shard", "\(shard)/4"])
            #expect(part.status == 0, "\(part.stderr)")
            #expect(try Self.validate(part.stdout, "explore --shard") == ["explore-part"])
            paths.append(try CLI.temporaryFile(Array(part.stdout.utf8), name: "explore-\(shard).jsonl"))
        }
        let merged = try CLI.run(["merge"] + paths + ["--json"])
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(merged.stdout == whole.stdout)
        let parallel = try CLI.run(Self.explore + ["--json", "--jobs", "2"])
        #expect(parallel.status == 0, "\(parallel.stderr)")
        #expect(parallel.stdout == whole.stdout)
        let missing = try CLI.run(["merge"] + paths.dropLast())
        #expect(missing.status == 65)
        #expect(missing.stderr.contains("the parts do not cover every run"), "\(missing.stderr)")
    }

    /// "No crash": a run that dies of a signal still prints its run number, its seed (the one
    /// the exploration gives that run) and how to repeat it, and the process ends by that signal.
    @Test func aCrashingRunStillPrintsItsSeed() throws {
        let process = Process()
        process.executableURL = CLI.executable
        process.arguments = ["explore", "Scenarios/weekly-shop.json", "--runs", "100000000"]
        process.currentDirectoryURL = CLI.packageRoot
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        Thread.sleep(forTimeInterval: 3)
        kill(process.processIdentifier, SIGSEGV)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(process.terminationStatus == SIGSEGV)
        let pattern =
            #/error: explore crashed in run (\d+) \(seed (\d+)\); 'wristsim explore Scenarios/weekly-shop.json --seed 2026 --runs (\d+)' repeats it/#
        let match = try #require(stderr.firstMatch(of: pattern), "\(stderr)")
        let run = try #require(UInt64(match.output.1))
        let root = try JSONParser.parse(
            [UInt8](try Data(contentsOf: CLI.packageRoot.appendingPathComponent("Scenarios/weekly-shop.json"))),
            file: "weekly-shop.json")
        let explorer = try ExploreRunner(file: "Scenarios/weekly-shop.json", root: root, seed: 2026)
        #expect(UInt64(match.output.2) == explorer.runSeed(run))
        #expect(UInt64(match.output.3) == run + 1)
    }
}
