/// Collects a simulation's ``TraceEvent``s in the order they happened and renders them.
///
/// Events are appended in simulation order (time, then the order the kernel handled them),
/// which is deterministic, so two runs of one scenario and seed print byte-identical logs.
public struct TraceRecorder: Sendable {
    /// Everything recorded so far, in order.
    public private(set) var events: [TraceEvent] = []

    public init() {}

    /// Records an event.
    ///
    /// - Complexity: amortised O(1).
    public mutating func record(_ event: TraceEvent) {
        events.append(event)
    }

    /// Records an event of `kind` at `time` with `fields`.
    public mutating func record(_ kind: String, at time: SimTime, _ fields: KeyValuePairs<String, TraceValue> = [:]) {
        events.append(TraceEvent(time: time, kind: kind, fields: fields))
    }

    /// The events of one kind (or of every kind starting with `prefix.`).
    public func events(ofKind kind: String) -> [TraceEvent] {
        events.filter { $0.kind == kind || $0.kind.hasPrefix(kind + ".") }
    }
}

/// Renders trace events against the scenario's start date.
public struct TraceFormatter: Sendable {
    /// The scenario's start, for wall-clock columns.
    public var start: EpochTime

    public init(start: EpochTime) {
        self.start = start
    }

    /// The local wall-clock time of `time`, with milliseconds: `"09:01:30.250"`.
    public func clock(_ time: SimTime) -> String {
        let local = start.adding(time.offset)
        let millis = (time.nanoseconds % 1_000_000_000 + 1_000_000_000) % 1_000_000_000 / 1_000_000
        let text = String(millis)
        return local.timeOfDay + "." + String(repeating: "0", count: 3 - text.count) + text
    }

    /// One aligned text line: `"09:01:30.250  +1m30.25s  watch.tap  item=kale"`.
    public func text(_ event: TraceEvent) -> String {
        var line = clock(event.time) + "  " + event.kind
        for field in event.fields {
            line += "  \(field.key)=\(field.value.text)"
        }
        return line
    }

    /// One JSON Lines object: `{"type":"trace","at":"…","t":90.25,"kind":"watch.tap","item":"kale"}`.
    public func json(_ event: TraceEvent) -> String {
        var object = JSONObjectText()
        object.add("type", .string("trace"))
        object.add("at", .string(start.adding(event.time.offset).iso8601))
        object.add("offsetMs", .decimal(event.time.nanoseconds / 1_000, scale: 3))
        object.add("kind", .string(event.kind))
        for field in event.fields {
            object.add(field.key, field.value)
        }
        return object.text
    }
}
