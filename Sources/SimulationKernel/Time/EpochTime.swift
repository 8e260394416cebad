/// A civil date and time with a UTC offset, used only at the simulation's edges:
/// parsing a scenario's ISO 8601 dates and printing reports.
///
/// WristSim does its own calendar arithmetic (proleptic Gregorian, no leap seconds) so that
/// output never depends on the machine's locale, time zone or Foundation version.
package struct EpochTime: Hashable, Sendable {
    /// Seconds since 1970-01-01T00:00:00Z.
    package var secondsSinceEpoch: Int64
    /// The UTC offset the date was written with, in seconds; reports print times in it.
    package var utcOffsetSeconds: Int32

    package init(secondsSinceEpoch: Int64, utcOffsetSeconds: Int32 = 0) {
        self.secondsSinceEpoch = secondsSinceEpoch
        self.utcOffsetSeconds = utcOffsetSeconds
    }

    /// Why an ISO 8601 text was rejected.
    package struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        package var text: String
        package var description: String {
            "expected an ISO 8601 date-time such as \"2026-11-21T09:00:00Z\" or \"2026-11-21T09:00:00+01:00\", found \"\(text)\""
        }
    }

    /// Parses `YYYY-MM-DDTHH:MM[:SS]` followed by `Z` or `±HH:MM`.
    ///
    /// - Complexity: O(*n*) in the length of `text`.
    package static func parse(_ text: String) throws(Failure) -> EpochTime {
        let bytes = Array(text.utf8)
        var index = 0
        func number(_ digits: Int) -> Int? {
            guard index + digits <= bytes.count else { return nil }
            var value = 0
            for offset in 0..<digits {
                let byte = bytes[index + offset]
                guard byte >= 48, byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            index += digits
            return value
        }
        func expect(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }
        guard let year = number(4), expect(45), let month = number(2), expect(45), let day = number(2),
            index < bytes.count, bytes[index] == 84 || bytes[index] == 32
        else { throw Failure(text: text) }
        index += 1
        guard let hour = number(2), expect(58), let minute = number(2) else { throw Failure(text: text) }
        var second = 0
        if expect(58) {
            guard let parsed = number(2) else { throw Failure(text: text) }
            second = parsed
        }
        var offset = 0
        if expect(90) {
            offset = 0
        } else if index < bytes.count, bytes[index] == 43 || bytes[index] == 45 {
            let sign = bytes[index] == 45 ? -1 : 1
            index += 1
            guard let offsetHours = number(2), expect(58), let offsetMinutes = number(2),
                offsetHours < 24, offsetMinutes < 60
            else { throw Failure(text: text) }
            offset = sign * (offsetHours * 3_600 + offsetMinutes * 60)
        } else {
            throw Failure(text: text)
        }
        guard index == bytes.count, (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year),
            hour < 24, minute < 60, second < 60
        else { throw Failure(text: text) }
        let days = daysFromCivil(year: year, month: month, day: day)
        let local = Int64(days) * 86_400 + Int64(hour * 3_600 + minute * 60 + second)
        return EpochTime(secondsSinceEpoch: local - Int64(offset), utcOffsetSeconds: Int32(offset))
    }

    /// The instant `duration` later, keeping the UTC offset (sub-second parts are dropped).
    package func adding(_ duration: SimDuration) -> EpochTime {
        EpochTime(
            secondsSinceEpoch: secondsSinceEpoch + duration.nanoseconds / 1_000_000_000,
            utcOffsetSeconds: utcOffsetSeconds)
    }

    /// The local civil fields in the date's own UTC offset.
    package var civil: (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
        let local = secondsSinceEpoch + Int64(utcOffsetSeconds)
        var days = local / 86_400
        var seconds = local % 86_400
        if seconds < 0 { seconds += 86_400; days -= 1 }
        let (year, month, day) = EpochTime.civilFromDays(Int(days))
        return (year, month, day, Int(seconds / 3_600), Int(seconds % 3_600 / 60), Int(seconds % 60))
    }

    /// `"2026-11-21T09:00:00Z"` or `"2026-11-21T09:00:00+01:00"`.
    package var iso8601: String { text(offset: true) }

    /// `"09:00:00"`: the local wall-clock time of day.
    package var timeOfDay: String { text(date: false) }

    /// `"2026-11-21"`: the local date.
    package var dateText: String { text(time: false) }

    /// The local date and time of day as one text, its digits written straight into the text's
    /// one buffer (reports print hundreds of thousands of instants): the date `2026-11-21`, then
    /// `separator` when both are written, the time `09:00:00` with `.250` when `milliseconds` is
    /// given, and the UTC offset (`Z`, `+01:00`, `-05:30`) when `offset`. Every number is padded
    /// with zeros to its width (four for the year, three for milliseconds, else two); a year
    /// before 0 keeps its sign after the zeros.
    package func text(
        date: Bool = true, time: Bool = true, separator: Character = "T", milliseconds: Int? = nil,
        offset: Bool = false
    ) -> String {
        let c = civil
        var capacity = 0
        if date { capacity += (0...9_999).contains(c.year) ? 10 : 26 }
        if date && time { capacity += separator.utf8.count }
        if time { capacity += 8 + (milliseconds.map { (0...999).contains($0) ? 4 : 22 } ?? 0) }
        if offset { capacity += utcOffsetSeconds == 0 ? 1 : 16 }
        // Exactly the length in the usual case, so a time of day alone is a small string (no allocation).
        return String(unsafeUninitializedCapacity: capacity) { buffer in
            var count = 0
            func put(_ byte: UInt8) {
                buffer[count] = byte
                count += 1
            }
            func padded(_ value: Int, _ width: Int) {
                if value < 0 {
                    let digits = String(value).utf8
                    for _ in digits.count..<max(digits.count, width) { put(UInt8(ascii: "0")) }
                    for byte in digits { put(byte) }
                    return
                }
                var length = 1
                var rest = value
                while rest >= 10 {
                    rest /= 10
                    length += 1
                }
                for _ in length..<max(length, width) { put(UInt8(ascii: "0")) }
                rest = value
                for index in stride(from: count + length - 1, through: count, by: -1) {
                    buffer[index] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                }
                count += length
            }
            if date {
                padded(c.year, 4)
                put(UInt8(ascii: "-"))
                padded(c.month, 2)
                put(UInt8(ascii: "-"))
                padded(c.day, 2)
                if time { for byte in separator.utf8 { put(byte) } }
            }
            if time {
                padded(c.hour, 2)
                put(UInt8(ascii: ":"))
                padded(c.minute, 2)
                put(UInt8(ascii: ":"))
                padded(c.second, 2)
                if let milliseconds {
                    put(UInt8(ascii: "."))
                    padded(milliseconds, 3)
                }
            }
            if offset {
                let seconds = Int(utcOffsetSeconds)
                if seconds == 0 {
                    put(UInt8(ascii: "Z"))
                } else {
                    put(UInt8(ascii: seconds < 0 ? "-" : "+"))
                    padded(abs(seconds) / 3_600, 2)
                    put(UInt8(ascii: ":"))
                    padded(abs(seconds) % 3_600 / 60, 2)
                }
            }
            return count
        }
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Howard Hinnant's days-from-civil algorithm.
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func civilFromDays(_ days: Int) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
