import ScenarioRunner

/// A command line, parsed against a command's declared options.
///
/// Accepts `--flag`, `--option value`, `--option=value`, positionals, and `--` (everything
/// after it is positional). Unknown options are usage errors with a suggestion. An option
/// given twice is a usage error unless the command declares it repeatable, and so is standard
/// input (`-`) named twice, since it can be read only once.
struct Arguments {
    /// Flags given (`"trace"` for `--trace`).
    private(set) var flags: Set<String> = []
    /// Option values given, in command-line order per option.
    private(set) var values: [String: [String]] = [:]
    /// Positional words, in order.
    private(set) var positionals: [String] = []
    /// Whether `-h`/`--help` was given.
    private(set) var wantsHelp = false

    /// Parses `words` for a command accepting `flags` and `options` (names without `--`);
    /// the options in `repeatable` may be given more than once.
    ///
    /// - Complexity: O(*n*) in the number of words (times the few declared options).
    init(
        _ words: [String], command: String, flags allowedFlags: [String], options allowedOptions: [String],
        repeatable: [String] = []
    ) throws(UsageError) {
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
            let known = (allowedFlags + allowedOptions).map { "--" + $0 }
            // A one-letter option (`-o PATH`) when the command declares it.
            let short = word.count == 2 && allowedOptions.contains(String(word.dropFirst()))
            guard word.hasPrefix("--") || short else {
                throw UsageError(command: command, message: Arguments.unknownOption(word, near: "-" + word, known))
            }
            var name = String(word.dropFirst(short ? 1 : 2))
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            if allowedFlags.contains(name) {
                guard inlineValue == nil else {
                    throw UsageError(
                        command: command, message: "option \(ArgumentText.quoted("--" + name)) takes no value")
                }
                flags.insert(name)
            } else if allowedOptions.contains(name) {
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else {
                    guard index < words.count else {
                        throw UsageError(
                            command: command, message: "option \(ArgumentText.quoted("--" + name)) needs a value")
                    }
                    value = words[index]
                    index += 1
                }
                if values[name] != nil, !repeatable.contains(name) {
                    throw UsageError(
                        command: command,
                        message: "option \(ArgumentText.quoted("--" + name)) is given more than once; expected it once")
                }
                values[name, default: []].append(value)
            } else {
                throw UsageError(
                    command: command, message: Arguments.unknownOption("--" + name, near: "--" + name, known))
            }
        }
        if positionals.count(where: { $0 == InputFile.standardInput }) > 1 {
            throw UsageError(command: command, message: "standard input ('-') is named twice; it can be read once")
        }
    }

    /// Whether `--name` was given.
    func has(_ name: String) -> Bool { flags.contains(name) }

    /// The value of `--name`, if given (the last one for a repeatable option).
    func value(_ name: String) -> String? { values[name]?.last }

    /// Every value of a repeatable `--name`, in command-line order.
    func allValues(_ name: String) -> [String] { values[name] ?? [] }

    /// The one scenario file a single-file command reads.
    ///
    /// - Throws: ``UsageError`` when no file or more than one is given.
    func scenarioFile(command: String) throws(UsageError) -> String {
        guard let path = positionals.first else { throw UsageError(command: command, message: "missing scenario file") }
        guard positionals.count == 1 else {
            throw UsageError(command: command, message: "expected one scenario file, found \(positionals.count)")
        }
        return path
    }

    /// `--seed N` as a 64-bit seed, if given.
    func seed(command: String) throws(UsageError) -> UInt64? {
        guard let text = value("seed") else { return nil }
        guard let seed = UInt64(text) else {
            throw UsageError(
                command: command,
                message:
                    "--seed expects a whole number from 0 to 18446744073709551615, found \(ArgumentText.quoted(text))")
        }
        return seed
    }

    /// The message for an unknown option `word`, suggesting the one of `known` closest to `near`
    /// (`-watch` is read as `--watch`).
    private static func unknownOption(_ word: String, near: String, _ known: [String]) -> String {
        Suggestion.unknown(
            "option", word, expected: "one of: " + known.map(ArgumentText.quoted).joined(separator: ", "),
            suggestions: Suggestion.closest(to: near, in: known).map { [$0] } ?? [], quote: ArgumentText.quoted)
    }
}

/// A command-line mistake: printed as `Error: …`, the usage line and a pointer to `--help`,
/// exit code 64.
struct UsageError: Error {
    /// The command it concerns (`"run"`), or empty for the top level.
    var command: String
    var message: String
}
