import SimulationKernel
import Testing

/// Issue #15, "arithmetic traps": sums and products of user times report an overflow, never trap.
@Suite struct CheckedTimeTests {
    /// `"+9223372036.9s"`: the whole seconds fit, the fraction pushed the sum past Int64 (a trap
    /// before).
    @Test(arguments: ["9223372036.9s", "9223372036s854775808ns", "106751d23h47m16.9s", "106751d23h47m17s"])
    func fractionalDurationNearTheLimitIsTooLarge(text: String) {
        #expect(throws: DurationSyntax.Failure.tooLarge(text)) { try DurationSyntax.parse(text) }
    }

    @Test func theLargestDurationStillParses() throws {
        #expect(try DurationSyntax.parse("9223372036.854775807s") == SimDuration(nanoseconds: .max))
    }

    @Test func overflowMessagesNameTheLargestTime() {
        let message = DurationSyntax.Failure.tooLarge("9223372036.9s").description
        #expect(message.contains("exceeds the largest time, +106751d23h47m16.854775807s"), "\(message)")
    }

    @Test func checkedOperationsThrowWhereOperatorsWouldTrap() throws {
        let big = SimDuration(nanoseconds: .max - 1)
        #expect(throws: TimeOverflow.self) { try big.adding(.seconds(1)) }
        #expect(throws: TimeOverflow.self) { try SimDuration.days(100_000).multiplied(by: 2) }
        #expect(throws: TimeOverflow.self) { try SimDuration.days(100_000).checkedScaled(by: 2.5) }
        #expect(throws: TimeOverflow.self) { try SimDuration.checkedSeconds(.max / 10) }
        #expect(throws: TimeOverflow.self) { try SimTime(nanoseconds: .max - 5).adding(.seconds(1)) }
        #expect(throws: TimeOverflow.self) { try big.adding(big) }
        #expect(try SimDuration.seconds(2).checkedScaled(by: 2.5) == .seconds(5))
        #expect(try SimTime.zero.adding(.minutes(3)) == SimTime(offset: .minutes(3)))
    }

    /// The unchecked scale (used by the pipeline at run time) saturates instead of trapping.
    @Test func uncheckedScaleSaturates() {
        #expect(SimDuration.days(100_000).scaled(by: 2.5) == SimDuration(nanoseconds: .max))
        #expect(SimDuration.days(-100_000).scaled(by: 2.5) == SimDuration(nanoseconds: .min))
    }

    @Test func excerptsAreBounded() {
        let long = String(repeating: "9", count: 1_000_000)
        let quoted = Excerpt.quoted(long)
        #expect(quoted.count < 80, "\(quoted)")
        #expect(quoted.hasSuffix("… (1000000 characters)") || quoted.contains("…\" (1000000 characters)"))
        #expect(Excerpt.quoted("kale") == "\"kale\"")
    }
}
