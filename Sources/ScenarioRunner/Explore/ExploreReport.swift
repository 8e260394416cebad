/// One failing exploration run.
public struct ExploreFailure: Hashable, Sendable {
    /// The run's number.
    public var run: UInt64
    /// The run's seed (`"seed"` in its reproduction file).
    public var seed: UInt64
    /// The invariant failures, as `wristsim run` prints them.
    public var failures: [String]
}

/// What an exploration found: how many runs, how many failed, and the first failures.
public struct ExploreReport: Hashable, Sendable {
    /// How many failures are kept (those of the smallest run numbers).
    public static let keptFailures = 10

    /// The run ranges explored.
    public var covered: [Range<UInt64>]
    /// Runs explored.
    public var runs = 0
    /// Runs that broke an invariant.
    public var failed = 0
    /// The failures of the smallest run numbers, ascending (at most ``keptFailures``).
    public var failures: [ExploreFailure] = []

    public init(covered: [Range<UInt64>] = []) {
        self.covered = covered
    }

    /// The failure of the smallest run number.
    public var firstFailure: ExploreFailure? { failures.first }

    mutating func record(_ failure: ExploreFailure) {
        failed += 1
        failures.append(failure)
        failures.sort { $0.run < $1.run }
        if failures.count > ExploreReport.keptFailures { failures.removeLast() }
    }
}
