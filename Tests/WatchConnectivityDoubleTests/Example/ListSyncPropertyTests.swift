import SimulationKernel
import Testing
import WatchConnectivityDouble

/// The example of issue #35: the naive list sync loses or reorders an edit under some seed, and
/// the double finds it; the versioned one converges under every seed tried.
@Suite struct ListSyncPropertyTests {
    /// One user edit: on which device, when, which item, checked or not.
    struct Edit {
        var device: Device
        var at: Duration
        var item: String
        var done: Bool
    }

    /// 6–16 edits within 10 minutes, drawn from `seed`. Each item is edited on one device only
    /// (`w0`…`w2` on the watch, `p0`…`p2` on the phone), so its final value is its last edit.
    static func edits(seed: UInt64) -> [Edit] {
        var base = SplitMix64(seed: seed)
        var rng = base.split(label: 0x4544_4954)  // "EDIT"
        var edits: [Edit] = []
        for _ in 0..<Int.random(in: 6...16, using: &rng) {
            let device: Device = rng.bernoulli(0.5) ? .watch : .phone
            let item = (device == .watch ? "w" : "p") + String(Int.random(in: 0..<3, using: &rng))
            edits.append(
                Edit(
                    device: device, at: .milliseconds(Int64.random(in: 0...600_000, using: &rng)), item: item,
                    done: rng.bernoulli(0.5)))
        }
        return edits.sorted { $0.at < $1.at }
    }

    /// Runs `edits` through two managers made by `make` on `pair`, recovers, and checks that both
    /// lists hold every item's last edit.
    static func check(_ pair: SessionPair, _ make: (any ConnectivitySession, Device) -> any ListSyncing) throws {
        let watch = make(pair.watch, .watch)
        let phone = make(pair.phone, .phone)
        let edits = edits(seed: pair.seed)
        var now = Duration.zero
        var expected: [String: Bool] = [:]
        for edit in edits {
            pair.advance(by: edit.at - now)
            now = edit.at
            (edit.device == .watch ? watch : phone).edit(edit.item, done: edit.done)
            expected[edit.item] = edit.done
        }
        pair.recover()
        for item in expected.keys.sorted() {
            for (name, sync) in [("watch", watch), ("phone", phone)] where sync.list[item] != expected[item] {
                let shown = sync.list[item].map { "\($0)" } ?? "missing"
                throw PairCheckFailure(
                    "item \(item) on the \(name) is \(shown), its last edit says \(expected[item]!)", mentioning: item)
            }
        }
    }

    /// The first of `seeds` under which `make`'s sync fails, if any.
    static func firstFailure(
        _ seeds: Range<UInt64>, _ make: @escaping (any ConnectivitySession, Device) -> any ListSyncing
    ) -> SeedFailure? {
        do {
            try SessionPair.forEachSeed(seeds) { pair in try Self.check(pair, make) }
            return nil
        } catch {
            return error
        }
    }

    @Test func theDoubleFindsTheNaiveSyncsBugAndPrintsTheSeed() throws {
        let found = try #require(
            Self.firstFailure(0..<1_000) { session, _ in NaiveListSync(session: session) },
            "the naive sync survived 1,000 seeds")
        let text = found.description
        #expect(text.hasPrefix("seed \(found.seed) failed: item "))
        #expect(text.contains("message trail:"))
        #expect(!found.trail.isEmpty)
        // Replaying the seed fails the same way.
        let replay = Self.firstFailure(found.seed..<found.seed + 1) { session, _ in NaiveListSync(session: session) }
        #expect(replay?.description == text)
    }

    @Test(arguments: [0..<2_500, 2_500..<5_000, 5_000..<7_500, 7_500..<10_000] as [Range<UInt64>])
    func theVersionedSyncConvergesUnderEverySeed(seeds: Range<UInt64>) throws {
        try SessionPair.forEachSeed(seeds) { pair in
            try Self.check(pair) { session, device in
                VersionedListSync(session: session, device: device == .watch ? "watch" : "phone")
            }
        }
    }
}
