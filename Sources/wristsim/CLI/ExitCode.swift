/// The documented exit codes of `wristsim` (sysexits-style where one exists).
enum ExitCode: Int32, Comparable {
    /// Everything ran and every expectation held.
    case success = 0
    /// A scenario ran but an expectation failed or an invariant was broken; or no scenario was
    /// found to check.
    case expectationFailed = 1
    /// The command line was wrong (EX_USAGE).
    case usage = 64
    /// A scenario file is missing, unreadable or invalid (EX_DATAERR).
    case invalidScenario = 65
    /// An output file or standard output could not be written (EX_IOERR).
    case ioError = 74

    static func < (lhs: ExitCode, rhs: ExitCode) -> Bool { lhs.severity < rhs.severity }

    /// Which code wins when several files end differently: I/O > invalid > usage > failed > success.
    private var severity: Int {
        switch self {
        case .success: return 0
        case .expectationFailed: return 1
        case .usage: return 2
        case .invalidScenario: return 3
        case .ioError: return 4
        }
    }
}
