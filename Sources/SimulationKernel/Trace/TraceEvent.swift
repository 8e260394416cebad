/// One state change in a simulation: when, what kind, and its fields in a fixed order.
///
/// Fields are an ordered list, never a dictionary, so text and JSON output are stable.
package struct TraceEvent: Hashable, Sendable {
    /// When it happened.
    package var time: SimTime
    /// A dotted kind, component first: `"watch.tap"`, `"link.delivered"`, `"reminder.fired"`.
    package var kind: String
    /// The event's data, in the order it is printed.
    package var fields: [(key: String, value: TraceValue)]

    package init(time: SimTime, kind: String, fields: KeyValuePairs<String, TraceValue> = [:]) {
        self.init(time: time, kind: kind, fieldList: fields.map { ($0.key, $0.value) })
    }

    package init(time: SimTime, kind: String, fieldList: [(key: String, value: TraceValue)]) {
        self.time = time
        self.kind = kind
        self.fields = fieldList
    }

    /// The value of the first field named `key`.
    package subscript(key: String) -> TraceValue? {
        fields.first(where: { $0.key == key })?.value
    }

    /// Field by field: the fields are tuples, which cannot conform, so `==` and `hash(into:)` are written out.
    package static func == (lhs: TraceEvent, rhs: TraceEvent) -> Bool {
        lhs.time == rhs.time && lhs.kind == rhs.kind && lhs.fields.elementsEqual(rhs.fields) { $0 == $1 }
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(time)
        hasher.combine(kind)
        for field in fields {
            hasher.combine(field.key)
            hasher.combine(field.value)
        }
    }
}
