import ScenarioRunner
import SimulationKernel
import Testing

/// A complication over a long list checked off item by item: what the run keeps of the list's
/// truth grows with the items and the changes, not with their product (a 2 MB file of 24,000
/// items once needed about 18 GB).
@Suite struct LongListComplicationTests {
    @Test func checkingOffEveryItemKeepsTheTruthLinear() throws {
        let count = 1_500
        let items = (0..<count).map { index in
            let due = index % 2 == 0 ? #", "due": "+\#(index % 90 + 1)m""# : ""
            return #"{"id": "i\#(index)", "title": "Item \#(index)"\#(due)}"#
        }
        let steps = (0..<count).map { #"{"at": "+\#(2 * $0 + 1)s", "do": "tap", "item": "i\#($0)"}"# }
        let text =
            #"{"format": 1, "name": "long list", "start": "2026-11-21T09:00:00Z", "complication": {}, "#
            + #""items": [\#(items.joined(separator: ","))], "script": [\#(steps.joined(separator: ","))]}"#
        var simulation = ScenarioSimulation(scenario: try ScenarioDecoder.decode(Array(text.utf8), file: "long.json"))
        let outcome = simulation.run()
        #expect(outcome.invariantFailures.isEmpty, "\(outcome.invariantFailures)")
        let truth = try #require(simulation.complication.model?.truth)
        #expect(truth.content(at: simulation.now, mode: .nextItem).remaining == 0, "every item was checked off")
        #expect(truth.changes.count >= count, "one change per check-off at least")
        // The whole list at every change would be count² / 2 ≈ 1.1 million items.
        let kept = truth.initial.count + truth.changes.count { $0.item != nil }
        #expect(kept <= 6 * count, "kept \(kept) items for \(count) check-offs")
        let report = try #require(simulation.complicationReport())
        #expect(report.model.trueText(.circular, at: simulation.now) == "0")
    }
}
