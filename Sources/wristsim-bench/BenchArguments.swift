/// Minimal option parsing shared by the workloads: `--name value` pairs of integers.
struct BenchArguments {
    private var values: [String: String] = [:]

    /// Parses `--key value` pairs, accepting only `allowed` keys.
    init(_ arguments: [String], allowed: Set<String>) throws(BenchUsageError) {
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            guard word.hasPrefix("--"), allowed.contains(String(word.dropFirst(2))) else {
                throw BenchUsageError(
                    message: "unknown option '\(word)'; expected one of "
                        + allowed.sorted().map { "--" + $0 }.joined(separator: ", "))
            }
            guard index + 1 < arguments.count else {
                throw BenchUsageError(message: "option '\(word)' needs a value")
            }
            values[String(word.dropFirst(2))] = arguments[index + 1]
            index += 2
        }
    }

    /// The text of `--key`, or `nil` when it was not given.
    func string(_ key: String) -> String? { values[key] }

    /// The integer value of `--key`, or `defaultValue`; must lie in `range`.
    func int(_ key: String, default defaultValue: Int, in range: ClosedRange<Int>) throws(BenchUsageError) -> Int {
        guard let text = values[key] else { return defaultValue }
        guard let value = Int(text), range.contains(value) else {
            throw BenchUsageError(
                message:
                    "--\(key) expects a whole number from \(range.lowerBound) to \(range.upperBound), found '\(text)'")
        }
        return value
    }
}
