import SimulationKernel
import Testing

/// ``EpochTime/text(date:time:separator:milliseconds:offset:)`` writes its digits straight into
/// the text's buffer: compared over many seeds with a reference put together from ``EpochTime/civil``
/// with `String` padding (years from before 0 to past 9999, odd offsets, milliseconds of every
/// width). A failure names its seed.
@Suite struct EpochTimeTextTests {
    /// `String(value)` padded with leading zeros to `width`.
    static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }

    static func reference(
        _ time: EpochTime, date: Bool, time showsTime: Bool, separator: Character, milliseconds: Int?, offset: Bool
    ) -> String {
        let c = time.civil
        var text = ""
        if date { text += pad(c.year, 4) + "-" + pad(c.month, 2) + "-" + pad(c.day, 2) }
        if date && showsTime { text.append(separator) }
        if showsTime {
            text += pad(c.hour, 2) + ":" + pad(c.minute, 2) + ":" + pad(c.second, 2)
            if let milliseconds { text += "." + pad(milliseconds, 3) }
        }
        if offset {
            let seconds = Int(time.utcOffsetSeconds)
            text +=
                seconds == 0
                ? "Z"
                : (seconds < 0 ? "-" : "+") + pad(abs(seconds) / 3_600, 2) + ":" + pad(abs(seconds) % 3_600 / 60, 2)
        }
        return text
    }

    @Test(arguments: 0..<50) func textIsTheCivilFieldsPadded(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        for _ in 0..<200 {
            let range: ClosedRange<Int64> = [
                -2_000_000_000...5_000_000_000, -80_000_000_000...(-62_000_000_000), 250_000_000_000...400_000_000_000,
            ][Int(rng.next() % 3)]
            let offset = Int32(
                Int.random(in: -14...14, using: &rng) * 3_600 + [0, 1_800, 2_700, 59].randomElement(using: &rng)!)
            let time = EpochTime(secondsSinceEpoch: Int64.random(in: range, using: &rng), utcOffsetSeconds: offset)
            let (date, showsTime, withOffset) = (rng.next() % 2 == 0, rng.next() % 4 != 0, rng.next() % 2 == 0)
            let separator: Character = ["T", " ", "·"][Int(rng.next() % 3)]
            let milliseconds = [nil, 0, 7, 250, 999, 1_234, -5][Int(rng.next() % 7)]
            let expected = Self.reference(
                time, date: date, time: showsTime, separator: separator, milliseconds: milliseconds, offset: withOffset)
            let written = time.text(
                date: date, time: showsTime, separator: separator, milliseconds: milliseconds, offset: withOffset)
            #expect(written == expected, "seed \(seed): \(time.secondsSinceEpoch) \(offset)")
        }
    }

    @Test func theNamedFormsKeepTheirShape() {
        let time = EpochTime(secondsSinceEpoch: 1_795_251_600, utcOffsetSeconds: 3_600)
        #expect(time.iso8601 == "2026-11-21T10:00:00+01:00")
        #expect(time.dateText == "2026-11-21")
        #expect(time.timeOfDay == "10:00:00")
        #expect(time.text(separator: " ", milliseconds: 5) == "2026-11-21 10:00:00.005")
    }
}
