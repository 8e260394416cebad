import SimulationKernel
import Testing

@testable import CompanionModel

/// ``WristAppMachine/tap(_:at:)`` (the driver's array-free path for taps) agrees with
/// ``WristAppMachine/reduce(_:)`` for a tap in every state the machine reaches.
@Suite struct WristTapTests {
    @Test func tapAgreesWithReduceOverManySeeds() {
        for seed in 1...200 as ClosedRange<UInt64> {
            var rng = SplitMix64(seed: seed)
            var machine = WristAppMachine(
                rowsVisible: 3, frontmostTimeout: rng.bernoulli(0.2) ? .zero : .seconds(Int64(120)))
            var seconds: Int64 = 0
            var kinds = Set<String>()
            for step in 0..<60 {
                seconds += Int64(rng.next() % 90)
                let time = SimTime(offset: .seconds(seconds))
                let item = "item\(step)"
                var copy = machine
                let expected = copy.reduce(.tap(item, at: time))
                let effect = machine.tap(item, at: time)
                #expect([effect] == expected, "seed \(seed) step \(step) in \(machine.state)")
                #expect(copy == machine, "seed \(seed): a tap changes no state")
                kinds.insert(machine.state.name)
                let events: [WristAppEvent] = [
                    .wristRaised(at: time, list: nil), .wristLowered(at: time), .returnToClockDue(at: time),
                    .appOpened(at: time, list: nil),
                ]
                _ = machine.reduce(events[Int(rng.next() % 4)])
            }
            if seed == 200 { #expect(kinds.count == 4, "every state was tapped in: \(kinds)") }
        }
    }
}
