import SimulationKernel
import Testing

@testable import ScenarioRunner

/// The fault draws depend on no C library: their log-uniform values use ``PortableMath``, so a
/// seed draws the same faults on every machine. The expected values here were worked out apart
/// from the code: SplitMix64 re-implemented with whole numbers, and `low · (high/low)^u` computed
/// exactly (60 significant digits) for each drawn `u` before truncating to whole milliseconds;
/// every value pinned lies at least 0.001 ms from a whole millisecond, far beyond the few units
/// in the last place the portable functions may be off by, so the exact answer is the only right one.
@Suite struct ExploreDrawTests {
    static func at(_ milliseconds: Int64) -> SimTime { .zero + .milliseconds(milliseconds) }

    /// `low · (high/low)^fraction` at fractions whose answers are known in closed form, within
    /// 10⁻¹³ of the exact value (an error in the logarithm is multiplied by up to ln 1800 ≈ 7.5).
    @Test(arguments: [
        (0.0, 1_000.0, 1_200_000.0, 1_000.0),
        (0.0, 50.0, 6_400.0, 50.0),
        (0.5, 1_000.0, 1_200_000.0, 34_641.016_151_377_545_870_5),  // 1000·√1200
        (0.25, 50.0, 6_400.0, 168.179_283_050_742_908_606),  // 50·2^(7/4)
        (0.5, 50.0, 6_400.0, 565.685_424_949_238_019_52),  // 50·√128
        (0.75, 1_000.0, 1_800_000.0, 276_346.761_095_814_424_3),  // 1000·1800^(3/4)
        (0.125, 1_000.0, 300_000.0, 2_040.046_923_550_489_613),  // 1000·300^(1/8)
    ])
    func logUniformMatchesItsClosedForm(fraction: Double, low: Double, high: Double, exact: Double) {
        let value = ExploreDraw.logUniform(fraction, from: low, to: high)
        #expect(abs(value - exact) <= exact * 1e-13, "\(value) against \(exact)")
        #expect(Int64(value) == Int64(exact), "the whole milliseconds a draw keeps")
    }

    /// Whole draws of three seeds (a scenario of one hour with reminders), fault by fault.
    @Test func threeSeedsDrawExactlyTheseFaults() {
        let at = ExploreDrawTests.at
        let draws: [UInt64: [ExploreFault]] = [
            1: [
                .unreachable(from: at(1_131_669), to: at(1_135_072)),
                .unreachable(from: at(143_656), to: at(144_930)),
                .unreachable(from: at(2_945_522), to: at(3_021_810)),
                .latency(mean: .milliseconds(5_183)),
                .sessionFlap(at: at(2_785_301), length: .milliseconds(34_385)),
                .sessionFlap(at: at(3_488_213), length: .milliseconds(81_647)),
                .sessionFlap(at: at(810_938), length: .milliseconds(46_122)),
                .wristDown(at: at(2_300_657), length: .milliseconds(2_538)),
                .wristDown(at: at(2_451_473), length: .milliseconds(30_694)),
                .wristDown(at: at(2_435_612), length: .milliseconds(7_746)),
                .appRun(kind: "launchApp", at: at(526_171)),
                .appRun(kind: "appForeground", at: at(2_033_428)),
                .appRun(kind: "backgroundRefresh", at: at(1_981_914)),
                .appRun(kind: "appForeground", at: at(1_438_619)),
            ],
            3: [
                .duplicates(perMille: 476),
                .termination(phone: true, at: at(364_858), relaunchAfter: nil),
                .sessionFlap(at: at(3_520_077), length: .milliseconds(110_954)),
                .sessionFlap(at: at(1_387_226), length: .milliseconds(1_841)),
                .sessionFlap(at: at(434_365), length: .milliseconds(8_283)),
                .appRun(kind: "appForeground", at: at(282_088)),
                .appRun(kind: "launchApp", at: at(366_729)),
                .appRun(kind: "appForeground", at: at(1_520_931)),
            ],
            5: [
                .latency(mean: .milliseconds(470)),
                .termination(phone: true, at: at(3_042_565), relaunchAfter: .milliseconds(4_698)),
                .termination(phone: true, at: at(847_163), relaunchAfter: nil),
                .termination(phone: false, at: at(1_982_379), relaunchAfter: .milliseconds(53_419)),
                .wristDown(at: at(2_975_514), length: .milliseconds(14_424)),
            ],
        ]
        for (seed, expected) in draws.sorted(by: { $0.key < $1.key }) {
            let drawn = ExploreDraw.faults(seed: seed, span: .hours(1), hasReminders: true)
            #expect(drawn == expected, "seed \(seed): \(drawn.map(\.label))")
        }
    }
}
