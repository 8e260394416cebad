import Foundation

/// Runs the built `wristsim` binary, as a user would, and captures what it printed.
enum CLI {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The package root: the nearest folder above this file that holds `Package.swift`.
    static let packageRoot: URL = {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while folder.path != "/",
            !FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path)
        {
            folder = folder.deletingLastPathComponent()
        }
        return folder
    }()

    /// The `wristsim` executable built next to the test bundle.
    static var executable: URL {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("wristsim")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        return packageRoot.appendingPathComponent(".build/debug/wristsim")
    }

    /// Runs `wristsim arguments…` in the package root and waits for it.
    static func run(_ arguments: [String], input: [UInt8]? = nil, environment: [String: String]? = nil) throws
        -> Result
    {
        try launch(executable, arguments, in: packageRoot, environment: environment, input: input)
    }

    /// Runs `program arguments…` in `folder` (with `environment`, or this process's when `nil`),
    /// standard input `input` (closed when `nil`), and captures what it printed. The one process
    /// runner of the CLI tests.
    static func launch(
        _ program: URL, _ arguments: [String], in folder: URL, environment: [String: String]? = nil,
        input: [UInt8]? = nil
    ) throws -> Result {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        process.currentDirectoryURL = folder
        if let environment { process.environment = environment }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        if let input {
            // A file rather than a pipe: nothing to write while the process runs.
            let file = URL(fileURLWithPath: try temporaryFile(input, name: "stdin"))
            process.standardInput = try FileHandle(forReadingFrom: file)
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }

    /// Writes `contents` to a fresh temporary file and returns its path.
    static func temporaryFile(_ contents: [UInt8], name: String = "scenario.json") throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "wristsim-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent(name)
        try Data(contents).write(to: file)
        return file.path
    }
}
