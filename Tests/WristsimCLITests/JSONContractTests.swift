import Foundation
import ScenarioRunner
import Testing

/// Every JSON output of every command validates against the JSON Schema shipped for it in
/// `Schemas/` (docs/json.md), and follows the contract: a `schema` on every record, ISO 8601
/// times with milliseconds, no `"-"` placeholders.
@Suite struct JSONContractTests {
    /// The shipped scenarios (not the schema files).
    static let scenarios: [String] = {
        let folder = CLI.packageRoot.appendingPathComponent("Scenarios")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".json") && !$0.hasSuffix(".schema.json") }.sorted().map {
            "Scenarios/" + $0
        }
    }()

    /// Command lines whose output is JSON, covering every command and every output kind (few
    /// processes: `run` takes every scenario at once, `latency` every variant at once).
    static let invocations: [[String]] = {
        var lines: [[String]] = [
            ["run", "--json", "--trace"] + scenarios,
            ["check", "--json"], ["check", "Scenarios/produce-trip.json", "no-such-file.json", "--json"],
            ["watches", "--json", "--row-height", "56"],
            ["timeline", "Scenarios/complication-budget-exhausted.json", "--json", "--at", "+2h"],
            ["timeline", "Scenarios/produce-trip.json", "--json"],
            ["latency", "Scenarios/produce-trip.json", "--json"],
        ]
        for file in scenarios {
            if file.contains("latency") || file.contains("visibility") {
                lines.append([
                    "latency", file, "--json", "--compare", "--watch", "series0-38mm", "--watch", "ultra3-49mm",
                ])
            }
            if file.contains("reminders") { lines.append(["reminders", file, "--json", "--at", "+3d"]) }
            if file.contains("complication") { lines.append(["timeline", file, "--json"]) }
        }
        return lines
    }()

    /// Loads `Schemas/<kind>.schema.json`.
    static func schema(kind: String) throws -> JSONSchemaValidator {
        let url = CLI.packageRoot.appendingPathComponent("Schemas/\(kind).schema.json")
        return try JSONSchemaValidator(schema: [UInt8](try Data(contentsOf: url)), file: url.path)
    }

    /// The records of a JSON or JSON Lines output.
    static func records(_ output: String) throws -> [JSONNode] {
        try output.split(separator: "\n").map { try JSONParser.parse(Array($0.utf8), file: "stdout") }
    }

    @Test(arguments: invocations)
    func outputValidatesAgainstItsShippedSchema(arguments: [String]) throws {
        #expect(Self.scenarios.count > 10)
        let result = try CLI.run(arguments)
        #expect([0, 1, 65].contains(result.status), "\(arguments): exit \(result.status)\n\(result.stderr)")
        let records = try Self.records(result.stdout)
        #expect(!records.isEmpty, "\(arguments) printed no JSON")
        for record in records {
            guard case .object(let members) = record.value,
                case .string(let name)? = members.first(where: { $0.key == "schema" })?.value.value
            else {
                Issue.record("\(arguments): a record without a \"schema\": \(record.path)")
                continue
            }
            #expect(members.first?.key == "schema", "\(arguments): \"schema\" is not the first key")
            let kind = String(name.dropFirst("wristsim.".count).prefix { $0 != "/" })
            let validator = try Self.schema(kind: kind)
            let errors = validator.errors(record)
            #expect(errors.isEmpty, "\(arguments) \(name): \(errors.prefix(5).joined(separator: "\n"))")
        }
        #expect(!result.stdout.contains("\"-\""), "\(arguments): a \"-\" placeholder instead of null")
    }

    @Test func runRecordsNameTheirFileWhenSeveralFilesRun() throws {
        let result = try CLI.run(["run", "Scenarios/produce-trip.json", "Scenarios/visibility-38mm.json", "--json"])
        let files = try Self.records(result.stdout).map { record -> String? in
            guard case .object(let members) = record.value,
                case .string(let file)? = members.first(where: { $0.key == "file" })?.value.value
            else { return nil }
            return file
        }
        #expect(files.allSatisfy { $0 != nil })
        #expect(Set(files.compactMap { $0 }) == ["Scenarios/produce-trip.json", "Scenarios/visibility-38mm.json"])
    }

    @Test func seedsAreNumbersAndMissingFiguresAreNull() throws {
        let run = try CLI.run(["run", "Scenarios/produce-trip.json", "--json", "--seed", "7"])
        #expect(run.stdout.contains("\"seed\":7,"))
        // A scenario with no tap through the pipeline has no percentiles: null, never "-".
        let untapped = """
            {"format": 1, "name": "no taps", "start": "2026-11-21T09:00:00Z",
             "items": [{"id": "kale", "title": "Kale"}], "script": []}
            """
        let latency = try CLI.run(["latency", try CLI.temporaryFile(Array(untapped.utf8)), "--json"])
        #expect(latency.stdout.contains("\"p50Ms\":null"))
        #expect(!latency.stdout.contains("\"-\""))
    }

    /// One convention for seeds: a JSON number over the whole UInt64 range, in every record
    /// (`run` wrote the largest seed as a string, `reminders --compare` as a negative number).
    @Test func theLargestSeedIsAPlainNumberEverywhere() throws {
        let largest = "18446744073709551615"
        let run = try CLI.run(["run", "Scenarios/produce-trip.json", "--json", "--trace", "--seed", largest])
        let records = try Self.records(run.stdout)
        let schema = try Self.schema(kind: "run")
        for record in records {
            let errors = schema.errors(record)
            #expect(errors.isEmpty, "\(errors.prefix(2))")
        }
        #expect(run.stdout.contains("\"seed\":\(largest),"), "the header's seed")
        #expect(run.stdout.contains("\"fields\":{\"name\":"), "a trace record")
        #expect(run.stdout.components(separatedBy: "\"seed\":\(largest)").count == 3, "header and scenario.start")
        #expect(!run.stdout.contains("\"seed\":\""))

        let compare = try CLI.run([
            "reminders", "Scenarios/reminders-twice-a-day.json", "--compare", "--json", "--seed", largest,
        ])
        #expect(compare.stdout.contains("\"seed\":\(largest),"), "\(compare.stdout.prefix(200))")
        let document = try JSONParser.parse(Array(compare.stdout.utf8), file: "stdout")
        #expect(try Self.schema(kind: "reminders-compare").errors(document).isEmpty)

        let sweep = try CLI.run([
            "sweep", "Scenarios/produce-trip.json", "--seeds", "18446744073709551614..\(largest)", "--json",
        ])
        #expect(sweep.status == 0, "\(sweep.stderr.prefix(300))")
        #expect(sweep.stdout.contains("\"first\": 18446744073709551614,\n    \"last\": \(largest)\n"))
    }

    @Test func timesAreISO8601WithMillisecondsAndTheScenariosOffset() throws {
        let result = try CLI.run(["run", "Scenarios/complication-saturday-shop.json", "--json", "--trace"])
        #expect(result.stdout.contains("\"start\":\"2026-11-21T10:00:00.000+01:00\""), "\(result.stdout.prefix(400))")
        #expect(result.stdout.contains("\"at\":\"2026-11-21T10:05:00.002+01:00\""), "milliseconds are kept")
        #expect(!result.stdout.contains("offsetMs"))
    }

    @Test func staleSpansHaveDistinctEndsAtMillisecondPrecision() throws {
        let result = try CLI.run(["timeline", "Scenarios/complication-budget-exhausted.json", "--json"])
        let text = result.stdout
        #expect(text.contains("\"durationMs\":"))
        // No span starts and ends on the same printed instant.
        for record in try Self.records(text) {
            guard case .object(let members) = record.value,
                case .array(let families)? = members.first(where: { $0.key == "staleness" })?.value.value
            else { continue }
            for family in families {
                guard case .object(let fields) = family.value,
                    case .array(let spans)? = fields.first(where: { $0.key == "spans" })?.value.value
                else { continue }
                for span in spans {
                    guard case .object(let parts) = span.value,
                        case .string(let from)? = parts.first(where: { $0.key == "from" })?.value.value,
                        case .string(let to)? = parts.first(where: { $0.key == "to" })?.value.value
                    else { continue }
                    #expect(from != to, "a stale span printed with from == to: \(from)")
                }
            }
        }
    }

    @Test func missedRemindersCarryAReasonCode() throws {
        let result = try CLI.run(["reminders", "Scenarios/reminders-two-weeks.json", "--json"])
        #expect(result.stdout.contains("\"reason\":{\"code\":\"outsideWindow\",\"message\":\"outside the window"))
    }

    @Test func watchesIsAnObjectWithASchemaNotABareArray() throws {
        let result = try CLI.run(["watches", "--json"])
        #expect(result.stdout.hasPrefix("{\"schema\":\"wristsim.watches/1\",\"watches\":["))
    }

    @Test func everyShippedSchemaIsWellFormedAndUsesOnlySupportedKeywords() throws {
        let folder = CLI.packageRoot.appendingPathComponent("Schemas")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0.hasSuffix(".schema.json")
        }
        #expect(files.count >= 7)
        for file in files {
            let validator = try JSONSchemaValidator(
                schema: [UInt8](try Data(contentsOf: folder.appendingPathComponent(file))), file: file)
            // Validating an empty object walks the top-level keywords: none is unsupported.
            let errors = validator.errors(try JSONParser.parse(Array("{}".utf8), file: "empty"))
            #expect(!errors.contains { $0.contains("unsupported") }, "\(file): \(errors)")
            #expect(
                errors.contains { $0.contains("\"schema\"") } || errors.contains { $0.contains("oneOf") }, "\(file)")
        }
    }
}
