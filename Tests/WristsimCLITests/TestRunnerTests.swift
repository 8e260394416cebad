import Foundation
import ScenarioRunner
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Issue #10, "What was seen": the tool as a test runner. Each test fails on the old behaviour.
@Suite struct TestRunnerTests {
    /// A weekday of reminders whose last expectation is wrong (7 is right).
    static let failingReminders = """
        {"format": 1, "name": "wrong badge", "start": "2026-11-23T07:00:00Z",
         "items": [{"id": "milk", "title": "Milk", "due": "+1h"}, {"id": "bread", "title": "Bread", "due": "+2h"}],
         "reminders": {"scheduler": "windowed", "window": 60, "launchAt": "+0s"},
         "script": [{"at": "+3h", "expect": {"badge": 5}}]}
        """

    @Test func remindersShowsEveryFailureOnStdoutAndExitsOne() throws {
        let path = try CLI.temporaryFile(Array(Self.failingReminders.utf8))
        let result = try CLI.run(["reminders", path])
        #expect(result.status == 1)
        #expect(result.stdout.contains("FAIL  1 expectation failed"), "\(result.stdout)")
        #expect(result.stdout.contains("FAIL  10:00:00.000  line 4  badge = 5: "), "\(result.stdout)")
    }

    @Test func timelineShowsEveryFailureInsteadOfPointingToRun() throws {
        let text = """
            {"format": 1, "name": "two wrong", "start": "2026-11-21T09:00:00Z",
             "items": [{"id": "kale", "title": "Kale"}, {"id": "eggs", "title": "Eggs"}],
             "script": [{"at": "+1m", "expect": {"remaining": 3}}],
             "expect": {"remaining": 1, "next": "eggs"}}
            """
        let path = try CLI.temporaryFile(Array(text.utf8))
        let result = try CLI.run(["timeline", path])
        #expect(result.status == 1)
        #expect(!result.stderr.contains("see 'wristsim run"))
        #expect(result.stdout.contains("FAIL  3 expectations failed"))
        #expect(result.stdout.contains("FAIL  09:01:00.000  line 3  remaining = 3: expected 3 remaining, found 2"))
        #expect(result.stdout.contains("line 4  remaining = 1: expected 1 remaining, found 2"))
        #expect(result.stdout.contains("line 4  next = eggs: "))
    }

    @Test func aMultiDayRunPrintsDatesOnEveryTime() throws {
        let result = try CLI.run(["run", "Scenarios/reminders-two-weeks.json"])
        #expect(result.status == 0)
        let expectationLines = result.stdout.split(separator: "\n").filter { $0.hasPrefix("  pass  ") }
        #expect(!expectationLines.isEmpty)
        for line in expectationLines {
            #expect(line.dropFirst(8).hasPrefix("2026-"), "no date: \(line)")
        }
        #expect(result.stdout.contains("2026-11-23 00:00:00.000 → 2026-12-07 00:00:00.000 (+14d)"))
        // A one-day run keeps the short form.
        let short = try CLI.run(["run", "Scenarios/produce-trip.json"])
        #expect(short.stdout.contains("  pass  09:01:06.000  line "))
    }

    /// `timeline` printed `00:00:00 reset` on day 2 like a row of day 1, and `--at +3d` as
    /// `at 10:00:00 (+3d)`: a run over several days now dates every row.
    @Test func aMultiDayTimelineDatesEveryRow() throws {
        let result = try CLI.run(["timeline", "Scenarios/reminders-two-weeks.json"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        let header = try #require(lines.firstIndex { $0.hasPrefix("time ") })
        #expect(lines[header] == "time                 what")
        let rows = lines[(header + 1)...].prefix { !$0.isEmpty }
        #expect(rows.count > 5)
        for row in rows { #expect(row.hasPrefix("2026-1"), "no date: \(row)") }
        #expect(rows.contains { $0.hasPrefix("2026-11-24 00:00:00  reset") }, "the second day's reset")
        #expect(result.stdout.contains("first reset 2026-11-24 00:00:00"))
        #expect(result.stdout.contains("next reset 2026-12-08 00:00:00 (in 1d)"))
        // One day: the short form.
        let short = try CLI.run(["timeline", "Scenarios/complication-saturday-shop.json"])
        #expect(short.stdout.contains("\n10:00:00  reload "))
        // --at on a later day than a one-day run: dated, with the warning.
        let later = try CLI.run(["timeline", "Scenarios/complication-saturday-shop.json", "--at", "+3d"])
        #expect(later.stdout.hasPrefix("at 2026-11-24 10:00:00 (+3d)"), "\(later.stdout.prefix(80))")
        #expect(later.stderr.hasPrefix("warning: --at +3d"))
    }

    /// `reminders --at` after the end continues the run to that time, and says so.
    @Test func atAfterTheEndOfTheRunIsNotedInReminders() throws {
        let result = try CLI.run(["reminders", "Scenarios/reminders-weekday.json", "--at", "+3d"])
        #expect(result.status == 0)
        #expect(
            result.stderr.hasPrefix("note: --at +3d (2026-11-26 07:00:00.000) is after the scenario's end"),
            "\(result.stderr.prefix(200))")
        #expect(result.stderr.contains("the run is continued to it"))
        let inside = try CLI.run(["reminders", "Scenarios/reminders-weekday.json", "--at", "+1h"])
        #expect(inside.stderr.isEmpty)
    }

    @Test func atAfterTheEndOfTheRunWarns() throws {
        let result = try CLI.run(["timeline", "Scenarios/complication-saturday-shop.json", "--at", "+30d"])
        #expect(result.status == 0)
        #expect(result.stderr.hasPrefix("warning: --at +30d (2026-12-21 10:00:00.000) is after the scenario's end"))
        let inside = try CLI.run(["timeline", "Scenarios/complication-saturday-shop.json", "--at", "+1h"])
        #expect(inside.stderr.isEmpty)
    }

    @Test func checkRunsTheValidFilesWhenOthersAreMissingAndPrintsTheSummary() throws {
        let result = try CLI.run(["check", "Scenarios/produce-trip.json", "missing.json"])
        #expect(result.status == 65)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.first?.hasPrefix("PASS     Scenarios/produce-trip.json") == true)
        #expect(lines.contains { $0.hasPrefix("INVALID  missing.json") })
        #expect(lines.last == "1 passed, 0 failed, 1 invalid")
        #expect(result.stderr.contains("missing.json: error: no such file or folder"))
    }

    @Test func checkOnAnEmptyFolderIsAnError() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "wristsim-empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let result = try CLI.run(["check", folder.path])
        #expect(result.status == 1)
        #expect(result.stdout == "0 passed, 0 failed, 0 invalid\n")
        #expect(result.stderr.contains("error: no scenario found under \(folder.path)"))
    }

    @Test func checkFilterSelectsByPathOrName() throws {
        let byPath = try CLI.run(["check", "--filter", "latency-trip"])
        #expect(byPath.status == 0)
        #expect(byPath.stdout.hasSuffix("4 passed, 0 failed, 0 invalid\n"), "\(byPath.stdout)")
        let produce = try CLI.run(["check", "--filter", "learned order puts kale"])
        #expect(produce.stdout.hasPrefix("PASS     Scenarios/produce-trip.json "))
        #expect(produce.stdout.hasSuffix("10 expectations\n1 passed, 0 failed, 0 invalid\n"), "\(produce.stdout)")
        let none = try CLI.run(["check", "--filter", "no-such-scenario"])
        #expect(none.status == 1)
        #expect(none.stderr.contains("matching --filter 'no-such-scenario'"))
    }

    @Test func runAndCheckTakeAWatchOverride() throws {
        let run = try CLI.run(["run", "Scenarios/produce-trip.json", "--watch", "ultra3-49mm"])
        #expect(run.stdout.contains("watch ultra3-49mm"))
        let json = try CLI.run(["run", "Scenarios/produce-trip.json", "--watch", "ultra3-49mm", "--json"])
        #expect(json.stdout.contains("\"watch\":\"ultra3-49mm\""))
        // The 38 mm scenario expects the next item hidden below the fold; on the 49 mm screen it is not.
        let check = try CLI.run(["check", "Scenarios/visibility-38mm.json", "--watch", "ultra3-49mm"])
        #expect(check.status == 1, "\(check.stdout)")
        #expect(check.stdout.contains("FAIL     Scenarios/visibility-38mm.json"))
    }

    @Test func latencyKeepsEveryWatchAndComparesThem() throws {
        let result = try CLI.run([
            "latency", "Scenarios/latency-burst.json", "--watch", "series0-38mm", "--watch", "ultra3-49mm",
        ])
        #expect(result.status == 0)
        #expect(result.stdout.contains("naive · series0-38mm  naive · ultra3-49mm"))
    }

    @Test func aNonRepeatableOptionGivenTwiceIsAUsageError() throws {
        let result = try CLI.run(["run", "Scenarios/produce-trip.json", "--seed", "1", "--seed", "2"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("option '--seed' is given more than once"))
    }

    @Test(arguments: [
        (
            ["run", "Scenarios/produce-trip.json", "--watch", "series7"],
            "did you mean 'series7-41mm' or 'series7-45mm'?"
        ),
        (["run", "Scenarios/produce-trip.json", "--watch", "ultra-3"], "did you mean 'ultra3-49mm'?"),
        (
            ["check", "--jnuit", "x.xml"],
            "unknown option '--jnuit'; expected one of: '--json', '--filter', '--watch', '--junit', '--seed' "
                + "(did you mean '--junit'?)"
        ),
        (
            ["latency", "Scenarios/latency-burst.json", "-watch", "x"],
            "unknown option '-watch'; expected one of: '--compare', '--json', '--pipeline', '--watch', '--svg', "
                + "'--seed' (did you mean '--watch'?)"
        ),
    ])
    func didYouMeanOnTheCommandLine(arguments: [String], message: String) throws {
        let result = try CLI.run(arguments)
        #expect(result.status == 64)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(!result.stderr.contains("series0-38mm, series1-38mm"), "never the whole catalogue")
    }

    @Test(arguments: [
        (
            "\"watch\": \"series7\",",
            #"unknown watch model "series7"; expected one of the 31 models 'wristsim watches' lists "#
                + #"(did you mean "series7-41mm" or "series7-45mm"?)"#
        ),
        ("", #"unknown step "raiseWirst"; expected one of 32 step names (did you mean "raiseWrist"?)"#),
    ])
    func didYouMeanInTheScenario(extra: String, message: String) throws {
        let text = """
            {"format": 1, "name": "typos", "start": "2026-11-21T09:00:00Z", \(extra)
             "items": [{"id": "kale", "title": "Kale"}],
             "script": [{"at": "+1s", "do": "raiseWirst"}]}
            """
        let result = try CLI.run(["run", try CLI.temporaryFile(Array(text.utf8))])
        #expect(result.status == 65)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test func anUnknownExpectationSuggestsTheClosest() throws {
        let text = """
            {"format": 1, "name": "typo", "start": "2026-11-21T09:00:00Z",
             "items": [{"id": "kale", "title": "Kale"}], "script": [], "expect": {"remainig": 1}}
            """
        let result = try CLI.run(["run", try CLI.temporaryFile(Array(text.utf8))])
        #expect(result.status == 65)
        #expect(
            result.stderr.contains(
                #"unknown expectation "remainig"; expected one of 35 expectation names (did you mean "remaining"?)"#))
    }
}

/// Issue #10: initial state, steps that change nothing, list mismatches, units, and `null`.
@Suite struct ScenarioStateTests {
    static let raiseFirst = """
        {"format": 1, "name": "raise first", "start": "2026-11-21T09:00:00Z", WRIST
         "items": [{"id": "kale", "title": "Kale"}, {"id": "eggs", "title": "Eggs"}],
         "script": [{"at": "+1s", "do": "raiseWrist"}, {"after": "1s", "expect": {"nextItemVisible": true}}]}
        """

    @Test func theTraceSaysWhereTheWristStartsAndThatARaiseChangedNothing() throws {
        let path = try CLI.temporaryFile(Array(Self.raiseFirst.replacingOccurrences(of: "WRIST", with: "").utf8))
        let result = try CLI.run(["run", path, "--trace"])
        #expect(
            result.stdout.contains(
                "scenario.start  name=\"raise first\"  seed=1  watch=series7-45mm  items=2  wrist=raised"))
        #expect(result.stdout.contains("09:00:01.000  watch.wristRaised  unchanged=\"the wrist was already raised\""))
        // The expectation fails, and the trace now shows why: the raise did nothing.
        #expect(result.status == 1)
    }

    @Test func theStartingWristIsSettable() throws {
        // Lowered at the start, the app stays frontmost for the 120 s return-to-clock timeout.
        let text = Self.raiseFirst.replacingOccurrences(of: "WRIST", with: "\"wrist\": \"lowered\",")
            .replacingOccurrences(of: "\"+1s\"", with: "\"+3m\"")
        let result = try CLI.run(["run", try CLI.temporaryFile(Array(text.utf8)), "--trace"])
        #expect(result.status == 1, "a raise from lowered shows the clock face: the next item is not visible")
        #expect(result.stdout.contains("wrist=lowered"))
        #expect(result.stdout.contains("09:03:00.000  watch.nextItem  visible=false  where=\"clock face\""))
        let bad = Self.raiseFirst.replacingOccurrences(of: "WRIST", with: "\"wrist\": \"down\",")
        let error = try CLI.run(["run", try CLI.temporaryFile(Array(bad.utf8))])
        #expect(error.status == 65)
        #expect(error.stderr.contains("unknown wrist position \"down\""))
    }

    @Test func aWrongListShowsMissingAndExtraOnSeparateLines() throws {
        let items = (1...40).map { "{\"id\": \"i\($0)\", \"title\": \"Item \($0)\"}" }.joined(separator: ", ")
        let taps = (1...40).map { "{\"at\": \"+\($0)s\", \"do\": \"tap\", \"item\": \"i\($0)\"}" }.joined(
            separator: ", ")
        let expected = (1...38).map { "\"i\($0)\"" }.joined(separator: ", ")
        let text = """
            {"format": 1, "name": "long list", "start": "2026-11-21T09:00:00Z", "items": [\(items)],
             "script": [\(taps)], "expect": {"checked": [\(expected)]}}
            """
        let result = try CLI.run(["run", try CLI.temporaryFile(Array(text.utf8))])
        #expect(result.status == 1)
        #expect(
            result.stdout.contains(
                "checked = [i1, i2, i3, i4, i5, … 38 items]: expected checked of 38 items, found 40 items\n"),
            "\(result.stdout)")
        #expect(result.stdout.contains("\n          extra (2): i39, i40\n"))
        #expect(!result.stdout.split(separator: "\n").contains { $0.count > 400 }, "no 1,500-character line")
    }

    @Test func aLatencyBoundFailurePrintsBothFiguresInMilliseconds() throws {
        let result = try CLI.run(["check", "Scenarios/latency-trip-slowest-naive.json", "--watch", "ultra3-49mm"])
        #expect(!result.stdout.contains("ns"), "\(result.stdout)")
        let text = """
            {"format": 1, "name": "slow", "start": "2026-11-21T09:00:00Z", "watch": "series0-38mm",
             "pipeline": "naive", "items": [{"id": "a", "title": "A"}],
             "script": [{"at": "+1s", "do": "tap", "item": "a"}], "expect": {"latencyP99Below": "100ms"}}
            """
        let run = try CLI.run(["run", try CLI.temporaryFile(Array(text.utf8))])
        #expect(run.stdout.contains("expected latency p99 < 100.000ms, found "), "\(run.stdout)")
        #expect(!run.stdout.contains("p99Ms"), "no unit suffix on text labels")
    }

    @Test(arguments: ["none", "None", "null"])
    func nextAsAStringOfNothingPointsToNull(word: String) throws {
        let text = """
            {"format": 1, "name": "none", "start": "2026-11-21T09:00:00Z",
             "items": [{"id": "kale", "title": "Kale"}], "script": [], "expect": {"next": "\(word)"}}
            """
        let result = try CLI.run(["run", try CLI.temporaryFile(Array(text.utf8))])
        #expect(result.status == 65)
        #expect(result.stderr.contains("expected null (without quotes) for \"nothing left\", found \"\(word)\""))
    }

    @Test func seedsInTheTraceAreNumbers() throws {
        let result = try CLI.run(["run", "Scenarios/produce-trip.json", "--trace", "--json"])
        #expect(result.stdout.contains("\"kind\":\"scenario.start\",\"fields\":{\"name\":"))
        #expect(result.stdout.contains("\"seed\":42,\"watch\""))
    }
}
