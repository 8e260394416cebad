import CompanionModel
import SimulationKernel
import Testing

@testable import ScenarioRunner

/// A broken sync invariant names each item's message trail once, and at most its last
/// ``LinkFeature/trailLimit`` events: a link that loses every check-off of a long trip (a 16-byte
/// payload cap) fails with one problem per lost operation, all on one item, and printing that
/// item's whole trail with each of them made the failure grow with the square of the trip (a
/// 22,000-tap run wrote 644 MB and ran for minutes).
@Suite struct SyncFailureTrailTests {
    private static let taps = 30

    private func failingRun() throws -> ScenarioSimulation {
        let script =
            [#"{"at": "+1s", "do": "raiseWrist"}"#]
            + (0..<Self.taps).map { #"{"at": "+\#(2 * $0 + 2)s", "do": "tap", "item": "kale"}"# }
        let json = """
            {"format": 1, "name": "t", "seed": 11, "start": "2026-11-23T17:00:00Z",
             "pipeline": {"preset": "optimized", "jitter": 0},
             "items": [{"id": "kale", "title": "Kale"}, {"id": "milk", "title": "Milk"}],
             "link": {"messagePayloadCap": 16, "userInfoPayloadCap": 16},
             "script": [\(script.joined(separator: ", "))]}
            """
        var simulation = ScenarioSimulation(scenario: try ScenarioDecoder.decode(Array(json.utf8), file: "t.json"))
        _ = simulation.run()
        return simulation
    }

    @Test func eachItemsTrailIsShownOnceAndCut() throws {
        let simulation = try failingRun()
        let problems = simulation.syncDiscrepancies()
        #expect(problems.filter { $0.kind == .lost }.count == Self.taps, "every check-off is lost")
        #expect(Set(problems.map(\.item)) == ["kale"])

        let failures = simulation.link.invariantFailures(in: simulation)
        #expect(failures.count == problems.count)
        #expect(failures.allSatisfy { $0.invariant == .listsConverge })
        let first = try #require(failures.first?.message)
        let lines = first.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 2 + 1 + LinkFeature.trailLimit, "problem, 'trail:', the cut, the last events")
        #expect(lines[1] == "      trail:")

        let events = simulation.settled().trace.filter { $0["item"] == .string("kale") }
        #expect(events.count > LinkFeature.trailLimit, "the trip is long enough to be cut")
        let left = events.count - LinkFeature.trailLimit
        #expect(lines[2] == "        … \(left) earlier events of this item (all of them: run with --trace)")
        let formatter = TraceFormatter(start: simulation.scenario.start)
        #expect(
            lines.suffix(LinkFeature.trailLimit).map(String.init)
                == events.suffix(LinkFeature.trailLimit).map { "        " + formatter.text($0) })

        for (failure, problem) in zip(failures, problems).dropFirst() {
            #expect(failure.message == "sync: \(problem)\n      trail: … (the same trail, above)")
        }
    }

    @Test func aShortTrailIsShownWhole() {
        let events = (0..<3).map { TraceEvent(time: SimTime(nanoseconds: Int64($0)), kind: "sync.made", fieldList: []) }
        let formatter = TraceFormatter(start: EpochTime(secondsSinceEpoch: 0))
        #expect(
            LinkFeature.trailText(events, formatter)
                == events.map { "        " + formatter.text($0) }.joined(separator: "\n"))
    }
}
