import ScenarioRunner

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes to standard output and standard error, unbuffered, in order, and checked.
///
/// A write that fails ends the process at once, because nothing more can be reported there:
/// a closed pipe (`wristsim check | head`) ends it quietly with exit code 74; any other failure
/// (a full device, an I/O error) prints the reason on standard error and exits 74 (`EX_IOERR`).
/// `SIGPIPE` is ignored (see ``ignoreBrokenPipeSignal()``) so a closed pipe is an `EPIPE` error
/// here rather than a silent kill.
enum Console {
    /// Writes `text` and a newline to standard output, control characters escaped
    /// (``TerminalText/sanitized(_:keepingColours:)``: the tool's own colour codes are kept).
    static func out(_ text: String) {
        write(1, TerminalText.sanitized(text, keepingColours: true) + "\n")
    }

    /// Writes `text` to standard output as it is (no newline added), escaped as ``out(_:)`` does:
    /// a piece of a long output (``StandardOutputStream``), whole lines or whole JSON values.
    static func outPiece(_ text: String) {
        write(1, TerminalText.sanitized(text, keepingColours: true))
    }

    /// Writes a piece of JSON text made by a `JSONWriter` to standard output as it is: it holds no
    /// control character outside its escapes, so there is nothing to make safe.
    static func outJSON(_ utf8: [UInt8]) {
        write(1, utf8)
    }

    /// Writes `text` and a newline to standard error, every control character but the newline
    /// escaped, so a name in a message never reaches the terminal as an escape sequence.
    static func error(_ text: String) {
        write(2, TerminalText.sanitized(text, keepingColours: false) + "\n")
    }

    /// Makes writes to a closed pipe fail with `EPIPE` instead of killing the process; call once
    /// at startup.
    static func ignoreBrokenPipeSignal() {
        signal(SIGPIPE, SIG_IGN)
    }

    private static func write(_ descriptor: Int32, _ text: String) {
        write(descriptor, Array(text.utf8))
    }

    private static func write(_ descriptor: Int32, _ bytes: [UInt8]) {
        guard let code = SystemWrite.all(bytes, to: descriptor) else { return }
        if code != EPIPE, descriptor != 2 {
            let name = descriptor == 1 ? "standard output" : "descriptor \(descriptor)"
            _ = SystemWrite.all(
                Array("wristsim: error: cannot write to \(name): \(SystemWrite.reason(code))\n".utf8), to: 2)
        }
        exit(ExitCode.ioError.rawValue)
    }
}
