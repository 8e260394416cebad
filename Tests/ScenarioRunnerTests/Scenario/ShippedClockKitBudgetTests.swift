import Foundation
import Testing

/// The shipped examples teach the platform's rules: a ClockKit complication is budgeted by
/// execution time a day ("If your complication has already exceeded its allotted daily budget for
/// execution time, calls to this method do nothing", `CLKComplicationServer.reloadTimeline(for:)`),
/// never by a count of reloads, which is WidgetKit's budget. See docs/complications.md.
@Suite struct ShippedClockKitBudgetTests {
    /// The names of the shipped scenarios (files with the scenario `format` key).
    static let scenarios: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: ShippedScenarios.folder.path)) ?? []
        return names.filter { $0.hasSuffix(".json") && !$0.hasSuffix(".schema.json") }.sorted()
    }()

    @Test func theShippedScenariosAreFound() {
        #expect(Self.scenarios.count >= 30)
        #expect(Self.scenarios.contains("complication-budget-exhausted.json"))
    }

    @Test(arguments: scenarios)
    func aClockKitBudgetCountsExecutionTimeNotReloads(name: String) throws {
        let object = try JSONSerialization.jsonObject(with: Data(try ShippedScenarios.bytes(name)))
        guard let scenario = object as? [String: Any], scenario["format"] != nil,
            let complication = scenario["complication"] as? [String: Any],
            let budget = complication["budget"] as? [String: Any]
        else { return }
        let rules = budget["rules"] as? String ?? "clockKit"
        guard rules == "clockKit" else { return }
        let reloads = budget["dailyReloads"]
        #expect(reloads == nil || reloads is NSNull, "\(name): a ClockKit budget with a daily count of reloads")
        #expect(!(budget["dailyExecution"] is NSNull), "\(name): a ClockKit budget without execution time")
    }
}
