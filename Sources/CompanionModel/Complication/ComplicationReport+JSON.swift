import SimulationKernel

extension ComplicationReport {
    /// The version of the JSON shape below; bump it when the shape changes.
    public static let jsonVersion = 1

    /// The machine-readable report, one JSON object, keys in a fixed order:
    ///
    /// ```json
    /// {"version":1,"families":["circular"],"start":"…","end":"…",
    ///  "entries":[{"at":"…","family":"circular","text":"3","source":"app","suppliedAt":"…"}],
    ///  "reloads":[{"at":"…","source":"app","kind":"reload","granted":false,"reason":"budgetExhausted",
    ///              "budgetLeft":0,"transfersLeft":50,"nextReset":"…","retryAt":null}],
    ///  "resets":["…"],
    ///  "staleness":{"circular":{"totalSeconds":120.000,"maxSeconds":60.000,"spans":[{"from":"…","to":"…","shown":"4","truth":"3"}]}}}
    /// ```
    ///
    /// Times are ISO 8601 when the scenario has a start date, else offsets (`"+1h30m"`).
    public var json: String {
        var object = JSONObjectText()
        object.add("version", .int(Int64(ComplicationReport.jsonVersion)))
        object.addRaw("families", families.map { JSONText.quoted($0.rawValue) }.jsonArray)
        object.add("start", .string(clock.stamp(start)))
        object.add("end", .string(clock.stamp(end)))
        object.addRaw("entries", entries.map(entryJSON).jsonArray)
        object.addRaw("reloads", records.map(recordJSON).jsonArray)
        object.addRaw("resets", model.resets.filter { $0 <= end }.map { JSONText.quoted(clock.stamp($0)) }.jsonArray)
        var stale = JSONObjectText()
        for family in staleness { stale.addRaw(family.family.rawValue, stalenessJSON(family)) }
        object.addRaw("staleness", stale.text)
        return object.text
    }

    private func entryJSON(_ line: EntryLine) -> String {
        var object = JSONObjectText()
        object.add("at", .string(clock.stamp(line.at)))
        object.add("family", .string(line.family.rawValue))
        object.add("text", .string(line.text))
        object.add("source", .string(line.source.rawValue))
        object.add("suppliedAt", .string(clock.stamp(line.reloadedAt)))
        return object.text
    }

    private func recordJSON(_ record: ComplicationRequestRecord) -> String {
        var object = JSONObjectText()
        object.add("at", .string(clock.stamp(record.at)))
        object.add("source", .string(record.source.rawValue))
        object.add("kind", .string(record.kind.rawValue))
        object.add("granted", .bool(record.outcome.isGranted))
        object.add("reason", record.outcome.refusal.map { TraceValue.string($0.rawValue) })
        object.add("charged", .bool(record.outcome == .granted(.charged)))
        object.add("budgetLeft", .int(Int64(record.budgetLeft)))
        object.add("transfersLeft", .int(Int64(record.transfersLeft)))
        object.add("nextReset", .string(clock.stamp(record.nextReset)))
        object.add("retryAt", record.retryAt.map { TraceValue.string(clock.stamp($0)) })
        return object.text
    }

    private func stalenessJSON(_ family: ComplicationStaleness) -> String {
        var object = JSONObjectText()
        object.add("totalSeconds", .decimal(family.totalStale.nanoseconds / 1_000_000, scale: 3))
        object.add("maxSeconds", .decimal(family.maxStale.nanoseconds / 1_000_000, scale: 3))
        let spans = family.spans.map { span -> String in
            var item = JSONObjectText()
            item.add("from", .string(clock.stamp(span.from)))
            item.add("to", .string(clock.stamp(span.to)))
            item.add("seconds", .decimal(span.duration.nanoseconds / 1_000_000, scale: 3))
            item.add("shown", .string(span.shown))
            item.add("truth", .string(span.truth))
            return item.text
        }
        object.addRaw("spans", spans.jsonArray)
        return object.text
    }
}
