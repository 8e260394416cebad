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
    /// One printed field: its table text and its JSON value.
    struct Field {
        var key: String
        var text: String
        var json: JSONValue
    }

    var fields: [Field] = []
    /// Whether the run reproduced the reference check values; a mismatch exits with status 1.
    var checkValues: CheckValues = .notApplicable
    /// Checks the workload made that failed, one line each; each is printed to standard error and
    /// the run exits with status 1.
    var failures: [String] = []

    mutating func add(_ key: String, _ value: TraceValue) {
        fields.append(Field(key: key, text: value.text, json: JSONValue(value)))
    }

    /// Adds a floating-point number printed with full precision (shortest text that reads
    /// back as the same `Double`, like Python's `repr`).
    mutating func add(_ key: String, number value: Double) {
        fields.append(Field(key: key, text: "\(value)", json: .number(value)))
    }

    /// Adds a list of floating-point numbers printed with full precision.
    mutating func add(_ key: String, numbers values: [Double]) {
        let text = values.map { "\($0)" }.joined(separator: " ")
        fields.append(Field(key: key, text: text, json: .array(values.map(JSONValue.number))))
    }

    /// Sets ``checkValues`` and adds it as the `checkValues` field.
    mutating func addCheckValues(_ outcome: CheckValues) {
        checkValues = outcome
        add("checkValues", .string(outcome.rawValue))
    }

    /// One JSON object with the fields in order.
    var json: String {
        JSONValue.object(JSONObject(fields.map { ($0.key, $0.json) })).compact
    }

    /// Aligned `key   value` lines.
    var text: String {
        let width = fields.map(\.key.count).max() ?? 0
        return fields.map { $0.key + String(repeating: " ", count: width - $0.key.count + 2) + $0.text }
            .joined(separator: "\n")
    }
}

/// Whether a run reproduced the published check values of its workload.
enum CheckValues: String {
    /// Every check value is identical (the simulated time bit for bit).
    case match
    /// At least one differs: the workload does not reproduce the reference.
    case mismatch = "MISMATCH"
    /// Non-default parameters: there is nothing published to compare with.
    case notApplicable = "n/a (non-default parameters)"
}

/// A bad option for a workload; the message says what was expected. Exit code 64.
struct BenchUsageError: Error {
    var message: String
}
