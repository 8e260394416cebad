import Testing

@testable import ScenarioRunner

@Suite("Run coverage of sharded parts")
struct RunCoverageTests {
    @Test func rangesAreSortedJoinedAndEmptyOnesDropped() {
        let coverage = RunCoverage([5..<7, 0..<2, 2..<3, 4..<4])
        #expect(coverage?.ranges == [0..<3, 5..<7])
        #expect(coverage?.runCount == 5)
    }

    @Test func overlappingRangesCountARunTwice() {
        #expect(RunCoverage([0..<3, 2..<5]) == nil)
        #expect(RunCoverage(RunCoverage(0..<3).ranges + RunCoverage(2..<4).ranges) == nil)
        #expect(RunCoverage(RunCoverage(0..<3).ranges + RunCoverage(3..<4).ranges)?.ranges == [0..<4])
    }

    @Test func containsFindsEveryCoveredRunAndNoOther() throws {
        let coverage = try #require(RunCoverage([0..<3, 10..<12, 20..<21]))
        let covered = (0..<25).filter { coverage.contains(UInt64($0)) }
        #expect(covered == [0, 1, 2, 10, 11, 20])
    }

    @Test func missingAndCompleteAreRelativeToThePlansRuns() throws {
        let coverage = try #require(RunCoverage([2..<4, 6..<8]))
        #expect(coverage.missing(runs: 10) == [0..<2, 4..<6, 8..<10])
        #expect(RunCoverage(0..<10).missing(runs: 10).isEmpty)
        #expect(RunCoverage().missing(runs: 0).isEmpty)
        #expect(RunCoverage().missing(runs: 3) == [0..<3])
    }
}
