import Foundation
import ScenarioRunner
import Testing

/// Help that runs: every example in every command's `--help` and every `$ wristsim …` line in the
/// README's shell blocks runs on the built binary and exits as documented (0 unless the line
/// ends with `# exit N`). A JSON example's output also validates against its shipped schema.
@Suite struct ExamplesTests {
    /// One command line to run, and where it was written.
    struct Example: CustomTestStringConvertible, Sendable {
        var source: String
        /// The arguments after `wristsim`, as shell text (globs and quotes are the shell's).
        var arguments: String
        var expectedStatus: Int32
        var testDescription: String { "\(source): wristsim \(arguments)" }
    }

    /// The command names listed by `wristsim --help`.
    static func commandNames() throws -> [String] {
        let help = try CLI.run(["--help"]).stdout
        var names: [String] = []
        var inCommands = false
        for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "COMMANDS:" {
                inCommands = true
            } else if inCommands {
                guard line.hasPrefix("  "), let name = line.split(separator: " ").first else { break }
                names.append(String(name))
            }
        }
        return names
    }

    /// Commands whose examples are not run here (none: `sweep`'s and `explore`'s examples are a few
    /// seeds, and `merge`'s read the parts in `docs/examples/`). Listing one here keeps a gap visible.
    static let notRunHere: Set<String> = []

    /// `wristsim …` lines under `EXAMPLES:` in every command's help.
    static let helpExamples: [Example] = {
        var examples: [Example] = []
        for name in (try? commandNames()) ?? [] where !notRunHere.contains(name) {
            let help = (try? CLI.run([name, "--help"]).stdout) ?? ""
            var inExamples = false
            for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed == "EXAMPLES:" {
                    inExamples = true
                } else if inExamples, trimmed.hasPrefix("wristsim ") {
                    examples.append(example(trimmed.dropFirst("wristsim ".count), source: "wristsim \(name) --help"))
                } else if inExamples, !trimmed.isEmpty {
                    inExamples = false
                }
            }
        }
        return examples
    }()

    /// `wristsim …`, `swift run wristsim …` and `.build/…/wristsim …` lines (with or without a `$`
    /// prompt) in README.md's fenced blocks (`swift build`/`swift test` lines are what CI itself
    /// runs, so they are left out).
    static let readmeExamples: [Example] = {
        let url = CLI.packageRoot.appendingPathComponent("README.md")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        var examples: [Example] = []
        var inFence = false
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("```") {
                inFence.toggle()
                continue
            }
            // `$ …` lines of any block, and bare command lines of the `sh` blocks.
            guard inFence else { continue }
            let command = line.hasPrefix("$ ") ? line.dropFirst(2) : line
            for runner in ["wristsim ", "swift run wristsim ", ".build/release/wristsim ", ".build/debug/wristsim "]
            where command.hasPrefix(runner) {
                examples.append(example(command.dropFirst(runner.count), source: "README.md:\(index + 1)"))
                break
            }
        }
        return examples
    }()

    /// A transcript: a `$ wristsim …` (or `$ swift run wristsim …`) line of a ```` ```console ````
    /// block and the lines shown under it (until the next `$` line or the end of the block).
    struct Transcript: CustomTestStringConvertible, Sendable {
        var example: Example
        var lines: [String]
        var testDescription: String { example.testDescription }
    }

    /// The Markdown files whose `console` blocks are transcripts: README.md and every page in docs/.
    static let documentedPages: [String] = {
        let docs = CLI.packageRoot.appendingPathComponent("docs")
        let pages = (try? FileManager.default.contentsOfDirectory(atPath: docs.path)) ?? []
        return ["README.md"] + pages.filter { $0.hasSuffix(".md") }.sorted().map { "docs/\($0)" }
    }()

    /// Every transcript in the `console` blocks of README.md and docs/*.md.
    static let transcripts: [Transcript] = documentedPages.flatMap { page -> [Transcript] in
        let url = CLI.packageRoot.appendingPathComponent(page)
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        var transcripts: [Transcript] = []
        var inConsole = false
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("```") {
                inConsole = line == "```console"
                continue
            }
            guard inConsole else { continue }
            if let runner = ["$ wristsim ", "$ swift run wristsim "].first(where: { line.hasPrefix($0) }) {
                let example = example(line.dropFirst(runner.count), source: "\(page):\(index + 1)")
                transcripts.append(Transcript(example: example, lines: []))
            } else if !transcripts.isEmpty {
                transcripts[transcripts.count - 1].lines.append(String(line))
            }
        }
        // A blank line between two commands of one block separates them; it is not output.
        return transcripts.map { transcript in
            var trimmed = transcript
            while trimmed.lines.last?.isEmpty == true { trimmed.lines.removeLast() }
            return trimmed
        }
    }

    /// Whether `shown` (a transcript, `…` standing for lines left out) matches `actual`: the
    /// lines before the first `…` begin the output, and each run of lines after a `…` appears
    /// later, in order. Trailing spaces are ignored.
    static func matches(_ shown: [String], _ actual: [String]) -> Bool {
        func trimmed(_ line: String) -> String {
            String(line.reversed().drop { $0 == " " }.reversed())
        }
        let actual = actual.map(trimmed)
        var segments: [[String]] = [[]]
        for line in shown.map(trimmed) {
            if line == "…" { segments.append([]) } else { segments[segments.count - 1].append(line) }
        }
        guard actual.starts(with: segments[0]) else { return false }
        var position = segments[0].count
        for segment in segments.dropFirst() where !segment.isEmpty {
            guard
                let found = (position...max(position, actual.count - segment.count)).first(where: {
                    $0 + segment.count <= actual.count && Array(actual[$0..<($0 + segment.count)]) == segment
                })
            else { return false }
            position = found + segment.count
        }
        return segments.count > 1 || actual.count == segments[0].count
    }

    static func example(_ text: Substring, source: String) -> Example {
        var arguments = String(text)
        var status: Int32 = 0
        if let marker = arguments.range(of: "# exit ") {
            status = Int32(arguments[marker.upperBound...].trimmingCharacters(in: .whitespaces)) ?? -1
            arguments = String(arguments[..<marker.lowerBound]).trimmingCharacters(in: .whitespaces)
        }
        return Example(source: source, arguments: arguments, expectedStatus: status)
    }

    /// A scratch folder with a copy of the repository's inputs, so examples that write files
    /// (`-o report.html`, `--svg link.svg`) write there and not into the checkout.
    static let scratch: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "wristsim-examples-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in ["Scenarios", "Schemas", "docs"] {
            try? FileManager.default.copyItem(
                at: CLI.packageRoot.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        return folder
    }()

    /// Runs `wristsim ARGUMENTS` through `/bin/sh` in the scratch folder.
    static func run(_ example: Example) throws -> CLI.Result {
        try CLI.launch(
            URL(fileURLWithPath: "/bin/sh"), ["-c", "exec \"$0\" " + example.arguments, CLI.executable.path],
            in: scratch)
    }

    @Test func everyCommandHasExamplesAndTheReadmeHasSome() throws {
        let names = try Self.commandNames()
        #expect(names.count >= 6)
        for name in names where !Self.notRunHere.contains(name) {
            #expect(Self.helpExamples.contains { $0.source == "wristsim \(name) --help" }, "\(name) shows no example")
        }
        #expect(Self.readmeExamples.count >= 4)
    }

    /// Transcripts are real: what each shows is what the command prints today (its standard
    /// output, then its standard error: an error example shows the error).
    @Test(arguments: transcripts)
    func transcriptShowsTheRealOutput(_ transcript: Transcript) throws {
        let result = try Self.run(transcript.example)
        #expect(result.status == transcript.example.expectedStatus, "exit \(result.status)")
        let actual = (result.stdout + result.stderr).split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init)
        let lines = actual.last == "" ? Array(actual.dropLast()) : actual
        #expect(
            Self.matches(transcript.lines, lines),
            "\(transcript.example.source) shows:\n\(transcript.lines.joined(separator: "\n"))\n\nthe command prints:\n\(lines.prefix(60).joined(separator: "\n"))"
        )
    }

    @Test func everyPageHasItsTranscriptsChecked() {
        #expect(Self.documentedPages.count > 5)
        #expect(Self.transcripts.contains { $0.example.source.hasPrefix("README.md:") })
        #expect(Self.transcripts.contains { $0.example.source.hasPrefix("docs/") })
    }

    @Test func transcriptsAreMatchedLineByLine() {
        #expect(Self.matches(["a", "b"], ["a", "b"]))
        #expect(!Self.matches(["a", "b"], ["a", "b", "c"]), "more output than shown needs a …")
        #expect(Self.matches(["a", "…", "c"], ["a", "b", "c"]))
        #expect(Self.matches(["…", "c", "d"], ["a", "b", "c", "d", "e"]))
        #expect(!Self.matches(["…", "d", "c"], ["a", "b", "c", "d"]))
        #expect(!Self.matches(["a", "…", "x"], ["a", "b"]))
        #expect(Self.matches(["a  "], ["a"]))
    }

    @Test(arguments: helpExamples + readmeExamples)
    func exampleRunsAsDocumented(_ example: Example) throws {
        let result = try Self.run(example)
        #expect(
            result.status == example.expectedStatus,
            "exit \(result.status), expected \(example.expectedStatus)\n\(result.stderr.prefix(600))")
        guard example.arguments.contains("--json"), result.status == 0 || result.status == 1 else { return }
        // JSON Lines, or one (possibly indented) document.
        let text = result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let documents = text.hasPrefix("{\n") ? [Substring(text)] : text.split(separator: "\n")
        for line in documents {
            let record = try JSONParser.parse(Array(line.utf8), file: "stdout")
            guard case .object(let members) = record.value,
                case .string(let name)? = members.first(where: { $0.key == "schema" })?.value.value
            else {
                Issue.record("a JSON record without \"schema\": \(line.prefix(200))")
                continue
            }
            let kind = String(name.dropFirst("wristsim.".count).prefix { $0 != "/" })
            let errors = try JSONContractTests.schema(kind: kind).errors(record)
            #expect(errors.isEmpty, "\(name): \(errors.prefix(3))")
        }
    }
}
