import SimulationKernel
import Testing

@Suite struct DurationSyntaxTests {
    @Test(arguments: [
        ("90s", SimDuration.seconds(90)), ("1h30m", .minutes(90)), ("250ms", .milliseconds(250)),
        ("2m5.5s", .milliseconds(125_500)), ("1d", .days(1)), ("0s", .zero), ("1.25ms", .microseconds(1_250)),
        ("3us", .microseconds(3)), ("7ns", .nanoseconds(7)), ("1h0m1s", .seconds(3_601)),
    ])
    func parses(text: String, expected: SimDuration) throws {
        #expect(try DurationSyntax.parse(text) == expected)
    }

    @Test(arguments: [
        "", "-5s", "5", "s", "5 s", "5sec", "1.s", ".5s", "30m1h", "1s1s", "1h 30m", "+5s", "5S", "1..5s",
    ])
    func rejects(text: String) {
        #expect(throws: DurationSyntax.Failure.self) { try DurationSyntax.parse(text) }
    }

    /// Which failure a malformed or too large number names: a misplaced dot is malformed before
    /// the whole part is read, a whole part too large is too large before an empty fraction is.
    @Test(arguments: [
        (".5s", DurationSyntax.Failure.malformed(".5s")), ("5.s", .malformed("5.s")), ("1.2.3s", .malformed("1.2.3s")),
        ("1..2s", .malformed("1..2s")), (".s", .malformed(".s")),
        ("99999999999999999999.1.2s", .malformed("99999999999999999999.1.2s")),
        ("99999999999999999999.s", .tooLarge("99999999999999999999.s")),
        ("9223372036854775808ns", .tooLarge("9223372036854775808ns")),
        ("106751d23h47m16s854ms775us808ns", .tooLarge("106751d23h47m16s854ms775us808ns")),
    ])
    func namesTheFailure(text: String, failure: DurationSyntax.Failure) {
        #expect(throws: failure) { try DurationSyntax.parse(text) }
    }

    @Test func readsLongNumbersExactly() throws {
        #expect(try DurationSyntax.parse("9223372036854775807ns") == .nanoseconds(Int64.max))
        #expect(try DurationSyntax.parse("0007.0000000000000000001s") == .seconds(7))
        #expect(try DurationSyntax.parse("1.999999999999999999999s") == .nanoseconds(1_999_999_999))
    }

    @Test func rejectsOverflowInsteadOfCrashing() {
        #expect(throws: DurationSyntax.Failure.tooLarge("99999999999999999999d")) {
            try DurationSyntax.parse("99999999999999999999d")
        }
        #expect(throws: DurationSyntax.Failure.tooLarge("300000d")) { try DurationSyntax.parse("300000d") }
    }

    /// Property: rendering a duration and parsing it back gives the same duration.
    @Test func descriptionRoundTrips() throws {
        var rng = SplitMix64(seed: 7)
        for _ in 0..<2_000 {
            let duration = SimDuration(nanoseconds: Int64.random(in: 0...(86_400_000_000_000 * 3), using: &rng))
            #expect(try DurationSyntax.parse(duration.description) == duration, "\(duration.nanoseconds)")
        }
    }
}

@Suite struct EpochTimeTests {
    @Test func parsesUTCAndOffsets() throws {
        let utc = try EpochTime.parse("2026-11-21T09:00:00Z")
        #expect(utc.secondsSinceEpoch == 1_795_251_600)
        let paris = try EpochTime.parse("2026-11-21T10:00:00+01:00")
        #expect(paris.secondsSinceEpoch == utc.secondsSinceEpoch)
        #expect(paris.iso8601 == "2026-11-21T10:00:00+01:00")
        #expect(paris.timeOfDay == "10:00:00")
        #expect(try EpochTime.parse("2026-11-21T09:00Z").secondsSinceEpoch == utc.secondsSinceEpoch)
    }

    @Test func addingCrossesMidnightAndLeapDays() throws {
        let start = try EpochTime.parse("2028-02-28T23:30:00-05:00")
        #expect(start.adding(.hours(1)).iso8601 == "2028-02-29T00:30:00-05:00")
        #expect(start.adding(.days(2)).dateText == "2028-03-01")
    }

    @Test(arguments: [
        "2026-13-01T00:00:00Z", "2026-02-29T00:00:00Z", "2026-11-21", "2026-11-21T24:00:00Z", "2026-11-21T09:00:00",
        "2026-11-21T09:00:00+1", "21/11/2026 09:00", "2026-11-21T09:00:00Zjunk", "", "2026-11-21T09:60:00Z",
    ])
    func rejectsMalformedDates(text: String) {
        #expect(throws: EpochTime.Failure.self) { try EpochTime.parse(text) }
    }

    /// Property: formatting any instant and parsing it back is the identity.
    @Test func roundTrips() throws {
        var rng = SplitMix64(seed: 11)
        for _ in 0..<2_000 {
            let seconds = Int64.random(in: -2_000_000_000...5_000_000_000, using: &rng)
            let offset = Int32(
                Int.random(in: -14...14, using: &rng) * 3_600 + [0, 1_800, 2_700].randomElement(using: &rng)!)
            let time = EpochTime(secondsSinceEpoch: seconds, utcOffsetSeconds: offset)
            #expect(try EpochTime.parse(time.iso8601) == time, "\(seconds) \(offset)")
        }
    }
}

@Suite struct SplitMix64Tests {
    @Test func sameSeedSameStream() {
        var a = SplitMix64(seed: 42)
        var b = SplitMix64(seed: 42)
        for _ in 0..<100 { #expect(a.next() == b.next()) }
    }

    @Test func knownFirstOutput() {
        // Reference value of SplitMix64 seeded with 0 (Vigna's splitmix64.c).
        var rng = SplitMix64(seed: 0)
        #expect(rng.next() == 0xE220_A839_7B1D_CDAF)
    }

    @Test func drawsHaveTheRequestedShape() {
        var rng = SplitMix64(seed: 3)
        var sum = 0.0
        var hits = 0
        let draws = 200_000
        for _ in 0..<draws {
            let u = rng.uniform()
            #expect(u >= 0 && u < 1)
            sum += rng.exponential(mean: 30)
            if rng.bernoulli(0.05) { hits += 1 }
        }
        #expect(abs(sum / Double(draws) - 30) < 0.5, "exponential mean")
        #expect(abs(Double(hits) / Double(draws) - 0.05) < 0.003, "bernoulli rate")
    }

    @Test func splitStreamsAreIndependentOfLaterDraws() {
        var parent = SplitMix64(seed: 5)
        var child = parent.split(label: 1)
        let firstChildDraw = child.next()
        var parentAgain = SplitMix64(seed: 5)
        var childAgain = parentAgain.split(label: 1)
        _ = parentAgain.next()
        #expect(childAgain.next() == firstChildDraw)
        var base = SplitMix64(seed: 5)
        var other = base.split(label: 2)
        #expect(other.next() != firstChildDraw)
    }
}

@Suite struct EventLoopTests {
    @Test func advancesTimeAndNeverGoesBack() {
        var loop = EventLoop<String>()
        loop.schedule("b", after: .seconds(2))
        loop.schedule("a", after: .seconds(1))
        #expect(loop.next() == "a")
        #expect(loop.now == SimTime(offset: .seconds(1)))
        loop.schedule("late", at: .zero)
        #expect(loop.next() == "late", "an event scheduled in the past runs now")
        #expect(loop.now == SimTime(offset: .seconds(1)))
        #expect(loop.next() == "b")
        #expect(loop.next() == nil)
        #expect(loop.now == SimTime(offset: .seconds(2)), "with no limit, a queue run dry leaves the clock")
    }

    @Test func nextNotAfterStopsAtTheLimit() {
        var loop = EventLoop<Int>()
        loop.schedule(1, after: .seconds(5))
        #expect(loop.next(notAfter: SimTime(offset: .seconds(3))) == nil)
        #expect(loop.now == SimTime(offset: .seconds(3)))
        #expect(loop.next(notAfter: SimTime(offset: .seconds(5))) == 1)
    }
}
