/// Whether and how result words (`PASS`, `FAIL`, `INVALID`) are coloured.
///
/// Colour only on a terminal, never in a pipe or a file, and never when `NO_COLOR` is set to
/// anything non-empty (https://no-color.org) or `TERM` is `dumb`.
public struct TerminalStyle: Sendable {
    /// Whether escape sequences are written.
    public var colours: Bool

    public init(colours: Bool) {
        self.colours = colours
    }

    /// The style for standard output given whether it is a terminal and the environment.
    public static func detect(isTerminal: Bool, environment: [String: String]) -> TerminalStyle {
        let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
        let dumb = environment["TERM"] == "dumb"
        return TerminalStyle(colours: isTerminal && !noColor && !dumb)
    }

    /// `PASS` in green.
    public var pass: String { paint("PASS", code: "32") }
    /// `FAIL` in bold red.
    public var fail: String { paint("FAIL", code: "1;31") }
    /// `INVALID` in bold yellow.
    public var invalid: String { paint("INVALID", code: "1;33") }

    /// `text` wrapped in the SGR `code` when colours are on.
    public func paint(_ text: String, code: String) -> String {
        colours ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
