import ScenarioRunner

extension SweepError {
    /// Prints this error and returns its exit code, for `command` (`sweep`, `explore` or
    /// `merge`): a usage error is thrown as that command's ``UsageError``, so its message names
    /// the command's own usage and `--help` (exit 64); a scenario or part error is printed as it
    /// is (exit 65).
    ///
    /// - Throws: ``UsageError`` for ``SweepError/usage(_:)``.
    func report(command: String) throws(UsageError) -> ExitCode {
        switch self {
        case .usage(let message):
            throw UsageError(command: command, message: message)
        case .scenario(let scenarioError):
            Console.error(scenarioError.description)
            return .invalidScenario
        case .parts(let message):
            Console.error(message.contains(": error: ") || message.hasPrefix("error: ") ? message : "error: " + message)
            return .invalidScenario
        }
    }
}
