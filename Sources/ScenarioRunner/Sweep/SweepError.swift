/// Why a sweep, an exploration or a merge cannot go on; each maps to one exit code.
package enum SweepError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The command line asks for something impossible (exit 64).
    case usage(String)
    /// The scenario file, or the scenario after a `--set`, is invalid (exit 65).
    case scenario(ScenarioError)
    /// A partial-result file is malformed or does not fit the others (exit 65).
    case parts(String)

    package var description: String {
        switch self {
        case .usage(let message), .parts(let message): return message
        case .scenario(let error): return error.description
        }
    }
}
