import ScenarioRunner

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `wristsim`: parse the command word, hand the rest to the command, exit with its code.
func topLevelHelp() -> String {
    var lines = [
        "OVERVIEW: Simulate a shopping-list Apple Watch companion app, deterministically.",
        "",
        "USAGE: wristsim <command> [options]",
        "",
        "COMMANDS:",
    ]
    let width = commands.map { $0.name.count }.max() ?? 0
    for command in commands {
        lines.append(
            "  " + command.name + String(repeating: " ", count: width - command.name.count + 2) + command.summary)
    }
    lines += [
        "",
        "OPTIONS:",
        "  --version     print the version",
        "  -h, --help    show this help; 'wristsim <command> --help' shows a command's",
        "",
        "EXIT CODES (each command's help says what they mean for it):",
        "  0   success",
        "  1   an expectation failed or an invariant broke (or no scenario was found)",
        "  64  usage error",
        "  65  a scenario file is missing or invalid",
        "  74  standard output or an output file could not be written",
    ]
    return lines.joined(separator: "\n")
}

func report(_ error: UsageError) -> Int32 {
    Console.error("Error: \(error.message)")
    if let command = commands.first(where: { $0.name == error.command }) {
        Console.error("Usage: \(command.usage)")
        Console.error("See 'wristsim \(command.name) --help'.")
    } else {
        Console.error("Usage: wristsim <command> [options]")
        Console.error("See 'wristsim --help'.")
    }
    return ExitCode.usage.rawValue
}

func main() -> Int32 {
    Console.ignoreBrokenPipeSignal()
    var words = commandLineWords()
    guard let first = words.first else {
        Console.error(topLevelHelp())
        return ExitCode.usage.rawValue
    }
    switch first {
    case "-h", "--help":
        Console.out(topLevelHelp())
        return ExitCode.success.rawValue
    case "--version":
        Console.out("wristsim \(wristsimVersion)")
        return ExitCode.success.rawValue
    case "help":
        words.removeFirst()
        guard let name = words.first else {
            Console.out(topLevelHelp())
            return ExitCode.success.rawValue
        }
        words = [name, "--help"]
    default:
        break
    }
    let name = words.removeFirst()
    guard let command = commands.first(where: { $0.name == name }) else {
        let message = Suggestion.unknown("command", name, among: commands.map { $0.name }, quote: ArgumentText.quoted)
        return report(UsageError(command: "", message: message))
    }
    do {
        let arguments = try Arguments(
            words, command: command.name, flags: command.flags, options: command.options,
            repeatable: command.repeatableOptions)
        if arguments.wantsHelp {
            Console.out("USAGE: \(command.usage)\n\n\(command.help)")
            return ExitCode.success.rawValue
        }
        return try command.run(arguments).rawValue
    } catch {
        return report(error)
    }
}

/// The command-line words after the program name, keeping bytes that are not UTF-8 (see
/// `FileName`), so any file name the system accepts can be given.
func commandLineWords() -> [String] {
    (1..<Int(CommandLine.argc)).map { index in
        guard let pointer = CommandLine.unsafeArgv[index] else { return "" }
        return FileName.string(
            fromSystemBytes: Array(UnsafeBufferPointer(start: pointer, count: strlen(pointer))).map {
                UInt8(bitPattern: $0)
            })
    }
}

exit(main())
