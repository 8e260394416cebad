import SimulationKernel

/// CPU work as a scenario states it: a duration measured on one chip ("reads the database:
/// 1.5 s on S3"), scaled to the watch that runs it by the chips' relative speeds.
package struct ComplicationWork: Hashable, Sendable {
    /// The largest cost a scenario may state (one hour), so scaling can never overflow.
    package static let maximumCost = SimDuration.hours(1)

    /// The Grocery complication's published update: it reloads the database, 1.5 s on an S3.
    package static let reloadsDatabase = ComplicationWork(
        cost: .milliseconds(1_500), on: .s3, does: "reloads the database")
    /// The Grocery complication's cheap update: it reads the remaining count kept in memory, 10 ms on an S3.
    package static let readsCount = ComplicationWork(
        cost: .milliseconds(10), on: .s3, does: "reads the remaining count")

    /// The time the work takes on ``reference``.
    package var cost: SimDuration
    /// The chip ``cost`` was measured on.
    package var reference: WatchChip
    /// What the work does, for reports (`"reads the database"`).
    package var label: String?

    package init(cost: SimDuration, on reference: WatchChip = .s1, does label: String? = nil) {
        self.cost = max(.zero, min(cost, ComplicationWork.maximumCost))
        self.reference = reference
        self.label = label
    }

    /// The time the work takes on `chip`: ``cost`` × reference speed ÷ `chip`'s speed, rounded
    /// to the nanosecond (O(1)).
    package func duration(on chip: WatchChip) -> SimDuration {
        cost.scaled(by: reference.relativeSpeed / chip.relativeSpeed)
    }

    /// `"reloads the database: 1.5s on S3"` (`"1.5s on S3"` without a label).
    package var description: String {
        (label.map { "\($0): " } ?? "") + "\(cost) on \(reference.name)"
    }
}
