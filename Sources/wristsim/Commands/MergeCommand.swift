import Foundation
import ScenarioRunner

/// `wristsim merge PARTS…`: combines `--shard` partial results into the single-run result.
enum MergeCommand: Command {
    static let name = "merge"
    static let summary = "Combine 'sweep --shard' or 'explore --shard' partial results into the single-run result."
    static let usage = "wristsim merge PART… [--json] [--partial]"
    static let help = """
        Reads the JSON Lines files that 'wristsim sweep --shard' or 'wristsim explore --shard'
        wrote, checks that they belong to the same command line and that no run is counted
        twice, adds them up and prints what the unsharded command prints: for a sweep the same
        table or JSON document, for an exploration the same report (its JSON document byte for
        byte); whatever the split and whatever the order of the files. To shrink an exploration's
        failure into a reproduction file, run 'wristsim explore' on the failing run's seed range as
        the report says.

        ARGUMENTS:
          PART…        partial-result files ('-' reads standard input)

        OPTIONS:
          --json       print the JSON document instead of the table
          --partial    the parts need not cover every run: print the merged parts as JSON Lines
                       again (to merge in stages, say per machine, then all machines)
          -h, --help   show this help

        EXIT CODES:
          0 merged   1 an exploration's run broke an invariant   64 usage error
          65 a part is malformed, parts belong to different runs or overlap, or runs are missing
          74 standard output could not be written

        EXAMPLES:
          wristsim merge docs/examples/sweep-part-0.jsonl docs/examples/sweep-part-1.jsonl
          wristsim merge docs/examples/sweep-part-1.jsonl docs/examples/sweep-part-0.jsonl --json
        """
    static let flags = ["json", "partial"]
    static let options: [String] = []

    static func run(_ arguments: Arguments) throws(UsageError) -> ExitCode {
        guard !arguments.positionals.isEmpty else {
            throw UsageError(command: name, message: "missing partial-result files")
        }
        var files: [(bytes: [UInt8], file: String)] = []
        for path in arguments.positionals {
            do throws(ScenarioError) {
                let bytes = try InputFile.read(path, limit: ScenarioLoader.maximumFileSize, expected: .partialResult)
                guard !bytes.allSatisfy(PartKind.blank.contains) else {
                    throw ScenarioError(file: path, message: "the file is empty; expected a partial-result file")
                }
                files.append((bytes, path))
            } catch {
                Console.error(error.description)
                return .invalidScenario
            }
        }
        do throws(SweepError) {
            // The command is the first part's that names one; a part that names none is read
            // by that command's merge (a sweep's when none does), which says what is wrong with it.
            let named = files.compactMap { file in PartKind.of(file.bytes).map { (file: file.file, kind: $0) } }
            if let first = named.first, let other = named.first(where: { $0.kind != first.kind }) {
                throw SweepError.parts(
                    "\(FileName.display(other.file)): error: \(other.kind.description), while "
                        + "\(FileName.display(first.file)) is \(first.kind.description); expected parts of one command"
                )
            }
            switch named.first?.kind {
            case .explore?:
                return try mergeExplorations(files, partial: arguments.has("partial"), json: arguments.has("json"))
            case .sweep?, nil:
                var merge = SweepMerge()
                for file in files { try merge.add(file.bytes, file: file.file) }
                let merged = try merge.result()
                if arguments.has("partial") {
                    for line in merged.partLines { Console.out(line) }
                    return .success
                }
                guard merged.missing.isEmpty else { throw SweepError.parts(missingMessage(merged.missing)) }
                Console.out(arguments.has("json") ? merged.json.pretty().dropLastNewline : merged.text)
                return .success
            }
        } catch {
            return SweepCommand.report(error)
        }
    }

    static func missingMessage(_ missing: [Range<UInt64>]) -> String {
        let shown = missing.prefix(5).map { "\($0.lowerBound)..<\($0.upperBound)" }.joined(separator: ", ")
        return "the parts do not cover every run: missing runs \(shown)\(missing.count > 5 ? ", …" : "")"
            + "; give every shard's file (or --partial to merge in stages)"
    }

    /// Merges `explore --shard` parts: the report (text, or JSON with `--json`), or the parts
    /// merged as JSON Lines again with `--partial`. Exit 1 when a run broke an invariant.
    static func mergeExplorations(_ files: [(bytes: [UInt8], file: String)], partial: Bool, json: Bool)
        throws(SweepError) -> ExitCode
    {
        var merge = ExploreMerge()
        for file in files { try merge.add(file.bytes, file: file.file) }
        let merged = try merge.result()
        if partial {
            for line in merged.partLines { Console.out(line) }
            return .success
        }
        guard merged.missing.isEmpty else { throw SweepError.parts(missingMessage(merged.missing)) }
        Console.out(json ? merged.json.pretty().dropLastNewline : merged.text)
        guard let failure = merged.firstFailure else { return .success }
        if !json {
            Console.out("")
            Console.out(
                "to shrink run \(failure.run) into a reproduction: wristsim explore \(merged.plan.file) "
                    + "--seed \(merged.plan.seed) --runs \(failure.run + 1)")
        }
        return .expectationFailed
    }

    /// Which command wrote a part, from its first record's schema.
    enum PartKind: Hashable, CustomStringConvertible {
        case sweep
        case explore

        /// The bytes of white space between records.
        static let blank: Set<UInt8> = [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n")]

        /// The kind of the part `bytes`, from its first line that is not blank; `nil` when that
        /// line names neither schema.
        ///
        /// - Complexity: O(*n*) in the bytes before that line ends, at most.
        static func of(_ bytes: [UInt8]) -> PartKind? {
            let start = bytes.firstIndex { !blank.contains($0) } ?? bytes.endIndex
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
            let head = String(decoding: bytes[start..<end], as: UTF8.self)
            if head.contains("\"\(SweepResult.partSchema)\"") { return .sweep }
            if head.contains("\"\(ExploreReport.partSchema)\"") { return .explore }
            return nil
        }

        var description: String {
            switch self {
            case .sweep: return "a part of 'sweep --shard'"
            case .explore: return "a part of 'explore --shard'"
            }
        }
    }
}
