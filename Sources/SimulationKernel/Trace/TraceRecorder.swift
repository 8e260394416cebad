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

    /// Records an event of `kind` at `time` with `fields`.
    ///
    /// - Complexity: amortised O(*k*) for its *k* fields.
    package mutating func record(_ kind: String, at time: SimTime, _ fields: KeyValuePairs<String, TraceValue> = [:]) {
        events.beginEvent(time: time, kind: kind)
        for field in fields { events.appendField(field.key, field.value) }
    }

    /// The events of one kind (or of every kind starting with `prefix.`).
    ///
    /// - Complexity: O(*e*) for *e* events, plus the fields of those returned.
    package func events(ofKind kind: String) -> [TraceEvent] {
        events.indices.filter {
            let name = events.kind(at: $0)
            return name == kind || name.hasPrefix(kind + ".")
        }.map { events[$0] }
    }
}
