import CompanionModel
import SimulationKernel
import Testing

/// A tap goes through ``WristAppMachine/transition(_:)`` like every wrist event: it changes no
/// state, and it is delivered exactly when the state lets taps through
/// (``WristAppState/tapRefusal``), in every state the machine reaches.
@Suite struct WristTapTests {
    @Test func tapIsDeliveredExactlyWhenTheStateLetsItThrough() {
        for seed in 1...200 as ClosedRange<UInt64> {
            var rng = SplitMix64(seed: seed)
            var machine = WristAppMachine(
                rowsVisible: 3, frontmostTimeout: rng.bernoulli(0.2) ? .zero : .seconds(Int64(120)))
            var seconds: Int64 = 0
            var kinds = Set<String>()
            for step in 0..<60 {
                seconds += Int64(rng.next() % 90)
                let time = SimTime(offset: .seconds(seconds))
                let item = step
                let before = machine
                let expected: WristAppEffect =
                    before.state.tapRefusal.map { .refuseTap(item, at: time, reason: $0) }
                    ?? .deliverTap(item, at: time)
                #expect(
                    machine.effects(.tap(item, at: time)) == [expected], "seed \(seed) step \(step) in \(before.state)")
                #expect(machine == before, "seed \(seed): a tap changes no state")
                kinds.insert(String(String(describing: machine.state).prefix { $0 != "(" }))
                let events: [WristAppEvent] = [
                    .wristRaised(at: time, next: nil), .wristLowered(at: time), .returnToClockDue(at: time),
                    .appOpened(at: time, next: nil),
                ]
                _ = machine.effects(events[Int(rng.next() % 4)])
            }
            if seed == 200 { #expect(kinds.count == 4, "every state was tapped in: \(kinds)") }
        }
    }
}
