import SimulationKernel
import Testing

/// One way to print durations (issue #37: `10.75s` beside `8916.6ms` in one column, `66.6` for
/// 66.667, `14m0.102s` beside `9m0.356435708s`).
@Suite struct DurationFormatTests {
    @Test(arguments: [
        (SimDuration.nanoseconds(16_666_667), "16.667 ms"),
        (.milliseconds(980), "980.000 ms"),
        (.nanoseconds(2_033_333_333), "2.033 s"),
        (.milliseconds(10_200), "10.200 s"),
        (.nanoseconds(540_356_435_708), "9m0.356s"),
        (.seconds(5 * 3_600 + 30 * 60), "5h30m0.000s"),
        (.zero, "0.000 ms"),
    ])
    func aDurationAloneTakesTheUnitItsSizeCallsFor(duration: SimDuration, text: String) {
        #expect(DurationFormat.text(duration) == text)
    }

    @Test func aColumnHasOneUnitAndOnePrecision() {
        // `10.75s` beside `8916.6ms` in one column before.
        let column = DurationFormat.column([
            .milliseconds(10_750), .nanoseconds(8_916_600_000), .nanoseconds(16_666_667),
        ])
        #expect(column == ["10.750 s", "8.917 s", "0.017 s"])
        let small = DurationFormat.column([.nanoseconds(66_666_667), .nanoseconds(16_666_667)])
        #expect(small == ["66.667 ms", "16.667 ms"])
    }

    @Test func longDurationsKeepTheMillisecondAndNoMore() {
        // `9m0.356435708s` before.
        #expect(
            DurationFormat.column([.nanoseconds(840_102_000_000), .nanoseconds(540_356_435_708)]) == [
                "14m0.102s", "9m0.356s",
            ])
    }

    @Test func negativeDurationsKeepTheirSign() {
        #expect(DurationFormat.text(.milliseconds(-250)) == "-250.000 ms")
    }

    /// One rounding rule for milliseconds: JSON printed `16.666` where the text of the same run
    /// printed `16.667 ms` (JSON truncated, text rounded half away from zero).
    @Test(arguments: [
        (Int64(16_666_667), "16.667"), (16_666_500, "16.667"), (16_666_499, "16.666"),
        (-16_666_500, "-16.667"), (-16_666_499, "-16.666"), (540_356_435_708, "540356.436"),
    ])
    func jsonMillisecondsRoundAsTheTextDoes(nanoseconds: Int64, json: String) {
        let duration = SimDuration.nanoseconds(nanoseconds)
        #expect(JSONValue.milliseconds(duration).compact == json)
        #expect(DurationFormat.text(duration, unit: .milliseconds) == json + " ms")
    }
}

/// The trace's durations: one format, to the millisecond (`delay=14m0.102s` beside
/// `delay=9m0.356435708s` and `delay=256ms` before).
@Suite struct TraceDurationTextTests {
    @Test(arguments: [
        (SimDuration.milliseconds(256), "0.256s"),
        (.nanoseconds(540_356_435_708), "9m0.356s"),
        (.nanoseconds(840_102_000_000), "14m0.102s"),
        (.seconds(30), "30.000s"),
        (.zero, "0.000s"),
    ])
    func everyTracedDurationHasTheMillisecondAndNoMore(duration: SimDuration, text: String) {
        #expect(TraceValue.duration(duration).text == text)
    }

    @Test func jsonKeepsMilliseconds() {
        #expect(JSONValue(TraceValue.duration(.nanoseconds(540_356_435_708))).compact == "540356.436")
    }
}

/// Instants printed as offsets from the start (`askedFor=+10h17m4.016229759s` before).
@Suite struct DurationFormatOffsetTests {
    @Test(arguments: [
        (SimTime(nanoseconds: 37_024_016_229_759), "+10h17m4.016s"),
        (SimTime(nanoseconds: 15_060_013_333_334), "+4h11m0.013s"),
        (SimTime.zero, "+0.000s"),
    ])
    func anInstantIsItsOffsetToTheMillisecond(time: SimTime, text: String) {
        #expect(DurationFormat.offset(time) == text)
    }
}
