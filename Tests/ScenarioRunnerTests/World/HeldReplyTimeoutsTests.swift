import CompanionModel
import SimulationKernel
import Testing

@testable import ScenarioRunner

/// The link's reply timeouts held beside the loop (``HeldReplyTimeouts``) change nothing but the
/// cost: a run gives exactly what it gives with every timeout queued like any other event (the
/// plain path), seed for seed, and so does the link left to finish afterwards.
@Suite struct HeldReplyTimeoutsTests {
    static let names = [
        "weekly-shop.json", "duplicating-link.json", "phone-app-killed-mid-trip.json", "basement-aisle-no-signal.json",
        "phone-edits-mid-trip.json", "complication-saturday-shop.json", "reminders-weekday.json",
    ]

    /// The shipped scenarios, and each under faults drawn as `explore` draws them (drop-outs,
    /// app kills, session flaps …), where timeouts fire, messages are orphaned and runs end with
    /// messages in flight.
    @Test(arguments: names)
    func heldTimeoutsAgreeWithQueuedOnes(name: String) throws {
        let base = try ShippedScenarios.decoded(name)
        var variants: [(label: String, scenario: Scenario)] = (UInt64(1)...3).map { ("seed \($0)", base) }
        for (label, seed, scenario) in ObservedRun.exploreVariants(of: base, seeds: 1...25) {
            variants.append((label, scenario))
            // And with a reply timeout shorter than many round trips: timeouts fire, some while
            // the reply is on its way, some at the same instant as other events.
            var hurried = scenario
            var link = hurried.sections.link ?? LinkSettings()
            link.configuration.replyTimeout = .milliseconds(Int64(100 + 50 * (seed % 8)))
            hurried.sections.link = link
            variants.append(("\(label), short reply timeout", hurried))
            // And cut short at a drawn instant: the run ends with messages in flight and reply
            // timeouts pending, which settling the link must still find where the queue had them.
            let cut = ObservedRun.cutShort(seed % 2 == 0 ? scenario : hurried, seed: seed)
            variants.append(("\(label), cut at \(cut.end)", cut))
        }
        var timedOut = 0
        for (label, scenario) in variants {
            let prepared = PreparedScenario(scenario)
            let queued = ObservedRun(prepared, seed: scenario.seed) { $0.holdsReplyTimeouts = false }
            let held = ObservedRun(prepared, seed: scenario.seed) { $0.holdsReplyTimeouts = true }
            #expect(held == queued, "\(name) \(label) (seed \(scenario.seed)): held reply timeouts diverge")
            timedOut += queued.trace.count { $0.contains("messageReplyTimedOut") }
            timedOut += queued.settledTrace.count { $0.contains("link.failed") && $0.contains("messageReplyTimedOut") }
        }
        #expect(timedOut > 0, "\(name): no reply timeout fired, so the waiting path was not exercised")
    }

    /// The verdict path (`sweep`, `explore`: no trace, the world settled in place) agrees too.
    @Test func verdictsAgree() throws {
        let base = try ShippedScenarios.decoded("basement-aisle-no-signal.json")
        let transform = ExploreTransform(scenario: base)
        for seed in UInt64(1)...40 {
            let faults = ExploreDraw.faults(seed: seed, span: base.end.offset, hasReminders: false)
            guard let scenario = transform.scenario(seed: seed, faults: faults) else { continue }
            let prepared = PreparedScenario(scenario)
            var verdicts: [ScenarioVerdict] = []
            var ends: [SimTime] = []
            for held in [false, true] {
                var simulation = ScenarioSimulation(prepared: prepared, seed: seed, trace: .off)
                simulation.holdsReplyTimeouts = held
                var monitor = NoRunMonitor()
                verdicts.append(simulation.run(RunOptions(keeps: .verdict), monitor: &monitor).verdict)
                ends.append(simulation.now)
            }
            #expect(verdicts[0].expectationsFailed == verdicts[1].expectationsFailed, "seed \(seed)")
            #expect(verdicts[0].loopStatus == verdicts[1].loopStatus, "seed \(seed)")
            #expect(verdicts[0].linkDeliveries == verdicts[1].linkDeliveries, "seed \(seed)")
            #expect(
                verdicts[0].discrepanciesSettled.map(\.description)
                    == verdicts[1].discrepanciesSettled.map(\.description), "seed \(seed)")
            #expect(ends[0] == ends[1], "seed \(seed): the settled clock differs")
        }
    }

    /// The held timeouts keep the loop's `(time, sequence)` order, and which of them are ended,
    /// through any mix of holds, handled and ended timeouts and forgetting, as a plain sorted list
    /// of every pending timeout does.
    @Test func keepsOrderAgainstAModel() {
        for seed in UInt64(1)...300 {
            var rng = SplitMix64(seed: seed)
            var held = HeldReplyTimeouts()
            var model: [(key: HeldEvents.Key, message: MessageID, ended: Bool)] = []
            var sequence: UInt64 = 0
            var now = SimTime.zero
            var last = SimTime.zero
            for _ in 0..<80 {
                switch rng.next() % 6 {
                case 0, 1:
                    let time = max(now, last) + .milliseconds(Int64(rng.next() % 3_000))
                    #expect(held.canHold(at: time), "seed \(seed): a timeout after every held one is held")
                    sequence += 1
                    held.hold((time, sequence), message: sequence)
                    model.append(((time, sequence), sequence, false))
                    last = time
                case 2:
                    let earlier = SimTime(nanoseconds: last.nanoseconds - 1)
                    let expected = model.last.map { $0.key.time <= earlier } ?? true
                    #expect(held.canHold(at: earlier) == expected, "seed \(seed): one before the last held is not")
                    guard held.earliestWaiting != nil else { break }
                    held.removeEarliestWaiting()
                    model.remove(at: model.firstIndex { !$0.ended }!)
                case 3:
                    guard held.earliestWaiting != nil else { break }
                    held.endEarliestWaiting(now: now)
                    model[model.firstIndex { !$0.ended }!].ended = true
                    model.removeAll { $0.ended && $0.key.time < now }
                default:
                    now = now + .milliseconds(Int64(rng.next() % 2_000))
                    held.forgetEnded(through: now)
                    model.removeAll { $0.ended && $0.key.time <= now }
                }
                let waiting = model.first { !$0.ended }
                #expect(held.earliestWaiting?.message == waiting?.message, "seed \(seed): earliest waiting")
                #expect(held.count == model.count, "seed \(seed): count")
                let barrier = held.barrier(notAfter: now + .seconds(2))
                if let waiting, waiting.key.time <= now + .seconds(2) {
                    #expect(barrier.nanoseconds == waiting.key.time.nanoseconds - 1, "seed \(seed): barrier")
                } else {
                    #expect(barrier == now + .seconds(2), "seed \(seed): no barrier")
                }
            }
            let all = held.takeAll()
            #expect(all.map(\.message) == model.map(\.message), "seed \(seed): everything pending, in order")
            #expect(held.count == 0 && held.earliestWaiting == nil, "seed \(seed)")
        }
    }
}
