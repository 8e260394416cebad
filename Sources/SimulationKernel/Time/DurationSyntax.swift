/// Parses the duration syntax used in scenario files and on the command line.
///
/// A duration is one or more `<number><unit>` parts, largest unit first, with units
/// `d`, `h`, `m`, `s`, `ms`, `us`, `ns`; the number may have a fraction (`"1.5s"`).
/// Examples: `"90s"`, `"1h30m"`, `"250ms"`, `"2m5.5s"`. An offset from the scenario start
/// is a duration with a leading `+` (`"+90s"`).
package enum DurationSyntax {
    /// Why a duration text was rejected; the message says what was expected.
    package enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        case empty
        case negative(String)
        case malformed(String)
        case unitsOutOfOrder(String)
        case tooLarge(String)

        package var description: String {
            switch self {
            case .empty:
                return "expected a duration such as \"90s\" or \"1h30m\", found an empty string"
            case .negative(let text):
                return "expected a non-negative duration, found \(Excerpt.quoted(text))"
            case .malformed(let text):
                return
                    "expected a duration such as \"90s\", \"250ms\" or \"1h30m\" (units d, h, m, s, ms, us, ns), found \(Excerpt.quoted(text))"
            case .unitsOutOfOrder(let text):
                return
                    "expected duration units from largest to smallest, each at most once, found \(Excerpt.quoted(text))"
            case .tooLarge(let text):
                return TimeOverflow("duration \(Excerpt.quoted(text))").description
            }
        }
    }

    private static let units: [(name: String, nanoseconds: Int64)] = [
        ("d", 86_400_000_000_000), ("h", 3_600_000_000_000), ("m", 60_000_000_000),
        ("s", 1_000_000_000), ("ms", 1_000_000), ("us", 1_000), ("ns", 1),
    ]

    /// Parses a duration such as `"1h30m"`.
    ///
    /// - Complexity: O(*n*) in the length of `text`.
    package static func parse(_ text: String) throws(Failure) -> SimDuration {
        if text.isEmpty { throw .empty }
        if text.hasPrefix("-") { throw .negative(text) }
        let chars = Array(text.utf8)
        var index = 0
        var total: Int64 = 0
        var lastUnitRank = -1
        while index < chars.count {
            let numberStart = index
            while index < chars.count, (chars[index] >= 48 && chars[index] <= 57) || chars[index] == 46 {
                index += 1
            }
            guard index > numberStart else { throw .malformed(text) }
            let number = chars[numberStart..<index]
            let unitStart = index
            while index < chars.count, (chars[index] >= 97 && chars[index] <= 122) { index += 1 }
            let unit = chars[unitStart..<index]
            guard let rank = units.firstIndex(where: { $0.name.utf8.elementsEqual(unit) }) else {
                throw .malformed(text)
            }
            guard rank > lastUnitRank else { throw .unitsOutOfOrder(text) }
            lastUnitRank = rank
            let part = try value(of: number, unit: units[rank].nanoseconds, text: text)
            let (sum, overflow) = total.addingReportingOverflow(part)
            if overflow { throw .tooLarge(text) }
            total = sum
        }
        return SimDuration(nanoseconds: total)
    }

    private static func value(of number: ArraySlice<UInt8>, unit: Int64, text: String) throws(Failure) -> Int64 {
        // `number` holds ASCII digits and dots: a whole part, then at most one dot and a fraction.
        let dot = number.firstIndex(of: 46)
        let whole = number[..<(dot ?? number.endIndex)]
        let digits = number[(dot.map { $0 + 1 } ?? number.endIndex)...]
        guard !whole.isEmpty, !digits.contains(46) else { throw .malformed(text) }
        var wholeValue: Int64 = 0
        for digit in whole {
            let (tens, overflow) = wholeValue.multipliedReportingOverflow(by: 10)
            let (sum, carry) = tens.addingReportingOverflow(Int64(digit - 48))
            if overflow || carry { throw .tooLarge(text) }
            wholeValue = sum
        }
        let (scaled, overflow) = wholeValue.multipliedReportingOverflow(by: unit)
        if overflow { throw .tooLarge(text) }
        guard dot != nil else { return scaled }
        guard !digits.isEmpty else { throw .malformed(text) }
        var fraction: Int64 = 0
        var scale = unit
        for digit in digits.prefix(18) {
            scale /= 10
            fraction += Int64(digit - 48) * scale
        }
        let (sum, fractionOverflow) = scaled.addingReportingOverflow(fraction)
        if fractionOverflow { throw .tooLarge(text) }
        return sum
    }
}
