import SimulationKernel
import Testing

@testable import CompanionModel

/// The engine's effect buffer reuses its slots instead of emptying itself element by element:
/// over many seeded mixes of records, takes and full hand-overs it must hand over exactly what a
/// plain first-in-first-out array would, and count only what was recorded since it was last empty.
@Suite struct PipelineEffectBufferTests {
    @Test func handsOverWhatAPlainQueueWould() {
        for seed in UInt64(0)..<200 {
            var rng = SplitMix64(seed: seed)
            var buffer = PipelineEngine.EffectBuffer()
            var model: [PipelineEffect] = []
            var recordedSinceEmpty = 0
            for operation in 0..<300 {
                switch rng.next() % 5 {
                case 0, 1:
                    let effect = PipelineEffect.stepEnded(
                        tap: operation, step: Int(rng.next() % 7), at: SimTime(nanoseconds: Int64(operation)))
                    buffer.record(effect)
                    model.append(effect)
                    recordedSinceEmpty += 1
                case 2, 3:
                    let expected = model.isEmpty ? nil : model.removeFirst()
                    #expect(buffer.take() == expected, "seed \(seed) operation \(operation): take")
                    if model.isEmpty { recordedSinceEmpty = 0 }
                default:
                    var handed: [PipelineEffect] = [.handlerStarted(tap: -1, at: .zero)]
                    buffer.takeAll(into: &handed)
                    #expect(handed == [.handlerStarted(tap: -1, at: .zero)] + model, "seed \(seed): take all")
                    model.removeAll()
                    recordedSinceEmpty = 0
                }
                #expect(buffer.untaken == model.count, "seed \(seed) operation \(operation): untaken")
                #expect(buffer.count == recordedSinceEmpty, "seed \(seed) operation \(operation): reused")
            }
        }
    }

    @Test func removeAllForgetsEverything() {
        var buffer = PipelineEngine.EffectBuffer()
        buffer.record(.handlerStarted(tap: 0, at: .zero))
        buffer.record(.removalCommitted(tap: 0, at: .zero))
        buffer.removeAll()
        #expect(buffer.untaken == 0)
        #expect(buffer.take() == nil)
        buffer.record(.handlerStarted(tap: 1, at: .zero))
        #expect(buffer.take() == .handlerStarted(tap: 1, at: .zero))
    }
}
