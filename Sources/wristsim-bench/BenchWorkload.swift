import SimulationKernel

/// One benchmark workload of `wristsim-bench`, run as `wristsim-bench <name> [options]`.
///
/// A workload parses its own options, runs in this process (release build), measures wall
/// time with ``Stopwatch`` and returns its figures as ordered fields, printed as an aligned
/// table or, with `--json`, as one JSON object.
protocol BenchWorkload {
    /// The subcommand name (`"shop"`).
    var name: String { get }
    /// One line for `wristsim-bench --help`.
    var summary: String { get }
    /// Help text for the workload's own options (one option per line).
    var optionsHelp: String { get }
    /// Runs the workload. `arguments` are the words after the subcommand, minus `--json`.
    func run(arguments: [String]) throws(BenchUsageError) -> BenchReport
}

/// What a workload measured, in print order.
struct BenchReport {
    var fields: [(key: String, value: TraceValue)] = []

    mutating func add(_ key: String, _ value: TraceValue) {
        fields.append((key, value))
    }

    /// One JSON object with the fields in order.
    var json: String {
        var object = JSONObjectText()
        for field in fields { object.add(field.key, field.value) }
        return object.text
    }

    /// Aligned `key   value` lines.
    var text: String {
        let width = fields.map(\.key.count).max() ?? 0
        return fields.map { $0.key + String(repeating: " ", count: width - $0.key.count + 2) + $0.value.text }
            .joined(separator: "\n")
    }
}

/// A bad option for a workload; the message says what was expected. Exit code 64.
struct BenchUsageError: Error {
    var message: String
}
