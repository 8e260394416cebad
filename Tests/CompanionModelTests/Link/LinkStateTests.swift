import SimulationKernel
import Testing

@testable import CompanionModel

@Suite struct LinkStateTests {
    @Test func activationLifecycle() {
        var state = SessionActivation.notActivated
        #expect(!state.canSend)
        #expect(state.reduce(.activate) == .resumeTransfers)
        #expect(state == .activated && state.canSend)
        #expect(state.reduce(.becomeInactive) == .cancelInteractiveMessages)
        #expect(state == .inactive && !state.canSend)
        #expect(state.reduce(.becomeInactive) == nil, "no transition from inactive on becomeInactive")
        #expect(state.reduce(.deactivate) == .cancelInteractiveMessages)
        #expect(state == .notActivated && !state.canSend)
    }

    @Test func appLifecycle() {
        var apps = LinkApps(watch: .foreground, phone: .notRunning)
        #expect(apps.change(.phone, .wakeInBackground) == .appStarted(.phone))
        #expect(apps.phone == .background)
        #expect(apps.change(.phone, .launch) == nil)
        #expect(apps.phone == .foreground)
        #expect(apps.change(.phone, .wakeInBackground) == nil, "waking a running app changes nothing")
        #expect(apps.phone == .foreground)
        #expect(apps.change(.phone, .moveToBackground) == nil)
        #expect(apps.change(.phone, .terminate) == .appStopped(.phone))
        #expect(!apps.phone.isRunning)
        #expect(apps.change(.phone, .terminate) == nil)
        #expect(apps.watch == .foreground, "the other app is untouched")
    }

    @Test func radioRange() {
        var range = RadioRange.inRange
        #expect(range.reduce(.leave, at: t(10)) == .linkDown)
        #expect(range == .outOfRange(since: t(10)))
        #expect(range.reduce(.leave, at: t(20)) == nil)
        #expect(range.reduce(.enter, at: t(70)) == .linkUp(outage: .seconds(Int64(60))))
        #expect(range.isInRange)
    }

    struct ReachabilityCase: Sendable, CustomTestStringConvertible {
        var side: LinkSide
        var activation: SessionActivation
        var range: RadioRange
        var phone: AppRunState
        var watch: AppRunState
        var expected: Reachability
        var testDescription: String { "\(side.name) \(activation) \(range.isInRange) \(phone.name) \(watch.name)" }
    }

    static let reachabilityCases: [ReachabilityCase] = [
        .init(
            side: .watch, activation: .activated, range: .inRange, phone: .notRunning, watch: .foreground,
            expected: .reachable),
        .init(
            side: .watch, activation: .activated, range: .outOfRange(since: .zero), phone: .foreground,
            watch: .foreground, expected: .unreachable(.outOfRange)),
        .init(
            side: .watch, activation: .inactive, range: .inRange, phone: .foreground, watch: .foreground,
            expected: .unreachable(.sessionNotActivated)),
        .init(
            side: .watch, activation: .activated, range: .inRange, phone: .foreground, watch: .notRunning,
            expected: .unreachable(.senderNotRunning)),
        .init(
            side: .phone, activation: .activated, range: .inRange, phone: .background, watch: .background,
            expected: .unreachable(.counterpartNotRunning)),
        .init(
            side: .phone, activation: .activated, range: .inRange, phone: .background, watch: .foreground,
            expected: .reachable),
        .init(
            side: .phone, activation: .activated, range: .inRange, phone: .notRunning, watch: .foreground,
            expected: .unreachable(.senderNotRunning)),
    ]

    @Test(arguments: reachabilityCases)
    func reachability(_ row: ReachabilityCase) {
        let result = LinkConnection(activation: row.activation, range: row.range).reachability(
            from: row.side, apps: LinkApps(watch: row.watch, phone: row.phone))
        #expect(result == row.expected)
    }

    @Test func errorCodesMatchWatchConnectivity() {
        #expect(LinkError.notReachable.code == 7007)
        #expect(LinkError.payloadTooLarge.code == 7009)
        #expect(LinkError.messageReplyTimedOut.code == 7012)
        #expect(LinkError.sessionInactive.code == 7016)
        #expect(LinkError.notReachable.description == "7007 notReachable")
    }

    @Test func faultsBecomeEnvironmentEventsInTimeOrder() {
        let faults = LinkFaults(
            unreachableWindows: [.init(start: t(100), end: t(200))],
            appTerminations: [.init(side: .phone, at: t(50), relaunchAfter: .seconds(Int64(300)))])
        let events = faults.scheduledEvents()
        #expect(events.map(\.time) == [t(50), t(100), t(200), t(350)])
        #expect(
            events.map(\.event) == [
                .environment(.app(.phone, .terminate)), .environment(.phoneOutOfRange), .environment(.phoneInRange),
                .environment(.app(.phone, .launch)),
            ])
    }

    @Test func latencyDistributions() {
        var rng = SplitMix64(seed: 3)
        #expect(LatencyDistribution.fixed(.milliseconds(250)).sample(using: &rng) == .milliseconds(250))
        let uniform = LatencyDistribution.uniform(min: .milliseconds(100), max: .milliseconds(400))
        for _ in 0..<1_000 {
            let sample = uniform.sample(using: &rng)
            #expect(sample >= .milliseconds(100) && sample <= .milliseconds(400))
        }
        let exponential = LatencyDistribution.exponential(mean: .seconds(Int64(2)), floor: .milliseconds(50))
        var total = SimDuration.zero
        for _ in 0..<10_000 {
            let sample = exponential.sample(using: &rng)
            #expect(sample >= .milliseconds(50))
            total += sample
        }
        let mean = total.seconds / 10_000
        #expect(abs(mean - 2.05) < 0.1, "mean \(mean)")
    }

    @Test func percentilesUseNearestRank() {
        var harness = TransportHarness()
        for index in 1...100 {
            harness.at(t(Double(index) * 100), .environment(.phoneOutOfRange))
            harness.at(t(Double(index) * 100), .request(.transferUserInfo(blob(index), from: .watch)))
            harness.at(t(Double(index) * 100 + Double(index)), .environment(.phoneInRange))
        }
        harness.drain()
        let stats = harness.link.statistics(.userInfo)
        #expect(stats.delivered == 100)
        // Delay of transfer i: i seconds out of range + 100 ms latency.
        #expect(stats.delayPercentile(50) == .milliseconds(50_100))
        #expect(stats.delayPercentile(99) == .milliseconds(99_100))
        #expect(ChannelStatistics(ChannelCounters(), deliveries: []).delayPercentile(50) == nil)
    }
}
