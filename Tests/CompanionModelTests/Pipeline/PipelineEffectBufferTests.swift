import SimulationKernel
import Testing

@testable import CompanionModel

/// The session's effect buffer reuses its slots instead of emptying itself element by element:
/// over many seeded mixes of records, single takes and takes until empty it must hand over exactly what a
/// plain first-in-first-out array would, and its storage must stay within twice the most effects
/// ever untaken at once, however it is driven.
@Suite struct PipelineEffectBufferTests {
    @Test func handsOverWhatAPlainQueueWould() {
        for seed in UInt64(0)..<200 {
            var rng = SplitMix64(seed: seed)
            var buffer = PipelineSession.EffectBuffer()
            var model: [PipelineEffect] = []
            var mostUntaken = 0
            for operation in 0..<300 {
                switch rng.next() % 5 {
                case 0, 1:
                    let effect = PipelineEffect.stepEnded(
                        tap: operation, step: Int(rng.next() % 7), at: SimTime(nanoseconds: Int64(operation)))
                    buffer.record(effect)
                    model.append(effect)
                case 2, 3:
                    let expected = model.isEmpty ? nil : model.removeFirst()
                    #expect(buffer.take() == expected, "seed \(seed) operation \(operation): take")
                default:
                    var handed: [PipelineEffect] = []
                    while let effect = buffer.take() { handed.append(effect) }
                    #expect(handed == model, "seed \(seed): take all")
                    model.removeAll()
                }
                mostUntaken = max(mostUntaken, model.count)
                #expect(buffer.untaken == model.count, "seed \(seed) operation \(operation): untaken")
                #expect(
                    buffer.count <= 2 * mostUntaken + 1,
                    "seed \(seed) operation \(operation): stored \(buffer.count), most untaken \(mostUntaken)")
            }
        }
    }

    /// A driver that takes one effect for every two recorded but never empties the buffer (each
    /// take sets off the next record) keeps the storage within twice what is untaken: it does not
    /// grow with the number of effects ever recorded.
    @Test func storageStaysBoundedWhenNeverEmptied() {
        var buffer = PipelineSession.EffectBuffer()
        buffer.record(.stepStarted(tap: 0, step: 0, at: .zero))
        var mostStored = buffer.count  // the storage grows only when the stored count reaches it
        for tap in 1...100_000 {
            buffer.record(.stepStarted(tap: tap, step: 0, at: .zero))
            mostStored = max(mostStored, buffer.count)
            #expect(buffer.take() == .stepStarted(tap: tap - 1, step: 0, at: .zero))
        }
        #expect(buffer.untaken == 1)
        #expect(mostStored <= 3, "\(mostStored) stored for 1 untaken effect")
    }
}
