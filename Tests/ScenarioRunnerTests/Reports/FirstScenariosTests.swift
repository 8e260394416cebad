import Foundation
import ScenarioRunner
import Testing

/// The README's first scenarios, one per job (issue #37): each is a file in
/// docs/examples/first/, shown verbatim in the README, under 25 lines, and passes.
@Suite struct FirstScenariosTests {
    static let names = ["trip", "latency", "complication", "reminders"]

    private func path(_ name: String) -> String {
        HTMLReportTests.root.appendingPathComponent("docs/examples/first/\(name).json").path
    }

    @Test(arguments: names)
    func theReadmeShowsItAndItIsShort(name: String) throws {
        let text = try String(contentsOfFile: path(name), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count - 1
        #expect(lines < 25, "\(name).json has \(lines) lines")
        let readme = try String(
            contentsOfFile: HTMLReportTests.root.appendingPathComponent("README.md").path, encoding: .utf8)
        #expect(
            readme.contains("```json\n" + text + "```"), "the README shows docs/examples/first/\(name).json as it is")
    }

    @Test(arguments: names)
    func itRunsAndEveryExpectationHolds(name: String) throws {
        let scenario = try ScenarioLoader.load(path(name))
        var simulation = ScenarioSimulation(scenario: scenario, seed: nil)
        let outcome = simulation.run()
        #expect(outcome.passed, "\(name): \(outcome.failedExpectations.map(\.label))")
        #expect(!outcome.expectations.isEmpty, "\(name) checks something")
    }
}
