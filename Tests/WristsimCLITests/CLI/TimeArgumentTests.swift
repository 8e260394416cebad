import SimulationKernel
import Testing

@testable import wristsim

/// `--at` values (``TimeArgument``): an offset, a time of day on the start day or a date-time,
/// at or after the scenario's start and within the scenario range.
@Suite struct TimeArgumentTests {
    @Test(arguments: ["+2h", "11:00", "2026-11-21T11:00:00+01:00", "2026-11-21T10:00:00Z"])
    func atTimesParse(text: String) throws {
        let start = try EpochTime.parse("2026-11-21T09:00:00+01:00")
        #expect(TimeArgument.parse(text, start: start) == SimTime(offset: .hours(2)))
    }

    @Test(arguments: ["08:59", "25:00", "9:00", "soon", "2026-11-21T07:00:00Z"])
    func badAtTimesAreRejected(text: String) throws {
        let start = try EpochTime.parse("2026-11-21T09:00:00+01:00")
        #expect(TimeArgument.parse(text, start: start) == nil)
    }

    /// `--at` a date 374 years after the start trapped in `timeline` and `reminders`.
    @Test func atArgumentFarBeyondTheStartIsRejected() throws {
        let start = try EpochTime.parse("2026-11-21T09:00:00Z")
        #expect(TimeArgument.parse("2400-01-01T00:00:00Z", start: start) == nil)
        #expect(TimeArgument.parse("9999-12-31T23:59:59Z", start: start) == nil)
        #expect(TimeArgument.parse("+36526d", start: start) == nil)
        #expect(TimeArgument.parse("+1h", start: start) == SimTime(offset: .hours(1)))
    }
}
