/// Names one list operation: the device it came from and its place in that device's sequence.
///
/// Each device numbers its own operations 1, 2, 3, … with no gaps; a receiver applies each
/// origin's operations exactly once and in that order.
package struct OperationID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The device that made the operation.
    package var origin: LinkSide
    /// Its number among the origin's operations, from 1.
    package var sequence: Int

    /// Watch operations sort before phone operations, then by sequence.
    package static func < (lhs: OperationID, rhs: OperationID) -> Bool {
        (lhs.origin == .watch ? 0 : 1, lhs.sequence) < (rhs.origin == .watch ? 0 : 1, rhs.sequence)
    }

    /// `"watch#3"`.
    package var description: String { "\(origin.name)#\(sequence)" }
}
