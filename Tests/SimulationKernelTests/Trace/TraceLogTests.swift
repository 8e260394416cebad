import Testing

@testable import SimulationKernel

/// The compact trace storage gives back exactly what was recorded: every value kind, fields in
/// their order (repeated keys and all), kinds and strings shared between events.
@Suite struct TraceLogTests {
    private func at(_ milliseconds: Int64) -> SimTime { SimTime(offset: .milliseconds(milliseconds)) }

    /// Events with every kind of value, empty and repeated fields, long and repeated strings.
    private var events: [TraceEvent] {
        let long = String(repeating: "payload ", count: 8)
        return [
            TraceEvent(time: at(0), kind: "scenario.start"),
            TraceEvent(
                time: at(5), kind: "watch.tap",
                fieldList: [
                    ("item", .string("kale")), ("tap", .int(-7)), ("seed", .unsigned(UInt64.max)),
                    ("ok", .bool(true)), ("no", .bool(false)), ("delay", .duration(.milliseconds(249))),
                    ("latencyMs", .decimal(33_333, scale: 3)), ("whole", .decimal(-5, scale: 0)),
                    ("huge", .decimal(1, scale: 250)), ("shows", .list([.string("a"), .int(1), .list([])])),
                    ("empty", .string("")), ("min", .int(Int64.min)),
                ]),
            TraceEvent(
                time: at(5), kind: "link.send",
                fieldList: [("payload", .string(long)), ("item", .string("kale")), ("item", .string("eggs"))]),
            TraceEvent(time: at(6), kind: "watch.tap", fields: ["tap": 1, "item": "kale"]),
            TraceEvent(time: at(6), kind: "link.send", fieldList: [("payload", .string(long))]),
            TraceEvent(time: SimTime(nanoseconds: Int64.max), kind: "scenario.end"),
        ]
    }

    @Test func aTraceRoundTripsThroughTheColumns() {
        var log = TraceLog()
        for event in events { log.append(event) }
        #expect(Array(log) == events)
        #expect(log.count == events.count)
        for (position, event) in events.enumerated() {
            let stored = log[position]
            #expect(stored.fields.map(\.key) == event.fields.map(\.key), "field order of event \(position)")
            #expect(stored.time == event.time)
            #expect(stored.kind == event.kind)
        }
    }

    @Test func storedEventsAnswerFieldLookupsLikeTheOriginal() {
        let log = TraceLog(events)
        for (position, event) in events.enumerated() {
            for key in ["item", "tap", "payload", "huge", "shows", "missing"] {
                #expect(log[position][key] == event[key], "\(key) of event \(position)")
            }
        }
        #expect(log[2]["item"] == .string("kale"), "the first of two fields with one key")
    }

    @Test func eventsReadBackTheSameHoweverTheirStringsWereNumbered() {
        let forward = TraceLog(events)
        let reordered = TraceLog([TraceEvent(time: at(0), kind: "zzz", fields: ["q": "r"])] + events)
        #expect(Array(reordered.dropFirst()) == Array(forward), "ids differ, events are equal")
        #expect(!reordered.elementsEqual(forward))
    }

    @Test func aCopyKeepsItsEventsWhileTheOriginalGrowsPastAChunk() {
        var log = TraceLog()
        for index in 0..<5_000 {
            log.append(TraceEvent(time: at(Int64(index)), kind: "tick", fields: ["n": .int(Int64(index))]))
        }
        let copy = log
        for index in 5_000..<9_000 {
            log.append(TraceEvent(time: at(Int64(index)), kind: "tock", fields: ["n": .int(Int64(index))]))
        }
        #expect(copy.count == 5_000)
        #expect(log.count == 9_000)
        #expect(copy[4_999] == TraceEvent(time: at(4_999), kind: "tick", fields: ["n": 4_999]))
        #expect(log[8_999] == TraceEvent(time: at(8_999), kind: "tock", fields: ["n": 8_999]))
        #expect(log[4_096].fields[0].value == .int(4_096), "the first event of the second chunk")
    }

    /// Kinds whose events change their keys, key order, field count (past the remembered
    /// positions) and values from one event to the next: every event reads back as recorded.
    @Test(arguments: 0..<20)
    func eventsOfOneKindThatVaryReadBackAsRecorded(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let keys = ["item", "device", "op", "edit", "channel", "k5", "k6", "k7", "k8", "k9", "k10"]
        let values: [TraceValue] = [
            "kale", "eggs", "watch", "phone", .string(String(repeating: "long value ", count: 4)), 7, -1, true,
            .decimal(5, scale: 2), .duration(.seconds(3)), .list(["a"]), "",
        ]
        var events: [TraceEvent] = []
        for index in 0..<400 {
            let count = Int.random(in: 0...12, using: &rng)
            let fields = (0..<count).map { _ in
                (key: keys.randomElement(using: &rng) ?? "item", value: values.randomElement(using: &rng) ?? 0)
            }
            let kind = ["sync.made", "link.send", "watch.tap"].randomElement(using: &rng) ?? "sync.made"
            events.append(TraceEvent(time: at(Int64(index)), kind: kind, fieldList: fields))
        }
        var log = TraceLog()
        for event in events { log.append(event) }
        #expect(Array(log) == events, "seed \(seed)")
    }
}

extension TraceLog {
    /// A log of `events`, in order (the simulation appends one event at a time).
    fileprivate init(_ events: [TraceEvent]) {
        self.init()
        for event in events { append(event) }
    }
}
