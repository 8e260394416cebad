import CompanionModel
import ScenarioRunner
import SimulationKernel
import Testing

/// The system's timing of background refreshes (issue #38 item 2a): the platform "may delay" a
/// refresh after its preferred date (the default, seeded), or wakes the app punctually when the
/// scenario says `"backgroundRefreshTiming": "punctual"`.
@Suite struct SystemTimingScenarioTests {
    /// Four hours of refreshes every 15 minutes, tasks of 2 s, a tap through the link with a random
    /// latency (so the link draws from its own stream too).
    static func scenario(timing: String? = nil, seed: UInt64 = 5, every: String = "15m") -> String {
        let budget = timing.map { #", "budget": {"backgroundRefreshTiming": \#($0)}"# } ?? ""
        return """
            {"format": 1, "name": "timing", "seed": \(seed), "start": "2026-11-21T09:00:00Z", "end": "2026-11-21T13:00:00Z",
             "items": [{"id": "kale", "title": "Kale"}, {"id": "eggs", "title": "Eggs"}],
             "link": {"latency": {"exponential": {"mean": "400ms", "floor": "40ms"}}},
             "complication": {"families": ["circular"],
                              "backgroundRefresh": {"every": "\(every)", "task": {"wall": "2s"}}\(budget)},
             "script": [{"at": "+1h", "do": "tap", "item": "kale"}, {"at": "+2h", "do": "phoneComplicationTransfer"}]}
            """
    }

    static func run(_ text: String, seed: UInt64? = nil) throws -> ScenarioSimulation {
        var simulation = ScenarioSimulation(
            scenario: try ScenarioDecoder.decode(Array(text.utf8), file: "timing.json"), seed: seed)
        _ = simulation.run()
        return simulation
    }

    /// Each wake's delay after the date the app preferred: the app asks for a refresh `every`
    /// after the start and after each task ends, so the preferred date is known from the tasks.
    static func delays(_ simulation: ScenarioSimulation, every: SimDuration = .minutes(15)) throws -> [SimDuration] {
        let tasks = try #require(simulation.complication.model).backgroundTasks
        var preferred = SimTime.zero + every
        var delays: [SimDuration] = []
        for task in tasks {
            delays.append(task.startedAt - preferred)
            preferred = task.endedAt + every
        }
        return delays
    }

    @Test func byDefaultTheSystemMayDelayARefreshAfterItsPreferredDate() throws {
        let delays = try Self.delays(try Self.run(Self.scenario()))
        #expect(delays.count >= 8)
        #expect(delays.allSatisfy { $0 >= .zero }, "never before the preferred date: \(delays)")
        #expect(delays.contains { $0 > .zero }, "the platform's default may delay: \(delays)")
        #expect(delays.allSatisfy { $0 <= .minutes(30) }, "at most the chosen cap: \(delays)")
    }

    @Test func punctualWakesExactlyAtThePreferredDate() throws {
        let delays = try Self.delays(try Self.run(Self.scenario(timing: #""punctual""#)))
        #expect(delays.count == 15, "4 h of refreshes 15 min + 2 s apart")
        #expect(delays.allSatisfy { $0 == .zero }, "\(delays)")
    }

    @Test func theDistributionIsASetting() throws {
        let delays = try Self.delays(
            try Self.run(Self.scenario(timing: #"{"delayMean": "1m", "delayAtMost": "90s"}"#)))
        #expect(delays.allSatisfy { $0 >= .zero && $0 <= .seconds(90) }, "\(delays)")
        #expect(delays.contains { $0 > .zero })
    }

    @Test func theSameSeedGivesTheSameWakesAndOtherSeedsOthers() throws {
        let first = try Self.delays(try Self.run(Self.scenario(), seed: 11))
        let again = try Self.delays(try Self.run(Self.scenario(), seed: 11))
        #expect(first == again)
        var differing = 0
        for seed: UInt64 in 12..<20 where try Self.delays(try Self.run(Self.scenario(), seed: seed)) != first {
            differing += 1
        }
        #expect(differing >= 6, "the delays come from the run's seed")
    }

    @Test(arguments: [1, 2, 3] as [UInt64]) func theComplicationsDrawsDoNotShiftTheLinks(seed: UInt64) throws {
        let delayed = try Self.run(Self.scenario(), seed: seed)
        let punctual = try Self.run(Self.scenario(timing: #""punctual""#), seed: seed)
        let delays = { (simulation: ScenarioSimulation) in
            simulation.link.transport.deliveries.map { $0.at - $0.sentAt }
        }
        #expect(!delays(delayed).isEmpty)
        #expect(delays(delayed) == delays(punctual), "seed \(seed): the link's latencies are its own stream")
    }

    @Test func badTimingsAreLocated() throws {
        for (timing, message) in [
            (
                #""sometimes""#,
                #"unknown backgroundRefreshTiming "sometimes"; expected one of: "mayDelay", "punctual" or an object"#
            ),
            (#"{"delayMean": "5m", "delayAtMost": "1m"}"#, #"expected "delayAtMost" of at least "delayMean""#),
            (#"{"delayMean": "5m", "later": "1m"}"#, #"unknown key "later""#),
        ] {
            do {
                _ = try ScenarioDecoder.decode(Array(Self.scenario(timing: timing).utf8), file: "timing.json")
                Issue.record("\(timing) was accepted")
            } catch {
                #expect(error.description.contains("timing.json:"), "located: \(error.description)")
                #expect(error.description.contains(message), "\(error.description)")
            }
        }
    }
}
