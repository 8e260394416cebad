import ScenarioRunner

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the process's standard output is attached to.
enum Terminal {
    /// Colours for standard output: on a terminal only, never in a pipe, off with `NO_COLOR`.
    static var standardOutputStyle: TerminalStyle {
        var environment: [String: String] = [:]
        for name in ["NO_COLOR", "TERM"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return TerminalStyle.detect(isTerminal: isatty(1) == 1, environment: environment)
    }
}
