import CompanionModel
import SimulationKernel
import Testing

/// The window the courier keeps its operations in flight in answers as a
/// dictionary by sequence number would, whatever the order of keeping and dropping.
@Suite struct SequenceWindowTests {
    @Test func itAgreesWithADictionaryOverManySeeds() {
        for seed in UInt64(0)..<120 {
            var rng = SplitMix64(seed: seed)
            var window = SequenceWindow<Int>()
            var reference: [Int: Int] = [:]
            var next = 1
            // Some seeds keep many values in flight (the window grows and compacts), others few.
            let dropChance = [0.2, 0.5, 0.9][Int(seed % 3)]
            for step in 0..<300 {
                switch Double.random(in: 0..<1, using: &rng) {
                case ..<0.4:
                    // Keep a new sequence number (the usual order), or now and then an old one again.
                    let sequence = rng.bernoulli(0.9) || next == 1 ? next : Int.random(in: 1..<next, using: &rng)
                    if sequence == next { next += 1 }
                    window[sequence] = step
                    reference[sequence] = step
                case 0.4..<(0.4 + dropChance * 0.55):
                    guard !reference.isEmpty else { continue }
                    // Usually the oldest (acknowledged in order), else any.
                    let keys = reference.keys.sorted()
                    let sequence = rng.bernoulli(0.7) ? keys[0] : keys[Int.random(in: 0..<keys.count, using: &rng)]
                    window[sequence] = nil
                    reference[sequence] = nil
                case 0.97...:
                    let through = Int.random(in: 0..<next, using: &rng)
                    for sequence in reference.keys where sequence <= through { window[sequence] = nil }
                    reference = reference.filter { $0.key > through }
                default:
                    // Drop any sequence number, kept or not, even one never made.
                    let sequence = Int.random(in: -3..<(next + 3), using: &rng)
                    window[sequence] = nil
                    reference[sequence] = nil
                }
                let probe = Int.random(in: -2..<(next + 2), using: &rng)
                let agrees =
                    window.dictionary == reference && window.count == reference.count
                    && window.isEmpty == reference.isEmpty
                    && window.values == reference.keys.sorted().map { reference[$0]! }
                    && window[probe] == reference[probe]
                #expect(
                    agrees,
                    "seed \(seed) step \(step): \(window.dictionary), expected \(reference), probe \(probe)"
                )
                if !agrees { break }
            }
        }
    }
}
