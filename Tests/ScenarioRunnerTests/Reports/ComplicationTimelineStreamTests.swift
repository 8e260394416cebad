import CompanionModel
import Foundation
import ScenarioRunner
import SimulationKernel
import Testing

/// `wristsim timeline` written as it is made (issue #33 item 8, the `policies` family of
/// `Scripts/work_bound.py`): the text preview's rows and the JSON's requests reach the output one
/// at a time, in time order, never all held; and what is written is what docs/complications.md
/// describes, checked against a reference built from the model's logs over random scenarios.
@Suite struct ComplicationTimelineStreamTests {
    /// A text output that keeps every piece written to it, in order.
    struct Pieces: TextOutputStream {
        var pieces: [String] = []
        mutating func write(_ string: String) { pieces.append(string) }
    }

    /// A random scenario of a day or three: taps, face changes, phone transfers and app reloads,
    /// a small daily budget or none, a reload policy, background refreshes that may overrun.
    static func randomScenario(seed: UInt64) -> String {
        var rng = SplitMix64(seed: seed)
        func pick<T>(_ values: [T]) -> T { values[Int(rng.next() % UInt64(values.count))] }
        let itemCount = 3 + Int(rng.next() % 10)
        let items = (0..<itemCount).map { index in
            rng.next() % 3 == 0
                ? #"{"id": "i\#(index)", "title": "Item \#(index)", "due": "+\#(rng.next() % 600)m"}"#
                : #"{"id": "i\#(index)", "title": "Item \#(index)"}"#
        }
        var steps: [String] = []
        var minute = 0
        for index in (0..<itemCount).shuffled(using: &rng) {
            minute += 1 + Int(rng.next() % 90)
            steps.append(#"{"at": "+\#(minute)m", "do": "tap", "item": "i\#(index)"}"#)
            let extra = Int(rng.next() % 5)
            minute += extra == 1 || extra == 2 ? extra : 0
            steps.append(
                [
                    #"{"at": "+\#(minute)m", "do": "phoneComplicationTransfer"}"#,
                    #"{"at": "+\#(minute)m", "do": "complicationOffFace"}"#,
                    #"{"at": "+\#(minute)m", "do": "complicationOnFace"}"#,
                    #"{"at": "+\#(minute)m", "do": "reloadComplication", "app": "background"}"#,
                    #"{"at": "+\#(minute)m", "do": "reloadComplication"}"#,
                ][extra])
        }
        let budget = pick([
            #""dailyReloads": \#(1 + rng.next() % 6)"#,
            #""dailyReloads": \#(2 + rng.next() % 6), "reloadPolicy": {"after": "\#(5 + rng.next() % 60)m"}"#,
            #""dailyReloads": 4, "reloadPolicy": "atEnd", "futureEntryLimit": 0"#,
            #""dailyReloads": null, "reloadPolicy": {"after": "\#(30 + rng.next() % 60)m"}"#,
            #""rules": "widgetKit""#,
            #""dailyReloads": 3, "dailyExecution": "25ms", "reloadPolicy": "never""#,
        ])
        let refresh = pick([
            "", #", "backgroundRefresh": {"every": "\#(15 + rng.next() % 45)m"}"#,
            #", "backgroundRefresh": {"every": "20m", "task": {"cpu": "\#(rng.next() % 2 == 0 ? "1s" : "30s")"}}"#,
        ])
        return """
            {"format": 1, "name": "stream \(seed)", "seed": \(seed), "start": "2026-11-21T21:00:00+01:00",
             "end": "+\(1 + rng.next() % 3)d", "items": [\(items.joined(separator: ", "))],
             "complication": {"families": \(pick([#"["circular", "rectangular"]"#, #"["inline", "corner", "circular"]"#])),
                              "budget": {\(budget)}\(refresh)},
             "script": [\(steps.joined(separator: ", "))]}
            """
    }

    static func run(_ text: String) throws -> (ComplicationTimeline.Result, Scenario) {
        let scenario = try ScenarioDecoder.decode(Array(text.utf8), file: "stream.json")
        return (ComplicationTimeline.run(scenario), scenario)
    }

    /// The rows docs/complications.md promises, as (time, first word, text to find): what the
    /// face shows wherever it changes, each request, budget resets and exhaustions, background
    /// tasks, the start of each stale span of 1 s or more; at one instant in the documented
    /// order (resets, face changes, tasks, requests, exhaustions, `shows`, stale spans), each
    /// kind in the order it happened. Built from the model's logs, all held and sorted.
    static func referenceRows(_ report: ComplicationReport) -> [(time: String, word: String, has: String)] {
        let model = report.model
        var rows: [(time: SimTime, rank: Int, word: String, has: String)] = []
        for reset in model.resets where reset <= report.end { rows.append((reset, 0, "reset", "budget refilled")) }
        for change in model.presence where change.at >= report.start && change.at <= report.end {
            let atStart = change.at == report.start
            switch change.presence {
            case .onActiveFace where !atStart: rows.append((change.at, 1, "face", "put on the active face"))
            case .notOnActiveFace where !atStart || model.presence(at: report.start) == .notOnActiveFace:
                rows.append((change.at, 1, "face", atStart ? "not on the active face" : "taken off the active face"))
            case .onActiveFace, .notOnActiveFace: break
            }
        }
        for task in model.backgroundTasks where task.endedAt <= report.end {
            rows.append((task.endedAt, 2, "task", task.result.termination == nil ? "completed" : "TERMINATED"))
        }
        for record in model.records where record.at <= report.end {
            let marker: String
            switch record.outcome {
            case .granted: marker = " granted"
            case .deferred: marker = " DEFERRED"
            case .refused(let reason): marker = " REFUSED \(reason.rawValue)"
            }
            rows.append((record.at, 3, record.kind == .reload ? "reload" : "schedule", marker))
        }
        for exhaustion in model.exhaustions where exhaustion.at <= report.end {
            rows.append((exhaustion.at, 4, "budget", "exhausted until"))
        }
        let instants = Set(model.shown.map(\.entry.date) + model.presence.map(\.at)).filter {
            $0 >= report.start && $0 <= report.end
        }
        var previous: [String?]?
        for instant in instants.sorted() {
            let texts = report.families.map { model.shownText($0, at: instant) }
            guard texts != previous else { continue }
            previous = texts
            let cells = zip(report.families, texts).map {
                "\($0.rawValue) " + ($1.map { "\"\($0)\"" } ?? "(not on face)")
            }
            rows.append((instant, 5, "shows", cells.joined(separator: " | ")))
        }
        for family in report.staleness {
            for span in family.spans where span.duration >= .seconds(1) {
                rows.append((span.from, 6, "stale", "\(family.family.rawValue) shows \"\(span.shown)\""))
            }
        }
        let ordered = rows.enumerated().sorted {
            ($0.element.time, $0.element.rank, $0.offset) < ($1.element.time, $1.element.rank, $1.offset)
        }
        return ordered.map { (report.clock.timeOfDay($0.element.time), $0.element.word, $0.element.has) }
    }

    /// The rows of a preview as written: (time column, first word, the row after the time, the
    /// whole line).
    static func writtenRows(_ text: String) -> [(time: String, word: String, row: String, line: String)] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let header = lines.firstIndex(where: { $0.hasPrefix("time ") }) else { return [] }
        return lines[(header + 1)...].prefix { !$0.isEmpty }.map { line in
            let row = line.drop { !$0.isLetter }
            let time = line.prefix(line.count - row.count).trimmingCharacters(in: .whitespaces)
            return (time, String(row.prefix { $0 != " " && $0 != ":" }), String(row), String(line))
        }
    }

    @Test(arguments: 0..<40) func previewWrittenAsMadeHasTheDocumentedRowsInTheDocumentedOrder(seed: UInt64) throws {
        let (result, _) = try Self.run(Self.randomScenario(seed: seed))
        let report = result.report
        var output = Pieces()
        report.write(to: &output)
        let text = output.pieces.joined()
        #expect(text == report.text, "seed \(seed)")
        let written = Self.writtenRows(text)
        let reference = Self.referenceRows(report)
        #expect(written.count == reference.count, "seed \(seed): \(written.count) rows, reference \(reference.count)")
        for (row, expected) in zip(written, reference)
        where row.time != expected.time || row.word != expected.word || !row.row.contains(expected.has) {
            Issue.record("seed \(seed): row \(row) where the reference has \(expected)")
            break
        }
        let summary = text.split(separator: "\n", omittingEmptySubsequences: false).drop { !$0.isEmpty }.dropFirst()
        #expect(Array(summary.map(String.init).dropLast()) == report.summary, "seed \(seed)")
    }

    /// The random scenarios above reach every kind of row, so the comparison covers each.
    @Test func theRandomScenariosMakeEveryKindOfRow() throws {
        var words: Set<String> = []
        for seed in 0..<40 as Range<UInt64> {
            let (result, _) = try Self.run(Self.randomScenario(seed: seed))
            words.formUnion(Self.writtenRows(result.report.text).map(\.word))
        }
        #expect(
            words.isSuperset(of: ["reset", "face", "task", "reload", "schedule", "budget", "shows", "stale"]),
            "\(words)")
    }

    /// The preview reaches its output a row at a time: after the header, each piece is one whole
    /// row, in time order, so a run of a million reloads never holds its rows (the old preview
    /// made every row, sorted them, and wrote the page in one piece).
    @Test func previewRowsReachTheOutputOneAtATimeInTimeOrder() throws {
        let text = Self.randomScenario(seed: 3).replacingOccurrences(of: #""end": "+"#, with: #""end": "+2"#)
        let (result, _) = try Self.run(text)
        var output = Pieces()
        result.report.write(to: &output)
        let rows = Self.writtenRows(output.pieces.joined())
        #expect(rows.count > 50)
        let pieces = output.pieces.dropFirst().prefix(rows.count)
        let oneRowEach = pieces.count == rows.count && zip(pieces, rows).allSatisfy { $0 == $1.line + "\n" }
        #expect(oneRowEach, "one piece per row: \(output.pieces.count) pieces for \(rows.count) rows")
        let times = rows.map(\.time)
        #expect(times == times.sorted(), "dates and times in the time column sort as text")
    }

    /// `timeline --json` into a ``JSONStream``: the output gets the document in pieces of about
    /// the piece size, each ending after a whole value (never the document held whole), and the
    /// text is the same whatever the piece size (at size 1, one piece per top-level member or
    /// element of a top-level array) and parses as one JSON document.
    @Test(arguments: 0..<20) func jsonWrittenAsMadeIsTheDocument(seed: UInt64) throws {
        let (result, scenario) = try Self.run(Self.randomScenario(seed: seed))
        func pieces(size: Int) -> [String] {
            var pieces: [String] = []
            var stream = JSONStream(pieceSize: size) { pieces.append(String(decoding: $0, as: UTF8.self)) }
            ComplicationTimeline.write(result, scenario: scenario, into: &stream)
            stream.finish()
            return pieces
        }
        let (pieces, values) = (pieces(size: 512), pieces(size: 1))
        let document = values.joined()
        #expect(pieces.joined() == document, "seed \(seed)")
        _ = try JSONParser.parse(Array(document.utf8), file: "timeline")
        let longestValue = values.map(\.utf8.count).max() ?? 0
        #expect(pieces.count >= document.utf8.count / (512 + longestValue), "seed \(seed)")
        #expect(pieces.allSatisfy { $0.utf8.count < 512 + longestValue + 64 }, "seed \(seed)")
    }
}

extension ComplicationReport {
    /// The text preview (``ComplicationReport/write(to:)`` into one string).
    var text: String {
        var text = ""
        write(to: &text)
        return text
    }

    /// ``write(into:stamp:)`` through a ``JSONStream``: the document's text.
    func json(stamp: @escaping (SimTime) -> String) -> String {
        var bytes: [UInt8] = []
        var stream = JSONStream { bytes += $0 }
        write(into: &stream, stamp: stamp)
        stream.finish()
        return String(decoding: bytes, as: UTF8.self)
    }
}
