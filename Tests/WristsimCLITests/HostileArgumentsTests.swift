import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Issue #33 item 11: numbers from the environment and the command line, keys, output paths,
/// standard input and quoted arguments, each bounded and checked.
@Suite struct HostileArgumentsTests {
    static let sweep = ["sweep", "Scenarios/produce-trip.json", "--seeds", "1..2"]

    /// `SLURM_ARRAY_TASK_ID − SLURM_ARRAY_TASK_MIN` that does not fit in 64 bits trapped; now it is
    /// a usage error (exit 64) that names both.
    @Test func slurmIndexArithmeticIsChecked() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["JOB_COMPLETION_INDEX"] = nil
        environment["SLURM_ARRAY_TASK_ID"] = "-9223372036854775808"
        environment["SLURM_ARRAY_TASK_MIN"] = "1"
        let result = try CLI.run(Self.sweep + ["--shard", "auto/4"], environment: environment)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("does not fit in a 64-bit number"), "\(result.stderr)")
        environment["SLURM_ARRAY_TASK_MIN"] = "x"
        let bad = try CLI.run(Self.sweep + ["--shard", "auto/4"], environment: environment)
        #expect(bad.status == 64 && bad.stderr.contains("SLURM_ARRAY_TASK_MIN='x' is not a whole number"))
    }

    /// A `--set` key of thousands of dotted parts overflowed the stack (one call per part); now it
    /// is refused (exit 64) with the number of parts.
    @Test func aSetKeyOfThousandsOfPartsIsRefused() throws {
        let key = String(repeating: "a.", count: 20_000) + "b"
        let result = try CLI.run(Self.sweep + ["--set", key + "=1"])
        #expect(result.status == 64, "\(result.stderr.prefix(300))")
        #expect(result.stderr.contains("has 20001 dotted parts; expected at most 100"), "\(result.stderr.prefix(300))")
        #expect(result.stderr.utf8.count < 600, "the key is not echoed whole")
    }

    /// `explore --output` naming a FIFO waited forever for a reader; now it is refused at once,
    /// before exploring (exit 74).
    @Test func exploreOutputToAFIFOIsRefusedAtOnce() throws {
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("wristsim-fifo-\(UUID().uuidString)")
            .path
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        let result = try CLI.run(["explore", "Scenarios/produce-trip.json", "--runs", "1", "--output", fifo])
        #expect(result.status == 74, "\(result.stderr)")
        #expect(result.stderr.contains("it is a FIFO (named pipe); expected a regular file"), "\(result.stderr)")
        let folder = try CLI.run([
            "explore", "Scenarios/produce-trip.json", "--runs", "1", "--output",
            FileManager.default.temporaryDirectory.path,
        ])
        #expect(folder.status == 74, "\(folder.stderr)")
    }

    /// `explore --output` that cannot be written (an empty path, a missing folder) was accepted
    /// and failed only after exploring; now it is refused before (exit 74, no report printed).
    @Test(arguments: [
        ("", "cannot write '': an empty path; expected a file name"),
        ("/missing/dir/x.json", "cannot write '/missing/dir/x.json': its folder: no such file or directory"),
    ])
    func exploreOutputThatCannotBeWrittenIsRefusedBeforeExploring(output: String, message: String) throws {
        let result = try CLI.run(["explore", "Scenarios/produce-trip.json", "--runs", "1", "--output", output])
        #expect(result.status == 74, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stdout.isEmpty, "\(result.stdout)")
    }

    /// `explore --output` naming a file that cannot be written (read-only; root writes it anyway,
    /// so the test runs only as another user) is refused before exploring, the file kept.
    @Test(.enabled(if: getuid() != 0, "root may write a read-only file"))
    func exploreOutputToAReadOnlyFileIsRefusedBeforeExploring() throws {
        let file = try CLI.temporaryFile(Array("keep".utf8), name: "read-only.json")
        #expect(chmod(file, 0o444) == 0)
        let result = try CLI.run(["explore", "Scenarios/produce-trip.json", "--runs", "1", "--output", file])
        #expect(result.status == 74, "\(result.stderr)")
        #expect(result.stderr.contains("permission denied"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "keep")
    }

    /// The reproduction's default path (the scenario's name and `.repro-SEED.json`, in the current
    /// folder) is checked before exploring, as `--output` is: a name too long for the system was
    /// found out only when a failure's reproduction was written; now it is refused at once (exit
    /// 74, no report printed). A shard writes no reproduction, so it explores.
    @Test func exploreDefaultReproductionPathIsCheckedBeforeExploring() throws {
        let bytes = Array(try Data(contentsOf: CLI.packageRoot.appendingPathComponent("Scenarios/produce-trip.json")))
        let name = String(repeating: "n", count: 240)
        let scenario = try CLI.temporaryFile(bytes, name: name + ".json")
        let result = try CLI.run(["explore", scenario, "--runs", "1"])
        #expect(result.status == 74, "\(result.stderr)")
        #expect(
            result.stderr == "Error: cannot write '\(name).repro-SEED.json': file name too long\n", "\(result.stderr)")
        #expect(result.stdout.isEmpty, "\(result.stdout)")
        let shard = try CLI.run(["explore", scenario, "--runs", "1", "--shard", "0/1"])
        #expect(shard.status == 0, "\(shard.stderr)")
    }

    /// The default reproduction path in a folder that cannot be written is refused before
    /// exploring (root may write there anyway, so the test runs only as another user).
    @Test(.enabled(if: getuid() != 0, "root may write in a read-only folder"))
    func exploreDefaultReproductionPathInAReadOnlyFolderIsRefused() throws {
        let folder = URL(fileURLWithPath: try CLI.temporaryFile([], name: "x")).deletingLastPathComponent()
        #expect(chmod(folder.path, 0o555) == 0)
        defer { chmod(folder.path, 0o755) }
        let scenario = CLI.packageRoot.appendingPathComponent("Scenarios/produce-trip.json").path
        let result = try CLI.launch(CLI.executable, ["explore", scenario, "--runs", "1"], in: folder)
        #expect(result.status == 74, "\(result.stderr)")
        #expect(result.stderr.contains("its folder: permission denied"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    /// `sweep -` and `explore -` with `--jobs`: standard input is read once and given to every
    /// shard; the shards found it already read.
    @Test func standardInputIsSharedWithTheJobs() throws {
        let bytes = Array(try Data(contentsOf: CLI.packageRoot.appendingPathComponent("Scenarios/produce-trip.json")))
        let single = try CLI.run(["sweep", "-", "--seeds", "1..4", "--json"], input: bytes)
        #expect(single.status == 0, "\(single.stderr)")
        let parallel = try CLI.run(["sweep", "-", "--seeds", "1..4", "--json", "--jobs", "2"], input: bytes)
        #expect(parallel.status == 0, "\(parallel.stderr)")
        #expect(parallel.stdout == single.stdout)
        let explore = try CLI.run(["explore", "-", "--runs", "4", "--json"], input: bytes)
        let exploreJobs = try CLI.run(["explore", "-", "--runs", "4", "--json", "--jobs", "2"], input: bytes)
        #expect(exploreJobs.status == explore.status, "\(exploreJobs.stderr)")
        #expect(exploreJobs.stdout == explore.stdout)
    }

    /// An argument quoted in an error is cut after 40 characters with its length, and its control
    /// characters are escaped: a megabyte argument is a short line, an escape sequence never
    /// reaches the terminal.
    @Test(arguments: [
        ["sweep", "Scenarios/produce-trip.json", "--seeds"],
        ["sweep", "Scenarios/produce-trip.json", "--seeds", "1..2", "--jobs"],
        ["sweep", "Scenarios/produce-trip.json", "--seeds", "1..2", "--watch"],
        ["sweep", "Scenarios/produce-trip.json", "--seeds", "1..2", "--shard"],
        ["explore", "Scenarios/produce-trip.json", "--runs"],
        ["run", "Scenarios/produce-trip.json", "--seed"],
        ["latency", "Scenarios/produce-trip.json", "--pipeline"],
    ])
    func longArgumentsAreQuotedShortAndEscaped(prefix: [String]) throws {
        let long = String(repeating: "\u{1B}[2J9", count: 20_000)  // 100,000 characters: one argument may have 128 KB
        let result = try CLI.run(prefix + [long])
        #expect(result.status == 64, "\(prefix): \(result.stderr.prefix(300))")
        #expect(result.stderr.utf8.count < 1_000, "\(prefix): \(result.stderr.prefix(300))")
        #expect(!result.stderr.contains("\u{1B}"), "\(prefix): a raw escape sequence")
        #expect(result.stderr.contains("(100000 characters)"), "\(prefix): \(result.stderr.prefix(300))")
    }

    /// An unknown command or option is quoted the same way.
    @Test func unknownWordsAreQuotedShort() throws {
        let long = String(repeating: "\u{1B}]0;title\u{07}", count: 5_000)
        for arguments in [[long], ["run", "--" + long]] {
            let result = try CLI.run(arguments)
            #expect(result.status == 64)
            #expect(
                result.stderr.utf8.count < 1_000 && !result.stderr.contains("\u{1B}"), "\(result.stderr.prefix(200))")
        }
    }

    /// `--set pipeline.jitter` on a scenario without a `"pipeline"` section sets the jitter of the
    /// pipeline it runs (the optimized preset); it used to fail ("expected "preset" …").
    @Test func settingThePipelineOfAScenarioWithoutOneWorks() throws {
        let text = try String(
            contentsOf: CLI.packageRoot.appendingPathComponent("Scenarios/basement-aisle-no-signal.json"),
            encoding: .utf8)
        #expect(!text.contains("\"pipeline\""))
        let result = try CLI.run([
            "sweep", "Scenarios/basement-aisle-no-signal.json", "--seeds", "1..2", "--set", "pipeline.jitter=0,0.5",
            "--json",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let plain = try CLI.run(["sweep", "Scenarios/basement-aisle-no-signal.json", "--seeds", "1..2", "--json"])
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let cells = object?["cells"] as? [[String: Any]]
        #expect(cells?.count == 2)
        #expect(plain.status == 0)
    }
}
