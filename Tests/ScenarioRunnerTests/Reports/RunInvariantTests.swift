import SimulationKernel
import Testing

@testable import ScenarioRunner

/// Broken invariants are grouped by the case their check reported, never by their wording
/// (`check --junit` gives each ``RunInvariant`` one testcase).
@Suite struct RunInvariantTests {
    static func outcome(_ failures: [InvariantFailure]) throws -> ScenarioOutcome {
        var simulation = ScenarioSimulation(scenario: try ScenarioLoader.load(HTMLReportTests.shipped("produce-trip")))
        var outcome = simulation.run()
        outcome.invariantFailures = failures
        return outcome
    }

    @Test func failuresGoToTheInvariantTheirCheckNamedWhateverTheySay() throws {
        // Wordings that a reading of the text would misplace: a convergence failure that mentions
        // the event limit, an event-limit failure that starts like a sync one, another check's
        // failure worded like both.
        let converge = InvariantFailure(.listsConverge, "sync: lost kale: the run hit its event limit first\n  trail:")
        let limit = InvariantFailure(.eventLimit, "sync: s.json: error: the run was stopped at +1s")
        let other = InvariantFailure(.other, "sync: pending 65 notifications; its event limit")
        let results = RunInvariant.results(of: try Self.outcome([converge, limit, other]))
        #expect(
            results.map(\.invariant) == [.eventLimit, .listsConverge, .badges, .pendingLimit, .channelOrder, .other])
        #expect(results.map(\.failures) == [[limit], [converge], [], [], [], [other]])
    }

    @Test func otherIsListedOnlyWhenACheckReportsUnderIt() throws {
        let results = RunInvariant.results(of: try Self.outcome([InvariantFailure(.listsConverge, "sync: x")]))
        #expect(results.map(\.invariant) == [.eventLimit, .listsConverge, .badges, .pendingLimit, .channelOrder])
        #expect(results.map(\.failures.count) == [0, 1, 0, 0, 0])
    }

    @Test func aFailureReadsAsItsMessageWithItsFirstLineAsHeadline() {
        let failure = InvariantFailure(.listsConverge, "sync: lost kale\n      trail:\n        …")
        #expect("\(failure)" == failure.message)
        #expect(failure.headline == "sync: lost kale")
        #expect(InvariantFailure(.other, "one line").headline == "one line")
    }
}
