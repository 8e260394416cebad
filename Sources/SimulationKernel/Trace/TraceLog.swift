/// A run's trace, stored as columns: the events' times and kinds, and one shared store of
/// fields (key, value) with each event's range in it. Kinds, keys and string values are
/// interned: each distinct string is kept once and named by a small id.
///
/// A simulation appends its events in simulation order (time, then the order the kernel handled
/// them), which is deterministic, so two runs of one scenario and seed print byte-identical logs.
///
/// A ``TraceEvent`` is built on read, so the log costs about 16 bytes per event and 13 per field
/// (plus each distinct string once), where an array of ``TraceEvent``s costs a heap array per event
/// and a heap string per long value. It is a random-access collection of ``TraceEvent``s in the
/// order they were recorded.
package struct TraceLog: RandomAccessCollection, Sendable {
    private var times = TraceColumn<Int64>()
    private var kinds = TraceColumn<UInt32>()
    /// Where each event's fields start in the field columns; they end where the next event's start.
    private var fieldStarts = TraceColumn<Int>()
    private var keys = TraceColumn<UInt32>()
    private var tags = TraceColumn<FieldTag>()
    private var payloads = TraceColumn<Int64>()
    /// Values that do not fit a tag and a 64-bit payload (lists, decimals of a large scale).
    private var others: [TraceValue] = []
    private var strings = TraceStringTable()
    /// The kinds, numbered apart from the other strings so that their ids stay small and dense.
    private var kindNames = TraceStringTable()
    /// The last key and string value seen at each of the first ``cachedFields`` field positions of
    /// each kind, with their ids: events of one kind repeat their keys in order and often their
    /// values, and comparing with the last one is cheaper than a hash lookup.
    private var lastFields: [LastField] = []

    /// An empty log.
    package init() {}

    package var startIndex: Int { 0 }
    package var endIndex: Int { times.count }

    /// The event at `position`, built from the columns.
    ///
    /// - Complexity: O(*k*) for its *k* fields.
    package subscript(position: Int) -> TraceEvent {
        let range = fieldStarts[position]..<(position + 1 < times.count ? fieldStarts[position + 1] : keys.count)
        var fields: [(key: String, value: TraceValue)] = []
        fields.reserveCapacity(range.count)
        for field in range { fields.append((strings[keys[field]], value(field))) }
        return TraceEvent(
            time: SimTime(nanoseconds: times[position]), kind: kindNames[kinds[position]], fieldList: fields)
    }

    /// Appends `event`.
    ///
    /// - Complexity: amortised O(*k* + *m*) for *k* fields and *m* bytes of strings (one hash
    ///   lookup per string).
    package mutating func append(_ event: TraceEvent) {
        times.append(event.time.nanoseconds)
        let kind = kindNames.id(event.kind)
        kinds.append(kind)
        fieldStarts.append(keys.count)
        for (index, field) in event.fields.enumerated() {
            let position = index < Self.cachedFields ? Int(kind) * Self.cachedFields + index : -1
            if position >= lastFields.count, position >= 0 {
                lastFields += repeatElement(LastField(), count: position + 1 - lastFields.count)
            }
            if position >= 0, let id = lastFields[position].keyID, lastFields[position].key == field.key {
                keys.append(id)
            } else {
                let id = strings.id(field.key)
                keys.append(id)
                if position >= 0 { (lastFields[position].key, lastFields[position].keyID) = (field.key, id) }
            }
            let (tag, payload) = encode(field.value, position: position)
            tags.append(tag)
            payloads.append(payload)
        }
    }

    /// How many leading field positions per kind remember their last key and string value.
    private static let cachedFields = 8

    private struct LastField {
        var key = ""
        var keyID: UInt32?
        var value = ""
        var valueID: UInt32?
    }

    // MARK: Values

    /// What a field's payload holds. A decimal of scale *s* below 200 is tag 56 + *s*.
    private typealias FieldTag = UInt8
    private static let intTag: FieldTag = 0
    private static let unsignedTag: FieldTag = 1
    private static let stringTag: FieldTag = 2
    private static let falseTag: FieldTag = 3
    private static let trueTag: FieldTag = 4
    private static let durationTag: FieldTag = 5
    /// The payload is an index in `others`.
    private static let otherTag: FieldTag = 6
    private static let decimalTag: FieldTag = 56

    private mutating func encode(_ value: TraceValue, position: Int = -1) -> (FieldTag, Int64) {
        switch value {
        case .int(let number): return (Self.intTag, number)
        case .unsigned(let number): return (Self.unsignedTag, Int64(bitPattern: number))
        case .string(let text):
            if position >= 0, let id = lastFields[position].valueID, lastFields[position].value == text {
                return (Self.stringTag, Int64(id))
            }
            let id = strings.id(text)
            if position >= 0 { (lastFields[position].value, lastFields[position].valueID) = (text, id) }
            return (Self.stringTag, Int64(id))
        case .bool(let flag): return (flag ? Self.trueTag : Self.falseTag, 0)
        case .duration(let duration): return (Self.durationTag, duration.nanoseconds)
        case .decimal(let number, let scale) where scale >= 0 && scale < Int(FieldTag.max - Self.decimalTag):
            return (Self.decimalTag + FieldTag(scale), number)
        case .decimal, .list:
            others.append(value)
            return (Self.otherTag, Int64(others.count - 1))
        }
    }

    private func value(_ field: Int) -> TraceValue {
        let payload = payloads[field]
        switch tags[field] {
        case Self.intTag: return .int(payload)
        case Self.unsignedTag: return .unsigned(UInt64(bitPattern: payload))
        case Self.stringTag: return .string(strings[UInt32(truncatingIfNeeded: payload)])
        case Self.falseTag: return .bool(false)
        case Self.trueTag: return .bool(true)
        case Self.durationTag: return .duration(SimDuration(nanoseconds: payload))
        case Self.otherTag: return others[Int(payload)]
        case let tag: return .decimal(payload, scale: Int(tag - Self.decimalTag))
        }
    }
}
