import SimulationKernel
import Testing

@testable import CompanionModel

/// A reload's timeline reads its list once (``ComplicationContent/Source``) and gives, at every
/// time, the content that reading the list at that time gives.
@Suite struct ComplicationContentSourceTests {
    @Test(arguments: 0..<60)
    func aSourceGivesTheContentOfItsListAtEveryTime(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let count = Int(rng.next() % 20)
        let items = (0..<count).map { index in
            // Few distinct due times, so ties (and the list-order rule for them) come up often.
            ShoppingItem(
                id: "i\(index)", title: "Item \(index)",
                due: rng.next() % 3 == 0 ? nil : SimTime(offset: .minutes(Int64(rng.next() % 6))))
        }
        for mode in ComplicationContentMode.allCases {
            let source = ComplicationContent.Source(items, mode: mode)
            for minute in -1...7 {
                let time = SimTime(offset: .minutes(Int64(minute)))
                #expect(
                    source.content(at: time) == ComplicationContent(remaining: items, at: time, mode: mode),
                    "seed \(seed), \(mode), minute \(minute)")
            }
            let after = SimTime(offset: .minutes(2))
            let expected = Array(Set(items.compactMap(\.due).filter { $0 > after })).sorted()
            #expect(source.changeTimes(after: after) == expected, "seed \(seed)")
        }
    }
}
