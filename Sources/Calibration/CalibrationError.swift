/// Why an export or CSV file could not be read: a located message in the compiler's format.
///
/// ```swift
/// CalibrationError(file: "trace.xml", line: 12, column: 5, message: "unknown ref=\"9\"").description
/// // trace.xml:12:5: error: unknown ref="9"
/// ```
package struct CalibrationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file as the user named it.
    package var file: String
    /// The 1-based line, or 0 when the error is about the file as a whole.
    package var line: Int
    /// The 1-based column in bytes, or 0 when the error is about the file as a whole.
    package var column: Int
    /// What is wrong and what was expected, lower-case, no trailing period.
    package var message: String

    /// `FILE:LINE:COLUMN: error: message` (`FILE: error: message` without a position).
    package var description: String {
        line > 0 ? "\(file):\(line):\(column): error: \(message)" : "\(file): error: \(message)"
    }
}
