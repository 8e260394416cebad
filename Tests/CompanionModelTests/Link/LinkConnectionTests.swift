import SimulationKernel
import Testing

@testable import CompanionModel

@Suite struct LinkConnectionTests {
    /// The link's connection follows the range and the session, and answers reachability with the
    /// apps as their owners say.
    @Test func connectionFollowsRangeAndSession() {
        var harness = TransportHarness()
        #expect(harness.link.connection == LinkConnection(activation: .activated, range: .inRange))
        #expect(harness.link.connection.reachability(from: .watch, apps: harness.apps) == .reachable)
        harness.now(.environment(.phoneOutOfRange))
        #expect(harness.link.connection.range == .outOfRange(since: .zero))
        #expect(harness.link.connection.reachability(from: .watch, apps: harness.apps) == .unreachable(.outOfRange))
        harness.now(.environment(.phoneInRange))
        #expect(harness.link.connection.reachability(from: .watch, apps: harness.apps) == .reachable)
    }

    @Test(arguments: [SessionActivation.notActivated, .inactive, .activated])
    func reachabilityNeedsAnActivatedSession(activation: SessionActivation) {
        let connection = LinkConnection(activation: activation)
        let apps = LinkApps(watch: .foreground, phone: .background)
        let expected: Reachability = activation == .activated ? .reachable : .unreachable(.sessionNotActivated)
        #expect(connection.reachability(from: .watch, apps: apps) == expected)
        #expect(connection.reachability(from: .phone, apps: apps) == expected)
    }
}
