/// A problem with a scenario file, located as precisely as possible.
///
/// Rendered as `FILE:LINE:COLUMN: error: message` when the position is known, otherwise as
/// `FILE: error: at $.script[3].at: message` with the JSON path. The message always says what
/// was expected. The command line exits with code 65 for these.
public struct ScenarioError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file as the user named it.
    public var file: String
    /// Where in the file, if known.
    public var location: SourceLocation?
    /// The JSON path of the offending value (`$.script[3].at`), if known.
    public var path: String?
    /// What is wrong and what was expected, lower-case, no trailing period.
    public var message: String

    public init(file: String, location: SourceLocation? = nil, path: String? = nil, message: String) {
        self.file = file
        self.location = location
        self.path = path
        self.message = message
    }

    /// The compiler-style line (the file name escaped, see ``FileName/display(_:)``).
    public var description: String {
        let file = FileName.display(self.file)
        if let location {
            let at = path.map { " (at \($0))" } ?? ""
            return "\(file):\(location.line):\(location.column): error: \(message)\(at)"
        }
        if let path {
            return "\(file): error: at \(path): \(message)"
        }
        return "\(file): error: \(message)"
    }
}
