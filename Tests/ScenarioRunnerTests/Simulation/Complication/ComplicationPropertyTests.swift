import CompanionModel
import ScenarioRunner
import SimulationKernel
import Testing

/// Properties of the complication over random scripts.
@Suite struct ComplicationPropertyTests {
    /// A random scenario: `itemCount` items, taps at random gaps, phone transfers and face changes.
    static func randomScenario(seed: UInt64, dailyReloads: Int, faceChanges: Bool) -> String {
        var rng = SplitMix64(seed: seed)
        let itemCount = 5 + Int(rng.next() % 30)
        let items = (0..<itemCount).map { #"{"id": "i\#($0)", "title": "Item \#($0)"}"# }
        var steps: [String] = []
        var minute = 0
        for index in (0..<itemCount).shuffled(using: &rng) {
            minute += 1 + Int(rng.next() % 20)
            steps.append(#"{"at": "+\#(minute)m", "do": "tap", "item": "i\#(index)"}"#)
            switch rng.next() % 8 {
            case 0: steps.append(#"{"at": "+\#(minute)m", "do": "phoneComplicationTransfer"}"#)
            case 1 where faceChanges: steps.append(#"{"at": "+\#(minute)m", "do": "complicationOffFace"}"#)
            case 2 where faceChanges: steps.append(#"{"at": "+\#(minute)m", "do": "complicationOnFace"}"#)
            default: break
            }
        }
        return """
            {"format": 1, "name": "p", "seed": \(seed), "start": "2026-11-21T22:00:00+01:00",
             "items": [\(items.joined(separator: ", "))],
             "complication": {"families": ["circular", "rectangular"],
                              "budget": {"dailyReloads": \(dailyReloads)},
                              "backgroundRefresh": {"every": "\(15 + rng.next() % 30)m"}},
             "script": [\(steps.joined(separator: ", "))]}
            """
    }

    private func run(_ text: String) throws -> ScenarioSimulation {
        var simulation = ScenarioSimulation(scenario: try ScenarioDecoder.decode(Array(text.utf8), file: "p.json"))
        _ = simulation.run()
        return simulation
    }

    @Test(arguments: 0..<12) func chargedReloadsNeverExceedTheDailyBudget(seed: UInt64) throws {
        let budget = 3 + Int(seed % 10)
        let simulation = try run(Self.randomScenario(seed: seed, dailyReloads: budget, faceChanges: true))
        let model = try #require(simulation.complication.model)
        var day: [SimTime: Int] = [:]
        for record in model.records where record.outcome == .granted(.charged) {
            day[record.nextReset, default: 0] += 1
        }
        for (reset, count) in day.sorted(by: { $0.key < $1.key }) {
            #expect(count <= budget, "seed \(seed): \(count) charged before the reset at \(reset)")
        }
        #expect(model.records.allSatisfy { $0.budgetLeft >= 0 && $0.budgetLeft <= budget }, "seed \(seed)")
        let report = try #require(simulation.complicationReport())
        for family in report.staleness {
            #expect(family.maxStale <= family.totalStale, "seed \(seed)")
            #expect(family.totalStale <= report.end - report.start, "seed \(seed)")
        }
    }

    @Test(arguments: 0..<8) func withinBudgetTheFaceIsStaleOnlyUntilThePipelineUpdatesIt(seed: UInt64) throws {
        let simulation = try run(Self.randomScenario(seed: seed, dailyReloads: 1_000, faceChanges: false))
        let report = try #require(simulation.complicationReport())
        #expect(report.records.allSatisfy { $0.outcome.refusal != .budgetExhausted }, "seed \(seed)")
        let grantedAppReloads = Set(report.records.filter { $0.source == .app && $0.outcome.isGranted }.map(\.at))
        for family in report.staleness {
            for span in family.spans {
                #expect(grantedAppReloads.contains(span.to), "seed \(seed) \(family.family): \(span) ends at a reload")
                #expect(span.duration < .seconds(1), "seed \(seed) \(family.family): \(span)")
            }
        }
    }

    @Test(arguments: 0..<6) func sameSeedSameTimeline(seed: UInt64) throws {
        let text = Self.randomScenario(seed: seed, dailyReloads: 5, faceChanges: true)
        let first = try #require(try run(text).complicationReport())
        let second = try #require(try run(text).complicationReport())
        #expect(first.json(stamp: first.clock.stamp) == second.json(stamp: second.clock.stamp), "seed \(seed)")
        #expect(
            ComplicationTimelineSVG(report: first).document == ComplicationTimelineSVG(report: second).document,
            "seed \(seed)")
    }
}
