/// How a single-core chip divides its CPU between the main queue and the background queue when
/// both have work. On chips with two or more cores each queue has a core of its own and this
/// setting does not matter.
package enum CPUSharing: String, CaseIterable, Hashable, Sendable {
    /// Processor sharing (the default): while both queues compute, each runs at half speed; a
    /// queue that is alone, or whose partner is blocked waiting, runs at full speed. This is the
    /// fluid limit of round-robin time slicing between two threads of similar priority.
    case processorSharing = "processor-sharing"
    /// Main-priority preemption: background work runs only while the main queue is not computing
    /// (idle, or blocked waiting); main always runs at full speed.
    case mainPriority = "main-priority"

    /// A full core's progress rate: 2 work units per nanosecond (one reference nanosecond of
    /// scaled cost is 2 units, so a half share stays an integer rate).
    static let fullRate: Int64 = 2

    /// CPU progress rates `(main, background)` on a single core, in work units per nanosecond
    /// (``fullRate`` for a queue computing alone; with two cores every queue has it).
    func rates(mainComputing: Bool, backgroundComputing: Bool) -> (main: Int64, background: Int64) {
        guard mainComputing && backgroundComputing else { return (Self.fullRate, Self.fullRate) }
        switch self {
        case .processorSharing: return (1, 1)
        case .mainPriority: return (2, 0)
        }
    }
}
