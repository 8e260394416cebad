/// A count that would pass `Int.max` when partial results are added up: `merge` refuses the part
/// rather than trap or wrap around.
package struct CountOverflow: Error, Hashable, Sendable {
    /// `lhs + rhs`, checked.
    ///
    /// - Throws: ``CountOverflow`` when the sum does not fit in an `Int`.
    package static func adding(_ lhs: Int, _ rhs: Int) throws(CountOverflow) -> Int {
        let (sum, overflow) = lhs.addingReportingOverflow(rhs)
        guard !overflow else { throw CountOverflow() }
        return sum
    }
}
