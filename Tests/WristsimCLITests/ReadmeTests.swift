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
    /// Every output schema the user docs name (`wristsim.sweep/2`) is named at the version the
    /// tool writes now, as the schema files under Schemas/ pin it (`"const": "wristsim.sweep/2"`):
    /// a version bump that leaves a page behind fails here.
    @Test func theDocsNameEachOutputSchemaAtItsCurrentVersion() throws {
        let pattern = /wristsim\.([a-z-]+)\/([0-9]+)/
        let schemas = CLI.packageRoot.appendingPathComponent("Schemas")
        var current: [String: String] = [:]
        for file in try FileManager.default.contentsOfDirectory(atPath: schemas.path)
        where file.hasSuffix(".schema.json") {
            let text = try String(contentsOf: schemas.appendingPathComponent(file), encoding: .utf8)
            for match in text.matches(of: pattern) { current[String(match.output.1)] = String(match.output.2) }
        }
        #expect(current["sweep"] != nil && current["run"] != nil, "schemas read: \(current)")
        let docs = CLI.packageRoot.appendingPathComponent("docs")
        let pages =
            ["README.md"]
            + (try FileManager.default.contentsOfDirectory(atPath: docs.path)).filter { $0.hasSuffix(".md") }.sorted()
            .map { "docs/\($0)" }
        var named = 0
        for page in pages {
            for match in try Self.read(page).matches(of: pattern) {
                let (name, version) = (String(match.output.1), String(match.output.2))
                guard let now = current[name] else { continue }
                named += 1
                #expect(version == now, "\(page) names wristsim.\(name)/\(version); the tool writes /\(now)")
            }
        }
        #expect(named > 10, "the pages name the schemas")
    }
}
