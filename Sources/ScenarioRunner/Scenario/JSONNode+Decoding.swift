import CompanionModel
import SimulationKernel

/// Typed reads of a located node. Every failure names the node's position and what was expected.
extension JSONNode {
    /// A string; `allowEmpty: false` rejects `""`.
    package func string(_ context: DecodingContext, allowEmpty: Bool = false) throws(ScenarioError) -> String {
        guard case .string(let text) = value else {
            throw context.error(self, "expected a string, found \(kindDescription)")
        }
        if !allowEmpty, text.isEmpty { throw context.error(self, "expected a non-empty string") }
        return text
    }

    /// A boolean.
    package func bool(_ context: DecodingContext) throws(ScenarioError) -> Bool {
        guard case .bool(let flag) = value else {
            throw context.error(self, "expected true or false, found \(kindDescription)")
        }
        return flag
    }

    /// A whole number within `range` (`0...UInt64.max` for a seed); the error names the range.
    package func int<Number: FixedWidthInteger>(_ context: DecodingContext, in range: ClosedRange<Number>)
        throws(ScenarioError) -> Number
    {
        guard case .number(let text) = value, let number = Number(text), range.contains(number) else {
            throw context.error(
                self, "expected a whole number from \(range.lowerBound) to \(range.upperBound), found \(describe)")
        }
        return number
    }

    /// A number within `range` (for probabilities, factors).
    package func double(_ context: DecodingContext, in range: ClosedRange<Double>) throws(ScenarioError) -> Double {
        guard case .number(let text) = value, let number = Double(text), number.isFinite, range.contains(number) else {
            throw context.error(
                self, "expected a number from \(range.lowerBound) to \(range.upperBound), found \(describe)")
        }
        return number
    }

    /// The value of the name the node spells, one of `choices`, or a located error listing them
    /// (`unknown rules "x"; expected one of: "clockKit", "widgetKit"`).
    package func choice<Value>(_ what: String, _ context: DecodingContext, _ choices: KeyValuePairs<String, Value>)
        throws(ScenarioError) -> Value
    {
        let text = try string(context)
        if let match = choices.first(where: { $0.key == text }) { return match.value }
        throw context.error(self, Suggestion.unknown(what, text, among: choices.map(\.key)))
    }

    /// The case of `Value` whose raw value the node spells (`what` names it), or a located error
    /// listing every case (`unknown api "x"; expected one of: "legacy", "userNotifications"`).
    package func named<Value: RawRepresentable<String> & CaseIterable>(_ what: String, _ context: DecodingContext)
        throws(ScenarioError) -> Value
    {
        let text = try string(context)
        guard let value = Value(rawValue: text) else {
            throw context.error(self, Suggestion.unknown(what, text, among: Value.allCases.map(\.rawValue)))
        }
        return value
    }

    /// An array (of any length unless `nonEmpty`).
    package func array(_ context: DecodingContext, nonEmpty: Bool = false) throws(ScenarioError) -> [JSONNode] {
        guard case .array(let elements) = value else {
            throw context.error(self, "expected an array, found \(kindDescription)")
        }
        if nonEmpty, elements.isEmpty { throw context.error(self, "expected a non-empty array") }
        return elements
    }

    /// A duration such as `"90s"` or `"1h30m"` (non-negative, at most
    /// ``ScenarioLimits/maximumSpan``).
    package func duration(_ context: DecodingContext) throws(ScenarioError) -> SimDuration {
        let text = try string(context)
        let duration = try context.located(self) { () throws(DurationSyntax.Failure) in
            try DurationSyntax.parse(text.hasPrefix("+") ? String(text.dropFirst()) : text)
        }
        guard duration <= ScenarioLimits.maximumSpan else {
            throw context.error(
                self,
                "duration \(Excerpt.quoted(text)) is longer than a scenario may span; "
                    + "expected at most \(ScenarioLimits.maximumSpanText)")
        }
        return duration
    }

    /// A point in time: an offset from the scenario start (`"+1h30m"`) or an ISO 8601 date
    /// at or after the start, and at most ``ScenarioLimits/maximumSpan`` after it.
    package func time(_ context: DecodingContext) throws(ScenarioError) -> SimTime {
        let text = try string(context)
        if text.hasPrefix("+") {
            let offset = try context.located(self, { $0 + " after '+'" }) { () throws(DurationSyntax.Failure) in
                try DurationSyntax.parse(String(text.dropFirst()))
            }
            return try context.withinRange(SimTime(offset: offset), self, written: text)
        }
        if text.hasPrefix("-") {
            throw context.error(
                self,
                "expected a time at or after the scenario start, found the negative offset \(Excerpt.quoted(text))")
        }
        guard let start = context.start else {
            throw context.error(self, "expected an offset such as \"+90s\" (the scenario has no valid start date)")
        }
        let date = try context.located(
            self, { "expected an offset such as \"+90s\" or " + $0.dropFirst("expected ".count) }
        ) {
            () throws(EpochTime.Failure) in try EpochTime.parse(text)
        }
        let seconds = date.secondsSinceEpoch - start.secondsSinceEpoch
        guard seconds >= 0 else {
            throw context.error(
                self, "expected a time at or after the scenario start (\(start.iso8601)), found \(Excerpt.quoted(text))"
            )
        }
        // Beyond the range is reported as such even where the offset would not fit in time.
        let offset = (try? SimDuration.checkedSeconds(seconds)) ?? SimDuration(nanoseconds: .max)
        return try context.withinRange(SimTime(offset: offset), self, written: text)
    }

    /// `text` read as a scenario file's time is (``time(_:)``) in a scenario starting at `start`
    /// (the command line's `--at`), or `nil` when it is not such a time.
    package static func time(_ text: String, start: EpochTime) -> SimTime? {
        let node = JSONNode(value: .string(text), location: SourceLocation(line: 1, column: 1), jsonPath: .root)
        return try? node.time(DecodingContext(file: "--at", start: start))
    }

    /// An item identifier that is on the list.
    package func itemReference(_ context: DecodingContext) throws(ScenarioError) -> ItemID {
        let id = try string(context)
        if context.itemKeys[id] != nil { return id }
        let suggestion = context.suggests ? Suggestion.closest(to: id, in: context.itemKeys.keys.sorted()) : nil
        throw context.error(
            self,
            Suggestion.unknown(
                "item", id, expected: "the id of an item in \"items\"", suggestions: suggestion.map { [$0] } ?? []))
    }

    /// The value as written, for error messages.
    var describe: String {
        switch value {
        case .number(let text): return Excerpt.plain(text)
        case .string(let text): return Excerpt.quoted(text)
        default: return kindDescription
        }
    }
}

extension DecodingContext {
    /// `time`, or a located error at `node` when it is beyond the scenario range
    /// (``ScenarioLimits/maximumSpan`` after the start).
    package func withinRange(_ time: SimTime, _ node: JSONNode, written text: String? = nil) throws(ScenarioError)
        -> SimTime
    {
        guard time >= .zero, time.offset <= ScenarioLimits.maximumSpan else {
            let what = text.map { "time \(Excerpt.quoted($0))" } ?? "time \(time)"
            throw error(
                node,
                "\(what) is beyond the scenario range; expected at most \(ScenarioLimits.maximumSpanText) after the start"
            )
        }
        return time
    }

    /// `time + duration` within the scenario range, or a located error at `node`.
    package func adding(_ duration: SimDuration, to time: SimTime, _ node: JSONNode) throws(ScenarioError) -> SimTime {
        let sum = try located(node) { () throws(TimeOverflow) in try time.adding(duration) }
        return try withinRange(sum, node)
    }
}
