import CompanionModel
import SimulationKernel

/// Typed reads of a located node. Every failure names the node's position and what was expected.
extension JSONNode {
    /// A string; `allowEmpty: false` rejects `""`.
    public func string(_ context: DecodingContext, allowEmpty: Bool = false) throws(ScenarioError) -> String {
        guard case .string(let text) = value else {
            throw context.error(self, "expected a string, found \(kindDescription)")
        }
        if !allowEmpty, text.isEmpty { throw context.error(self, "expected a non-empty string") }
        return text
    }

    /// A boolean.
    public func bool(_ context: DecodingContext) throws(ScenarioError) -> Bool {
        guard case .bool(let flag) = value else {
            throw context.error(self, "expected true or false, found \(kindDescription)")
        }
        return flag
    }

    /// A whole number within `range`.
    public func int(_ context: DecodingContext, in range: ClosedRange<Int> = Int.min...Int.max) throws(ScenarioError)
        -> Int
    {
        guard case .number(let text) = value else {
            throw context.error(self, "expected a whole number, found \(kindDescription)")
        }
        guard let number = Int(text), range.contains(number) else {
            let bounds = range == Int.min...Int.max ? "" : " from \(range.lowerBound) to \(range.upperBound)"
            throw context.error(self, "expected a whole number\(bounds), found \(text)")
        }
        return number
    }

    /// A whole number from 0 to 2⁶⁴−1 (seeds).
    public func uint64(_ context: DecodingContext) throws(ScenarioError) -> UInt64 {
        guard case .number(let text) = value, let number = UInt64(text) else {
            throw context.error(self, "expected a whole number from 0 to 18446744073709551615, found \(describe)")
        }
        return number
    }

    /// A number within `range` (for probabilities, factors).
    public func double(_ context: DecodingContext, in range: ClosedRange<Double>) throws(ScenarioError) -> Double {
        guard case .number(let text) = value, let number = Double(text), number.isFinite, range.contains(number) else {
            throw context.error(
                self, "expected a number from \(range.lowerBound) to \(range.upperBound), found \(describe)")
        }
        return number
    }

    /// An array (of any length unless `nonEmpty`).
    public func array(_ context: DecodingContext, nonEmpty: Bool = false) throws(ScenarioError) -> [JSONNode] {
        guard case .array(let elements) = value else {
            throw context.error(self, "expected an array, found \(kindDescription)")
        }
        if nonEmpty, elements.isEmpty { throw context.error(self, "expected a non-empty array") }
        return elements
    }

    /// A duration such as `"90s"` or `"1h30m"` (non-negative).
    public func duration(_ context: DecodingContext) throws(ScenarioError) -> SimDuration {
        let text = try string(context)
        do {
            return try DurationSyntax.parse(text.hasPrefix("+") ? String(text.dropFirst()) : text)
        } catch {
            throw context.error(self, error.description)
        }
    }

    /// A point in time: an offset from the scenario start (`"+1h30m"`) or an ISO 8601 date
    /// at or after the start.
    public func time(_ context: DecodingContext) throws(ScenarioError) -> SimTime {
        let text = try string(context)
        if text.hasPrefix("+") {
            do {
                return SimTime(offset: try DurationSyntax.parse(String(text.dropFirst())))
            } catch {
                throw context.error(self, error.description + " after '+'")
            }
        }
        if text.hasPrefix("-") {
            throw context.error(
                self, "expected a time at or after the scenario start, found the negative offset \"\(text)\"")
        }
        guard let start = context.start else {
            throw context.error(self, "expected an offset such as \"+90s\" (the scenario has no valid start date)")
        }
        let date: EpochTime
        do {
            date = try EpochTime.parse(text)
        } catch {
            throw context.error(
                self, "expected an offset such as \"+90s\" or " + error.description.dropFirst("expected ".count))
        }
        let seconds = date.secondsSinceEpoch - start.secondsSinceEpoch
        guard seconds >= 0 else {
            throw context.error(
                self, "expected a time at or after the scenario start (\(start.iso8601)), found \(text)")
        }
        guard seconds < Int64.max / 1_000_000_000 else {
            throw context.error(self, "time \(text) is too far in the future")
        }
        return SimTime(nanoseconds: seconds * 1_000_000_000)
    }

    /// An item identifier that is on the list.
    public func itemReference(_ context: DecodingContext) throws(ScenarioError) -> ItemID {
        let id = try string(context)
        guard context.itemIDs.contains(id) else {
            var message = "unknown item \"\(id)\"; expected the id of an item in \"items\""
            if let suggestion = Suggestion.closest(to: id, in: context.itemIDs.sorted()) {
                message += " (did you mean \"\(suggestion)\"?)"
            }
            throw context.error(self, message)
        }
        return id
    }

    /// The value as written, for error messages.
    var describe: String {
        switch value {
        case .number(let text): return text
        case .string(let text): return JSONText.quoted(text)
        default: return kindDescription
        }
    }
}
