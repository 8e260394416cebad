import CompanionModel
import ScenarioRunner
import SimulationKernel
import Testing

/// Properties of whole runs over many random scripts (the seed is in every message).
@Suite struct SimulationPropertyTests {
    /// A random but valid scenario: a list, some history, and a script of taps and wrist moves.
    static func randomScenario(seed: UInt64) -> String {
        var rng = SplitMix64(seed: seed)
        let ids = (0..<Int.random(in: 1...12, using: &rng)).map { "item\($0)" }
        let items = ids.map { #"{"id": "\#($0)", "title": "\#($0.uppercased())"}"# }.joined(separator: ", ")
        let trips = (0..<Int.random(in: 0...3, using: &rng)).map { _ in
            "["
                + ids.shuffled(using: &rng).prefix(Int.random(in: 1...ids.count, using: &rng)).map { "\"\($0)\"" }
                .joined(separator: ", ") + "]"
        }
        var steps: [String] = []
        for _ in 0..<Int.random(in: 0...40, using: &rng) {
            let after = "\(Int.random(in: 0...30, using: &rng))s"
            switch Int.random(in: 0..<10, using: &rng) {
            case 0: steps.append(#"{"after": "\#(after)", "do": "lowerWrist"}"#)
            case 1: steps.append(#"{"after": "\#(after)", "do": "raiseWrist"}"#)
            case 2: steps.append(#"{"after": "\#(after)", "expect": {"remaining": 0}}"#)
            default:
                let id = ids.randomElement(using: &rng) ?? "item0"
                steps.append(#"{"after": "\#(after)", "do": "tap", "item": "\#(id)"}"#)
            }
        }
        return """
            {"format": 1, "name": "random \(seed)", "seed": \(seed), "start": "2026-11-21T09:00:00Z",
             "items": [\(items)], "history": [\(trips.joined(separator: ", "))],
             "script": [\(steps.joined(separator: ",\n"))]}
            """
    }

    @Test(arguments: 0..<300)
    func phoneMatchesTheWatchAndCountsAgree(seed: UInt64) throws {
        let scenario = try ScenarioDecoder.decode(Array(Self.randomScenario(seed: seed).utf8), file: "random.json")
        var simulation = ScenarioSimulation(scenario: scenario)
        let outcome = simulation.run()
        #expect(outcome.invariantFailures.isEmpty, "seed \(seed): \(outcome.invariantFailures)")
        let list = simulation.watch.list
        #expect(list.remainingCount == list.remainingItems.count, "seed \(seed)")
        #expect(list.items.count == scenario.items.count, "seed \(seed): no item lost from the list")
        let changes = outcome.trace.filter { $0.is(.watchListChanged) }
        let checks = changes.filter { $0["action"] == "check" }.count
        let unchecks = changes.filter { $0["action"] == "uncheck" }.count
        #expect(checks - unchecks == list.items.count - list.remainingCount, "seed \(seed)")
        #expect(
            simulation.watch.sync.replica.lastSequence == changes.count,
            "seed \(seed): one watch operation per change of the watch's list, numbered from 1")
    }

    @Test(arguments: 0..<100)
    func sameSeedGivesTheSameTraceAndReport(seed: UInt64) throws {
        let scenario = try ScenarioDecoder.decode(Array(Self.randomScenario(seed: seed).utf8), file: "random.json")
        var first = ScenarioSimulation(scenario: scenario)
        var second = ScenarioSimulation(scenario: scenario)
        let a = first.run()
        let b = second.run()
        #expect(a.trace.elementsEqual(b.trace), "seed \(seed)")
        #expect(
            RunReport(outcome: a, includeTrace: true).jsonLines == RunReport(outcome: b, includeTrace: true).jsonLines,
            "seed \(seed)")
        #expect(
            RunReport(outcome: a, includeTrace: true).text() == RunReport(outcome: b, includeTrace: true).text(),
            "seed \(seed)")
    }

    @Test func theTraceIsInTimeOrder() throws {
        for seed in UInt64(0)..<100 {
            let scenario = try ScenarioDecoder.decode(Array(Self.randomScenario(seed: seed).utf8), file: "random.json")
            var simulation = ScenarioSimulation(scenario: scenario)
            let trace = simulation.run().trace
            #expect(zip(trace, trace.dropFirst()).allSatisfy { $0.time <= $1.time }, "seed \(seed)")
        }
    }

    @Test func anExpectationSeesEverythingDueAtItsTime() throws {
        let text = """
            {"format": 1, "name": "same instant", "start": "2026-11-21T09:00:00Z", "pipeline": "instant",
             "items": [{"id": "a", "title": "A"}],
             "script": [{"at": "+1m", "expect": {"remaining": 0}}, {"at": "+1m", "do": "tap", "item": "a"}]}
            """
        let scenario = try ScenarioDecoder.decode(Array(text.utf8), file: "t.json")
        var simulation = ScenarioSimulation(scenario: scenario)
        let outcome = simulation.run()
        #expect(outcome.expectations.first?.passed == true, "the tap at the same instant is handled before the check")
    }

    @Test func tapsWithTheWristDownNeverReachTheList() throws {
        let text = """
            {"format": 1, "name": "wrist down", "start": "2026-11-21T09:00:00Z",
             "items": [{"id": "a", "title": "A"}],
             "script": [{"at": "+1s", "do": "lowerWrist"}, {"after": "1s", "do": "tap", "item": "a"},
                        {"after": "1s", "expect": {"remaining": 1}}]}
            """
        var simulation = ScenarioSimulation(scenario: try ScenarioDecoder.decode(Array(text.utf8), file: "t.json"))
        let outcome = simulation.run()
        #expect(outcome.passed)
        #expect(simulation.watch.ignoredTaps.map(\.count) == [1])
        #expect(outcome.trace.contains { $0.kind == "watch.tapIgnored" })
    }
}
