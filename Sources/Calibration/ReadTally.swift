/// What a reader saw besides the intervals it kept, for the summary's "ignored" lines.
package struct ReadTally: Hashable, Sendable {
    /// Rows (or CSV lines) read, kept or not.
    package var rows = 0
    /// Rows of another subsystem or category than the filter's.
    package var filteredOut = 0
    /// Rows without a start, duration or name (an interval still open when the recording stopped).
    package var incomplete = 0
    /// Rows of other tables in the same export (another schema).
    package var otherTables = 0
}
