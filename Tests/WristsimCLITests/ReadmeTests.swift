import Foundation
import Testing

/// README.md is a short user guide whose every link works in a clone.
@Suite struct ReadmeTests {
    static func read(_ path: String) throws -> String {
        try String(contentsOf: CLI.packageRoot.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func theReadmeIsShortAndSaysHowToInstallAndPutTheBinaryOnThePath() throws {
        let readme = try Self.read("README.md")
        #expect(readme.split(separator: "\n", omittingEmptySubsequences: false).count < 300)
        #expect(readme.contains("swift build -c release"))
        #expect(readme.contains(".build/release/wristsim"))
        #expect(readme.contains("PATH"))
        #expect(!readme.contains("wallSecondsRuns"), "benchmark tables live in BENCHMARKS.md")
        #expect(try Self.read("BENCHMARKS.md").contains("eventsPerSecond"))
    }

    @Test(arguments: [
        "README.md", "BENCHMARKS.md", "docs/scenarios.md", "docs/json.md", "docs/platform.md", "docs/latency.md",
        "docs/link.md", "docs/reminders.md",
    ])
    func noReferenceLeavesTheRepository(path: String) throws {
        let text = try Self.read(path)
        #expect(!text.contains("../shared"), "\(path)")
        #expect(!text.contains("PLATFORM.md"), "\(path)")
        #expect(!text.contains("WORKLOAD.md"), "\(path)")
        #expect(!text.contains("DESIGN.md"), "\(path)")
        // Every relative Markdown link points at a file of the repository.
        let folder = CLI.packageRoot.appendingPathComponent(path).deletingLastPathComponent()
        var rest = text[...]
        while let open = rest.range(of: "](") {
            rest = rest[open.upperBound...]
            guard let close = rest.firstIndex(of: ")") else { break }
            let target = String(rest[..<close]).split(separator: "#").first.map(String.init) ?? ""
            rest = rest[close...]
            guard !target.isEmpty, !target.contains("://") else { continue }
            #expect(
                FileManager.default.fileExists(atPath: folder.appendingPathComponent(target).path),
                "\(path) links to \(target), which a clone does not have")
        }
    }
}
