import ScenarioRunner
import SimulationKernel
import Testing

@testable import CompanionModel

/// Whole-simulation property: random scenarios with a random `"link"` section and random link
/// steps (range, kills, relaunches, session flaps) between taps never lose, double or reorder a
/// check-off once the link finishes, and the phone's list matches the watch's.
@Suite struct LinkScenarioPropertyTests {
    static func randomScenario(seed: UInt64) -> String {
        var rng = SplitMix64(seed: seed)
        let ids = (0..<Int.random(in: 1...8, using: &rng)).map { "item\($0)" }
        let items = ids.map { #"{"id": "\#($0)", "title": "\#($0.uppercased())"}"# }.joined(separator: ", ")
        let latency = [
            #""80ms""#, #"{"uniform": {"min": "10ms", "max": "3s"}}"#,
            #"{"exponential": {"mean": "2s", "floor": "20ms"}}"#,
        ][Int.random(in: 0..<3, using: &rng)]
        let duplicates = ["0", "0.2", "0.5"][Int.random(in: 0..<3, using: &rng)]
        let timeout = ["1s", "5s", "30s"][Int.random(in: 0..<3, using: &rng)]
        let phoneApp = ["notRunning", "background", "foreground"][Int.random(in: 0..<3, using: &rng)]
        let linkSteps = [
            "phoneOutOfRange", "phoneInRange", "killPhoneApp", "launchPhoneApp", "terminateWatchApp",
            "relaunchWatchApp", "sessionBecomeInactive", "activateSession", "phoneComplicationUpdate",
        ]
        var steps: [String] = [#"{"at": "+1s", "do": "raiseWrist"}"#]
        for _ in 0..<Int.random(in: 5...40, using: &rng) {
            let after = "\(Int.random(in: 0...20, using: &rng))s"
            if rng.bernoulli(0.35) {
                let step = linkSteps[Int.random(in: 0..<linkSteps.count, using: &rng)]
                steps.append(#"{"after": "\#(after)", "do": "\#(step)"}"#)
            } else {
                let id = ids[Int.random(in: 0..<ids.count, using: &rng)]
                steps.append(#"{"after": "\#(after)", "do": "tap", "item": "\#(id)"}"#)
            }
        }
        return """
            {"format": 1, "name": "random link \(seed)", "seed": \(seed), "start": "2026-11-21T09:00:00Z",
             "items": [\(items)],
             "link": {"latency": \(latency), "duplicateProbability": \(duplicates), "replyTimeout": "\(timeout)",
                      "phoneApp": "\(phoneApp)", "complicationTransfersPerDay": 2},
             "script": [\(steps.joined(separator: ",\n"))],
             "expect": {"noMessageLost": true}}
            """
    }

    @Test(arguments: 0..<4)
    func randomLinkScenariosKeepThePhoneEqualToTheWatch(block: UInt64) throws {
        for seed in (block * 50)..<((block + 1) * 50) {
            let scenario = try ScenarioDecoder.decode(Array(Self.randomScenario(seed: seed).utf8), file: "random.json")
            var simulation = ScenarioSimulation(scenario: scenario)
            let outcome = simulation.run()
            #expect(outcome.invariantFailures.isEmpty, "seed \(seed): \(outcome.invariantFailures)")
            #expect(outcome.failedExpectations.isEmpty, "seed \(seed): \(outcome.failedExpectations.map(\.failure))")
            let settled = simulation.settled()
            #expect(
                settled.link.transport.interactive.isEmpty && settled.link.transport.lanes.isEmpty
                    && settled.watch.sync.courier.isIdle && settled.phone.sync.courier.isIdle,
                "seed \(seed): the link did not finish: \(settled.watch.sync.courier.carriers)")
        }
    }
}
