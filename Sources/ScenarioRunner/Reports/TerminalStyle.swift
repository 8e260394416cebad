/// Whether and how result words (`PASS`, `FAIL`, `INVALID`) are coloured.
///
/// Colour only on a terminal, never in a pipe or a file, and never when `NO_COLOR` is set to
/// anything non-empty (https://no-color.org) or `TERM` is `dumb`.
package struct TerminalStyle: Sendable {
    /// Whether escape sequences are written.
    package var colours: Bool

    /// The style for standard output given whether it is a terminal and the environment.
    package static func detect(isTerminal: Bool, environment: [String: String]) -> TerminalStyle {
        let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
        let dumb = environment["TERM"] == "dumb"
        return TerminalStyle(colours: isTerminal && !noColor && !dumb)
    }

    /// `PASS` in green.
    package var pass: String { colours ? Self.paintedWords[0] : "PASS" }
    /// `FAIL` in bold red.
    package var fail: String { colours ? Self.paintedWords[1] : "FAIL" }
    /// `INVALID` in bold yellow.
    package var invalid: String { colours ? Self.paintedWords[2] : "INVALID" }

    /// Every coloured word this style writes (`PASS`, `FAIL`, `INVALID`), each in its SGR code:
    /// the only escape sequences the tool's own output holds, so the console keeps these and
    /// escapes any other (a scenario's name may hold colour codes too).
    package static let paintedWords = [
        "\u{1B}[32mPASS\u{1B}[0m", "\u{1B}[1;31mFAIL\u{1B}[0m", "\u{1B}[1;33mINVALID\u{1B}[0m",
    ]
}
