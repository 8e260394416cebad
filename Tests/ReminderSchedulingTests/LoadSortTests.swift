import Testing

@testable import ReminderScheduling

/// The radix sort behind ``ReminderScheduler/load(_:now:)``.
@Suite struct LoadSortTests {
    @Test func radixSortOfTheDueBitsEqualsAFullSortOfWordsInIndexOrder() {
        for seed in UInt64(0)..<20 {
            var rng = TestRandom(seed: seed)
            let span = [1, 100, 5_000, 3_000_000, Int(UInt32.max - 1)][Int(seed % 5)]
            let count = Int.random(in: 0..<3_000, using: &rng)
            var words = (0..<count).map { index in
                UInt64(Int.random(in: 0...span, using: &rng)) << 32 | UInt64(index)
            }
            let expected = words.sorted()
            ReminderScheduler.radixSortHighHalf(&words, bits: 64 - UInt64(span).leadingZeroBitCount)
            #expect(words == expected, "seed \(seed)")
        }
    }
}
