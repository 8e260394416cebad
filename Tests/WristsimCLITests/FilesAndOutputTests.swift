import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Issue #15, "files and output": FIFOs, full devices, closed pipes, symbolic links and file
/// names that are not UTF-8.
@Suite struct FilesAndOutputTests {
    static let scenario = "Scenarios/produce-trip.json"
    static let timeline = "Scenarios/complication-saturday-shop.json"

    static func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "wristsim-files-\(UUID().uuidString)"
        ).path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Runs a shell command line in the package root, with `$W` the wristsim binary.
    static func shell(_ script: String) throws -> CLI.Result {
        try CLI.launch(
            URL(fileURLWithPath: "/bin/bash"), ["-c", script], in: CLI.packageRoot,
            environment: ["W": CLI.executable.path, "PATH": "/usr/bin:/bin"])
    }

    /// `run` on a FIFO with no writer blocked forever; now it is refused at once (exit 65).
    @Test func aFIFOIsRefusedNotWaitedOn() throws {
        let fifo = try Self.folder() + "/scenario.json"
        #expect(mkfifo(fifo, 0o600) == 0)
        let result = try Self.shell("timeout 20 \"$W\" run '\(fifo)'")
        #expect(result.status == 65, "\(result.stderr)")
        #expect(
            result.stderr.contains("is a FIFO (named pipe); expected a regular scenario JSON file"), "\(result.stderr)")
    }

    @Test func standardInputIsAccepted() throws {
        let result = try Self.shell("\"$W\" run - < \(Self.scenario)")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("result  PASS"))
    }

    /// Output to a full device was lost and the tool exited 0.
    @Test func aFullDeviceIsAnIOError() throws {
        let result = try Self.shell("\"$W\" run \(Self.scenario) > /dev/full")
        #expect(result.status == 74)
        #expect(result.stderr.contains("cannot write to standard output: no space left on device"), "\(result.stderr)")
        let svg = try CLI.run(["timeline", Self.timeline, "--svg", "/dev/full"])
        #expect(svg.status == 74)
        #expect(svg.stderr.contains("cannot write '/dev/full': no space left on device"), "\(svg.stderr)")
    }

    /// A closed pipe (`| head`) ends the run quietly with 74, never a crash or a message.
    @Test func aClosedPipeIsAQuietExit() throws {
        let process = Process()
        process.executableURL = CLI.executable
        process.arguments = ["run", Self.scenario, "--trace"]
        process.currentDirectoryURL = CLI.packageRoot
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try out.fileHandleForReading.close()
        try process.run()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 74)
        #expect(errData.isEmpty, "\(String(decoding: errData, as: UTF8.self))")
    }

    /// `timeline --svg` replaced a symbolic link (and a FIFO, and a device) with a regular file;
    /// both picture commands now write through the path.
    @Test(arguments: [["timeline", timeline], ["latency", scenario]])
    func picturesAreWrittenThroughASymbolicLink(command: [String]) throws {
        let folder = try Self.folder()
        let target = folder + "/target.svg"
        let link = folder + "/link.svg"
        #expect(FileManager.default.createFile(atPath: target, contents: Data()))
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let result = try CLI.run(command + ["--svg", link])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target, "still a link")
        let svg = try String(contentsOfFile: target, encoding: .utf8)
        #expect(svg.hasPrefix("<svg") || svg.hasPrefix("<?xml"), "the picture went through the link")
    }

    /// An output file that cannot be written is an I/O error (74), not a usage error.
    @Test func anUnwritablePictureIsAnIOError() throws {
        let result = try CLI.run(["timeline", Self.timeline, "--svg", "/nonexistent/folder/x.svg"])
        #expect(result.status == 74)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("cannot write '/nonexistent/folder/x.svg': no such file or directory"))
    }

    /// `--at` far beyond the start trapped (exit 132); now a usage error naming the range.
    @Test(arguments: ["timeline", "reminders"])
    func atFarBeyondTheStartIsAUsageError(command: String) throws {
        let result = try CLI.run([command, Self.timeline, "--at", "2400-01-01T00:00:00Z"])
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("a scenario spans at most 100 years"), "\(result.stderr)")
    }

    @Test(arguments: ["timeline", "latency"])
    func aFIFOWithoutAReaderIsRefusedAndKept(command: String) throws {
        let fifo = try Self.folder() + "/out.svg"
        #expect(mkfifo(fifo, 0o600) == 0)
        let file = command == "timeline" ? Self.timeline : Self.scenario
        let result = try Self.shell("timeout 20 \"$W\" \(command) \(file) --svg '\(fifo)'")
        #expect(result.status == 74, "\(result.stderr)")
        #expect(result.stderr.contains("it is a FIFO with no reader"), "\(result.stderr)")
        var status = stat()
        #expect(stat(fifo, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO, "the FIFO is still there")
    }

    /// A file name with bytes that are not UTF-8 was reported as "no such file".
    @Test func fileNamesThatAreNotUTF8AreAccepted() throws {
        let folder = try Self.folder()
        let result = try Self.shell(
            "cp \(Self.scenario) \"\(folder)/$(printf 'trip\\377.json')\" && \"$W\" run \"\(folder)/$(printf 'trip\\377.json')\""
        )
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("result  PASS"))
        let missing = try Self.shell("\"$W\" run \"\(folder)/$(printf 'gone\\376.json')\"")
        #expect(missing.status == 65)
        #expect(missing.stderr.contains("gone\\xFE.json: error: no such file"), "printed escaped: \(missing.stderr)")
    }
}
