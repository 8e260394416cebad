/// A command line, parsed against a command's declared options.
///
/// Accepts `--flag`, `--option value`, `--option=value`, positionals, and `--` (everything
/// after it is positional). Unknown options are usage errors with a suggestion.
struct Arguments {
    /// Flags given (`"trace"` for `--trace`).
    private(set) var flags: Set<String> = []
    /// Option values given, last one wins.
    private(set) var values: [String: String] = [:]
    /// Positional words, in order.
    private(set) var positionals: [String] = []
    /// Whether `-h`/`--help` was given.
    private(set) var wantsHelp = false

    /// Parses `words` for a command accepting `flags` and `options` (names without `--`).
    init(_ words: [String], command: String, flags allowedFlags: [String], options allowedOptions: [String]) throws(UsageError) {
        var index = 0
        var onlyPositionals = false
        while index < words.count {
            let word = words[index]
            index += 1
            if onlyPositionals || !word.hasPrefix("-") || word == "-" {
                positionals.append(word)
                continue
            }
            if word == "--" {
                onlyPositionals = true
                continue
            }
            if word == "-h" || word == "--help" {
                wantsHelp = true
                continue
            }
            guard word.hasPrefix("--") else {
                throw UsageError(command: command, message: "unknown option '\(word)'")
            }
            var name = String(word.dropFirst(2))
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            if allowedFlags.contains(name) {
                guard inlineValue == nil else {
                    throw UsageError(command: command, message: "option '--\(name)' takes no value")
                }
                flags.insert(name)
            } else if allowedOptions.contains(name) {
                if let inlineValue {
                    values[name] = inlineValue
                } else {
                    guard index < words.count else {
                        throw UsageError(command: command, message: "option '--\(name)' needs a value")
                    }
                    values[name] = words[index]
                    index += 1
                }
            } else {
                let known = (allowedFlags + allowedOptions).map { "--" + $0 }
                var message = "unknown option '--\(name)'"
                if let suggestion = Arguments.closest(to: "--" + name, in: known) { message += "; did you mean '\(suggestion)'?" }
                throw UsageError(command: command, message: message)
            }
        }
    }

    /// Whether `--name` was given.
    func has(_ name: String) -> Bool { flags.contains(name) }

    /// The value of `--name`, if given.
    func value(_ name: String) -> String? { values[name] }

    /// `--seed N` as a 64-bit seed, if given.
    func seed(command: String) throws(UsageError) -> UInt64? {
        guard let text = values["seed"] else { return nil }
        guard let seed = UInt64(text) else {
            throw UsageError(command: command, message: "--seed expects a whole number from 0 to 18446744073709551615, found '\(text)'")
        }
        return seed
    }

    /// The closest candidate within edit distance 2 (for "did you mean").
    static func closest(to word: String, in candidates: [String]) -> String? {
        func distance(_ a: [Character], _ b: [Character]) -> Int {
            if a.isEmpty { return b.count }
            if b.isEmpty { return a.count }
            var previous = Array(0...b.count)
            for i in 1...a.count {
                var current = [i] + Array(repeating: 0, count: b.count)
                for j in 1...b.count {
                    current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                }
                previous = current
            }
            return previous[b.count]
        }
        var best: (String, Int)?
        for candidate in candidates {
            let d = distance(Array(word), Array(candidate))
            if d <= 2, d < (best?.1 ?? .max) { best = (candidate, d) }
        }
        return best?.0
    }
}

/// A command-line mistake: printed as `Error: …`, the usage line and a pointer to `--help`,
/// exit code 64.
struct UsageError: Error {
    /// The command it concerns (`"run"`), or empty for the top level.
    var command: String
    var message: String
}
