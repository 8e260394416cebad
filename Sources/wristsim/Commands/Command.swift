/// One `wristsim` subcommand. Commands are thin: parse, call the library, print, exit.
protocol Command {
    /// The subcommand word (`"run"`).
    static var name: String { get }
    /// One line for `wristsim --help`.
    static var summary: String { get }
    /// The synopsis (`"wristsim run FILE... [--trace] [--json] [--seed N]"`).
    static var usage: String { get }
    /// The full `--help` text after the synopsis: description, options, examples.
    static var help: String { get }
    /// Flags (no value), without `--`.
    static var flags: [String] { get }
    /// Options that take a value, without `--`.
    static var options: [String] { get }
    /// The options that may be given more than once (default: none).
    static var repeatableOptions: [String] { get }
    /// Runs the command with parsed arguments.
    static func run(_ arguments: Arguments) throws(UsageError) -> ExitCode
}

extension Command {
    static var repeatableOptions: [String] { [] }
}

/// Every command, in `--help` order. A feature adds its command with one line.
var commands: [any Command.Type] {
    [
        RunCommand.self,
        CheckCommand.self,
        LatencyCommand.self,
        WatchesCommand.self,
        TimelineCommand.self,
        RemindersCommand.self,
        ReportCommand.self,
        SweepCommand.self,
        ExploreCommand.self,
        MergeCommand.self,
        CalibrateCommand.self,
    ]
}
