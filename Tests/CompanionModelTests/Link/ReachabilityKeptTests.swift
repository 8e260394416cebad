import SimulationKernel
import Testing

@testable import CompanionModel

/// The link keeps `isReachable` for each side as a stored fact: after any sequence of range,
/// session and app changes it equals what the rule (``Reachability/of(_:activation:range:phoneApp:watchApp:)``)
/// gives for the link's current session, range and apps.
@Suite struct ReachabilityKeptTests {
    static let changes: [LinkEnvironmentChange] = [
        .phoneOutOfRange, .phoneInRange, .killPhoneApp, .launchPhoneApp, .wakePhoneApp, .phoneAppToBackground,
        .terminateWatchApp, .relaunchWatchApp, .watchAppToBackground, .wakeWatchApp,
        .watchAppRunState(.foreground), .watchAppRunState(.background), .watchAppRunState(.notRunning),
        .phoneAppRunState(.foreground), .phoneAppRunState(.notRunning), .session(.activate),
        .session(.becomeInactive), .session(.deactivate),
    ]

    @Test func agreesWithTheRuleAfterEveryChange() {
        for seed: UInt64 in 1...50 {
            var rng = SplitMix64(seed: seed)
            var link = WatchLink(
                configuration: LinkConfiguration(faults: .none(latency: .milliseconds(100))), rng: &rng)
            for step in 0..<60 {
                let change = Self.changes[Int(rng.next() % UInt64(Self.changes.count))]
                _ = link.reduce(.environment(change), at: SimTime(offset: .seconds(Int64(step))))
                for side in LinkSide.allCases {
                    let rule = Reachability.of(
                        side, activation: link.activation, range: link.range, phoneApp: link.phoneApp,
                        watchApp: link.watchApp)
                    #expect(link.reachability(from: side) == rule, "seed \(seed), step \(step), \(side.name)")
                }
            }
        }
    }
}
