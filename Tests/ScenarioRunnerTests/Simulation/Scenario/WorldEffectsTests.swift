import CompanionModel
import SimulationKernel
import Testing

@testable import ScenarioRunner

/// The world's effect stack (``WorldEffects``) holds what an array would: random appends,
/// removals from the end, reversals of a tail and writes in place, over many seeds, give the
/// effects an array given the same operations holds, in the same order.
@Suite struct WorldEffectsTests {
    /// An effect numbered `n`, half of them with a payload that is reference counted (a trace
    /// event's strings), so that a lost or doubled element would show.
    static func effect(_ n: Int) -> WorldEffect {
        n.isMultiple(of: 2)
            ? .schedule(.step(n), at: SimTime(nanoseconds: Int64(n)))
            : .trace(.phoneApp, at: SimTime(nanoseconds: Int64(n)), ["n": .string("effect number \(n), not small")])
    }

    static func described(_ effects: [WorldEffect]) -> [String] { effects.map { String(describing: $0) } }

    @Test func aNewStackIsEmpty() {
        let effects = WorldEffects()
        #expect(effects.count == 0)
        #expect(effects.elements.isEmpty)
    }

    @Test func itHoldsWhatAnArrayGivenTheSameOperationsHolds() {
        for seed in UInt64(1)...100 {
            var rng = SplitMix64(seed: seed)
            var effects = WorldEffects()
            var model: [WorldEffect] = []
            var next = 0
            for _ in 0..<Int(rng.next() % 300) {
                switch rng.next() % 10 {
                case 0...4:
                    // Appends in bursts, past the first allocation and later doublings.
                    for _ in 0..<Int(rng.next() % 40) {
                        effects.append(Self.effect(next))
                        model.append(Self.effect(next))
                        next += 1
                    }
                case 5, 6:
                    guard !model.isEmpty else { continue }
                    let removed = effects.removeLast()
                    let expected = model.removeLast()
                    #expect(
                        String(describing: removed) == String(describing: expected),
                        "seed \(seed): removeLast gave another effect")
                case 7, 8:
                    let start = Int(rng.next() % UInt64(model.count + 1))
                    effects.reverse(from: start)
                    model[start...].reverse()
                default:
                    guard !model.isEmpty else { continue }
                    let index = Int(rng.next() % UInt64(model.count))
                    effects[index] = Self.effect(next)
                    model[index] = Self.effect(next)
                    next += 1
                }
                #expect(effects.count == model.count, "seed \(seed): count")
            }
            #expect(
                Self.described(effects.elements) == Self.described(model),
                "seed \(seed): the stack differs from the array")
        }
    }

    @Test func anElementIsReadWhereItWasWritten() {
        var effects = WorldEffects()
        for n in 0..<50 { effects.append(Self.effect(n)) }
        for n in [0, 17, 49] {
            #expect(String(describing: effects[n]) == String(describing: Self.effect(n)))
        }
    }
}
