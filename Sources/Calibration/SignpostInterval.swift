/// One measured interval: a signpost's name, when it began and how long it lasted on the
/// recording watch, and whether it ran on the main thread.
package struct SignpostInterval: Hashable, Sendable {
    /// The signpost's name (`"removeRow"`).
    package var name: String
    /// The interval's start, in nanoseconds from the recording's start.
    package var start: Int64
    /// The interval's length in nanoseconds.
    package var duration: Int64
    /// Whether the interval began on the main thread (→ the main queue; else background).
    package var onMainThread: Bool
}
