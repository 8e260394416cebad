/// The intervals of one signpost name, as they were read: the only memory that grows with the
/// recording (16 bytes an interval).
struct StepSamples {
    /// The signpost's name.
    var name: String
    /// When it was first seen, for a stable order among equals.
    var firstSeen: Int
    /// Each interval's start and duration, in nanoseconds, in file order.
    var starts: [Int64] = []
    var durations: [Int64] = []
    /// How many began on the main thread.
    var onMainThread = 0

    mutating func add(_ interval: SignpostInterval) {
        starts.append(interval.start)
        durations.append(interval.duration)
        if interval.onMainThread { onMainThread += 1 }
    }
}
