import CompanionModel
import Foundation
import SimulationKernel
import Testing

@testable import ScenarioRunner

#if canImport(FoundationXML)
    import FoundationXML
#endif

@Suite struct PipelineScenarioTests {
    /// A scenario with `extra` settings; without a `"link"` one, each hop takes 600 ms, so the
    /// naive handler's synchronous send waits the 1.2 s round trip its preset assumes.
    func scenario(_ extra: String, watch: String = "series3-38mm", script: String, expect: String = "") throws
        -> Scenario
    {
        let text = """
            {"format": 1, "name": "t", "start": "2026-11-21T09:00:00Z", "watch": "\(watch)", \(extra)
             \(extra.contains("\"link\"") ? "" : #""link": {"latency": "600ms"},"#)
             "items": [{"id": "a", "title": "A"}, {"id": "b", "title": "B"}, {"id": "c", "title": "C"}],
             "history": [["a", "b", "c"]],
             "script": [\(script)]\(expect)}
            """
        return try ScenarioDecoder.decode(Array(text.utf8), file: "t.json")
    }

    func decodingError(_ extra: String, watch: String = "series3-38mm") -> String? {
        do {
            _ = try scenario(extra, watch: watch, script: "")
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func pipelineSectionForms() throws {
        #expect(try scenario("\"pipeline\": \"naive\",", script: "").sections.pipeline?.pipeline == .naive)
        let object = try scenario(
            "\"pipeline\": {\"preset\": \"optimized\", \"cpuSharing\": \"main-priority\", \"returnToClock\": \"1h\", \"rowHeight\": 56},",
            script: "")
        let settings = try #require(object.sections.pipeline)
        #expect(settings.pipeline == .optimized && settings.sharing == .mainPriority)
        #expect(settings.returnToClock == .hours(1) && settings.rowHeight == 56)
        let custom = try scenario(
            """
            "pipeline": {"name": "mine", "steps": [{"step": "removeRow", "queue": "main", "cost": "5ms"},
                {"step": "analytics", "queue": "background", "cost": "1s", "wait": "2s"}]},
            """, script: "")
        let pipeline = try #require(custom.sections.pipeline?.pipeline)
        #expect(pipeline.name == "mine")
        #expect(
            pipeline.steps == [
                PipelineStep(.removeRow, on: .main, cost: .milliseconds(5)),
                PipelineStep(.custom("analytics"), on: .background, cost: .seconds(1), wait: .seconds(2)),
            ])
    }

    @Test func jitterDefaultsToTheStandardSpreadAndZeroIsExact() throws {
        #expect(try scenario("", script: "").sections.pipeline == nil)
        #expect(PipelineSettings.defaults.jitter == .standard)
        #expect(try scenario("\"pipeline\": \"naive\",", script: "").sections.pipeline?.jitter == .standard)
        let exact = try scenario("\"pipeline\": {\"preset\": \"naive\", \"jitter\": 0},", script: "")
        #expect(exact.sections.pipeline?.jitter == .exact)
        let spread = try scenario("\"pipeline\": {\"preset\": \"naive\", \"jitter\": 0.4},", script: "")
        #expect(spread.sections.pipeline?.jitter.spread == 0.4)
        #expect(spread.sections.pipeline?.jitter.pauseProbability == PipelineJitter.standard.pauseProbability)
        let object = try scenario(
            "\"pipeline\": {\"preset\": \"naive\", \"jitter\": {\"pauseProbability\": 0.5, \"pause\": \"1s\"}},",
            script: "")
        #expect(
            object.sections.pipeline?.jitter
                == PipelineJitter(spread: PipelineJitter.standard.spread, pauseProbability: 0.5, pause: .seconds(1)))
    }

    @Test func jitteredTapsDifferAndExactTapsDoNot() throws {
        let taps = """
            {"at": "+1s", "do": "tap", "item": "a"}, {"after": "10s", "do": "tap", "item": "b"},
            {"after": "10s", "do": "tap", "item": "c"}
            """
        var jittered = ScenarioSimulation(scenario: try scenario("\"pipeline\": \"naive\",", script: taps))
        _ = jittered.run()
        #expect(Set(jittered.watch.app.latencies).count == 3, "\(jittered.watch.app.latencies)")
        var again = ScenarioSimulation(scenario: try scenario("\"pipeline\": \"naive\",", script: taps))
        _ = again.run()
        #expect(again.watch.app.latencies == jittered.watch.app.latencies, "same seed, same draws")
        var exact = ScenarioSimulation(
            scenario: try scenario("\"pipeline\": {\"preset\": \"naive\", \"jitter\": 0},", script: taps))
        _ = exact.run()
        #expect(Set(exact.watch.app.latencies) == [SimDuration(nanoseconds: 2_800_000_000)])
    }

    @Test(arguments: [
        (
            "\"pipeline\": \"fast\",",
            #"t.json:1:98: error: unknown pipeline "fast"; expected one of: "naive", "optimized", "instant" (at $.pipeline)"#
        ),
        (
            "\"pipeline\": {\"preset\": \"naive\", \"rowHight\": 40},",
            #"unknown key "rowHight"; expected one of: "preset", "name", "steps", "cpuSharing", "returnToClock", "#
                + #""rowHeight", "jitter" (did you mean "rowHeight"?)"#
        ),
        (
            "\"pipeline\": {\"steps\": [{\"step\": \"removeRow\", \"queue\": \"gpu\", \"cost\": \"1ms\"}]},",
            #"unknown queue "gpu"; expected one of: "main", "mainAsync", "background" (at"#
        ),
        (
            "\"pipeline\": {\"steps\": [{\"step\": \"playHaptic\", \"queue\": \"main\", \"cost\": \"1ms\"}]},",
            "expected the pipeline to contain a \"removeRow\" step"
        ),
        (
            "\"pipeline\": {\"steps\": [{\"step\": \"removeRow\", \"queue\": \"background\", \"cost\": \"1ms\"}]},",
            "step \"removeRow\" updates the UI; expected queue \"main\" or \"main-async\""
        ),
        (
            "\"pipeline\": {\"preset\": \"naive\", \"steps\": []},",
            "a pipeline has either \"preset\" or \"steps\", not both"
        ),
        (
            "\"pipeline\": {\"preset\": \"naive\", \"cpuSharing\": \"fair\"},",
            #"unknown cpuSharing "fair"; expected one of: "processorSharing", "mainPriority" (at"#
        ),
        // Every preset is listed ("instant" was missing before).
        ("\"pipeline\": 3,", "expected a preset name (\"naive\", \"optimized\", \"instant\") or an object"),
        (
            "\"pipeline\": {\"cpuSharing\": \"mainPriority\"},",
            "expected \"preset\" (\"naive\", \"optimized\", \"instant\") or \"steps\" (a custom pipeline)"
        ),
        (
            "\"pipeline\": {\"preset\": \"naive\", \"jitter\": 2.5},",
            "t.json:1:128: error: expected a number from 0.0 to 2.0, found 2.5"
        ),
        (
            "\"pipeline\": {\"preset\": \"naive\", \"jitter\": {\"spred\": 1}},",
            #"unknown key "spred"; expected one of: "spread", "pauseProbability", "pause", "on" (did you mean "spread"?)"#
        ),
        (
            "\"pipeline\": {\"preset\": \"naive\", \"jitter\": {\"pauseProbability\": 2}},",
            "expected a number from 0.0 to 1.0, found 2"
        ),
    ])
    func badPipelineSectionsAreLocatedErrors(_ extra: String, _ message: String) {
        let error = decodingError(extra)
        #expect(error?.contains(message) == true, "\(error ?? "no error")")
    }

    @Test func unknownWatchIsAnErrorAtTheWatchKey() {
        let error = decodingError("", watch: "series3-39mm") ?? ""
        #expect(
            error.hasPrefix(
                #"t.json:1:70: error: unknown watch model "series3-39mm"; expected one of the 31 models "#
                    + #"'wristsim watches' lists (did you mean "series3-38mm"?) (at $.watch)"#),
            "\(error)")
    }

    @Test func tapsRunThroughThePipelineAtItsStepTimes() throws {
        let scenario = try scenario(
            "\"pipeline\": {\"preset\": \"naive\", \"jitter\": 0},",
            script: """
                {"at": "+10s", "do": "tap", "item": "a"},
                {"after": "900ms", "expect": {"remaining": 3}},
                {"after": "100ms", "expect": {"remaining": 2}}
                """, expect: ", \"expect\": {\"latencyP50AtLeast\": \"2.5s\", \"latencyMaxBelow\": \"3s\"}")
        var simulation = ScenarioSimulation(scenario: scenario)
        let outcome = simulation.run()
        #expect(outcome.passed, "\(outcome.expectations.compactMap(\.failure))")
        let kinds = outcome.trace.map(\.kind)
        let changed = try #require(kinds.firstIndex(of: "watch.listChanged"))
        let sent = try #require(kinds.firstIndex(of: "pipeline.send"))
        let gone = try #require(kinds.firstIndex(of: "pipeline.rowGone"))
        #expect(changed < sent && sent < gone, "commit, then the synchronous send, then the frame after the handler")
        // On the S3 the naive handler is 1593.2 ms of CPU + 1200 ms wait; the commit ends the table model at 964.8 ms.
        #expect(outcome.trace[changed].time == SimTime(offset: .seconds(10) + .microseconds(964_800)))
        #expect(simulation.watch.app.latencies == [SimDuration(nanoseconds: 2_800_000_000)])
        #expect(simulation.phone.sync.replica.remainingCount == 2, "the phone applied the check-off once")
    }

    @Test func tapsNeedTheWristUpAndTheAppFrontmost() throws {
        let scenario = try scenario(
            "",
            script: """
                {"at": "+1s", "do": "lowerWrist"}, {"after": "1s", "do": "tap", "item": "a"},
                {"after": "1m", "do": "raiseWrist"}, {"after": "1s", "do": "tap", "item": "a"},
                {"after": "1s", "do": "lowerWrist"}, {"after": "3m", "do": "raiseWrist"},
                {"after": "1s", "do": "tap", "item": "b"},
                {"after": "1s", "do": "openApp"}, {"after": "1s", "do": "tap", "item": "b"}
                """, expect: ", \"expect\": {\"checked\": [\"a\", \"b\"]}")
        var simulation = ScenarioSimulation(scenario: scenario)
        let outcome = simulation.run()
        #expect(outcome.passed, "\(outcome.expectations.compactMap(\.failure))")
        #expect(simulation.watch.tappedItems.count == 2)
        #expect(simulation.watch.ignoredTaps.map(\.reason) == [.wristDown, .clockFace])
        #expect(outcome.trace.contains { $0.kind == "watch.returnedToClock" })
    }

    @Test func nextItemVisibilityFollowsTheScreen() throws {
        let script = """
            {"at": "+1s", "do": "lowerWrist"}, {"after": "30s", "do": "raiseWrist"},
            {"after": "0s", "expect": {"nextItemVisible": %@}}, {"after": "1s", "do": "tap", "item": "c"}
            """
        let small = try scenario(
            "", watch: "series3-38mm", script: script.replacingOccurrences(of: "%@", with: "false"))
        let large = try scenario("", watch: "ultra2-49mm", script: script.replacingOccurrences(of: "%@", with: "true"))
        for scenario in [small, large] {
            var simulation = ScenarioSimulation(scenario: scenario)
            let outcome = simulation.run()
            #expect(outcome.passed, "\(scenario.watch): \(outcome.expectations.compactMap(\.failure))")
        }
    }

    @Test func latencyBoundsFailWithWhatWasFound() throws {
        let scenario = try scenario(
            "\"pipeline\": {\"preset\": \"naive\", \"jitter\": 0},",
            script: "{\"at\": \"+1s\", \"do\": \"tap\", \"item\": \"a\"}",
            expect: ", \"expect\": {\"latencyP99Below\": \"100ms\"}")
        var simulation = ScenarioSimulation(scenario: scenario)
        let failure = simulation.run().failedExpectations.first?.failure
        #expect(failure == "expected latency p99 < 100.000ms, found 2800.000ms", "one unit on both sides")
    }

    @Test func profilesAreDeterministicAndTheSVGIsWellFormed() throws {
        let base = try scenario(
            "",
            script: """
                {"at": "+1s", "do": "tap", "item": "a"}, {"after": "200ms", "do": "tap", "item": "b"},
                {"after": "200ms", "do": "tap", "item": "c"}
                """)
        let profiles = try ["naive", "optimized"].map { name in
            LatencyProfile.run(try LatencyProfile.overriding(base, pipeline: name, watch: "series0-38mm"))
        }
        let report = LatencyReport(profiles: profiles)
        let again = LatencyReport(
            profiles: try ["naive", "optimized"].map { name in
                LatencyProfile.run(try LatencyProfile.overriding(base, pipeline: name, watch: "series0-38mm"))
            })
        #expect(report.text == again.text && report.json == again.json && report.svg == again.svg)
        let svg = report.svg
        let parser = XMLParser(data: Data(svg.utf8))
        #expect(parser.parse(), "the SVG parses as XML: \(parser.parserError.map { "\($0)" } ?? "")")
        #expect(svg.contains("naive on series0-38mm") && svg.contains("optimized on series0-38mm"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(report.json.utf8)) as? [String: Any])
        let runs = try #require(json["runs"] as? [[String: Any]])
        #expect(runs.count == 2)
        let summary = try #require(runs[0]["summary"] as? [String: Any])
        #expect(Set(summary.keys).isSuperset(of: ["p50Ms", "p90Ms", "p99Ms", "maxMs"]))
        #expect((runs[0]["taps"] as? [Any])?.count == 3)
        #expect(
            ((runs[0]["steps"] as? [[String: Any]])?.first?.keys).map(Set.init)?.isSuperset(of: [
                "name", "queue", "totalMs",
            ]) == true)
    }

    @Test func svgEscapesText() {
        #expect(XMLText.escaped("a<b & \"c\" 'd'>") == "a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;")
        let svg = LatencyHistogramSVG(
            title: "t&t", series: [.init(label: "<x&y>", latencies: [.milliseconds(5)])]
        ).document
        #expect(!svg.contains("<x&y>") && svg.contains("&lt;x&amp;y&gt;") && svg.contains("t&amp;t"))
    }
}
