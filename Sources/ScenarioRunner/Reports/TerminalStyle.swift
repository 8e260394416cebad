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
    package var pass: String { paint("PASS", code: "32") }
    /// `FAIL` in bold red.
    package var fail: String { paint("FAIL", code: "1;31") }
    /// `INVALID` in bold yellow.
    package var invalid: String { paint("INVALID", code: "1;33") }

    /// `text` wrapped in the SGR `code` when colours are on.
    private func paint(_ text: String, code: String) -> String {
        colours ? Self.painted(text, code: code) : text
    }

    private static func painted(_ text: String, code: String) -> String { "\u{1B}[\(code)m\(text)\u{1B}[0m" }

    /// Every coloured word this style writes, escape codes included: the only escape sequences
    /// the tool's own output holds, so the console keeps these and escapes any other (a
    /// scenario's name may hold colour codes too).
    package static let paintedWords = [
        painted("PASS", code: "32"), painted("FAIL", code: "1;31"), painted("INVALID", code: "1;33"),
    ]
}
