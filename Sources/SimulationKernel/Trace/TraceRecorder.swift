/// Collects a simulation's ``TraceEvent``s in the order they happened.
///
/// Events are appended in simulation order (time, then the order the kernel handled them),
/// which is deterministic, so two runs of one scenario and seed print byte-identical logs.
/// They are kept in a compact ``TraceLog`` (columns, strings interned), not as an array of
/// events.
package struct TraceRecorder: Sendable {
    /// Everything recorded so far, in order.
    package private(set) var events = TraceLog()

    package init() {}

    /// Records an event.
    ///
    /// - Complexity: amortised O(*k*) for its *k* fields.
    package mutating func record(_ event: TraceEvent) {
        events.append(event)
    }
}
