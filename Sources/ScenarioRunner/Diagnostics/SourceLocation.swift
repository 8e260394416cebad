/// A position in a scenario file: 1-based line and column (columns count Unicode scalars).
package struct SourceLocation: Hashable, Sendable, Comparable {
    package var line: Int
    package var column: Int

    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    package static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}
