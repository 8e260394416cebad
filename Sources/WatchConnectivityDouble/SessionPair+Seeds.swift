import Foundation

/// A failure a property test reports about one run: what broke and, optionally, the text whose
/// message trail to print (an item's name).
public struct PairCheckFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// What broke.
    public var message: String
    /// The text the lines of the printed trail mention (`nil`: the last lines of the whole trail).
    public var mentioning: String?

    /// A failure with `message`, printing the trail of lines that mention `mentioning`.
    public init(_ message: String, mentioning: String? = nil) {
        self.message = message
        self.mentioning = mentioning
    }

    /// The message.
    public var description: String { message }
}

/// The first seed of a property test that failed: the seed, what broke, and the message trail.
public struct SeedFailure: Error, Sendable, CustomStringConvertible {
    /// The seed that failed (replay it with `SessionPair(seed: seed, faults: .random(seed: seed))`
    /// or the fault plan the test drew).
    public var seed: UInt64
    /// What broke.
    public var message: String
    /// The message trail of what broke: the lines that mention the failure's text, or the last
    /// lines of the link's trail.
    public var trail: [String]

    /// `seed 417 failed: …`, then the trail, one indented line each.
    public var description: String {
        (["seed \(seed) failed: \(message)", "message trail:"] + trail.map { "  " + $0 }).joined(separator: "\n")
    }
}

extension SessionPair {
    /// The most trail lines a ``SeedFailure`` keeps (the last ones).
    public static let trailLimit = 40

    /// Runs `body` on a new pair for each seed, with the faults `faults` draws from it
    /// (default: ``FaultPlan/random(seed:horizon:)``), and stops at the first seed that fails.
    ///
    /// ```swift
    /// try SessionPair.forEachSeed(0..<1_000) { pair in
    ///     let sync = ListSync(pair)
    ///     sync.edit("milk", done: true, on: .watch)
    ///     pair.recover()
    ///     guard sync.watchList == sync.phoneList else {
    ///         throw PairCheckFailure("the lists differ", mentioning: "milk")
    ///     }
    /// }
    /// ```
    ///
    /// - Throws: a ``SeedFailure`` naming the seed, the error `body` threw, and the message
    ///   trail (its description is what a test prints).
    public static func forEachSeed(
        _ seeds: some Sequence<UInt64>, faults: (UInt64) -> FaultPlan = { FaultPlan.random(seed: $0) },
        _ body: (SessionPair) throws -> Void
    ) throws(SeedFailure) {
        for seed in seeds {
            let pair = SessionPair(seed: seed, faults: faults(seed))
            do {
                try body(pair)
            } catch {
                let lines: [String]
                if let failure = error as? PairCheckFailure, let text = failure.mentioning {
                    lines = pair.messageTrail(mentioning: text)
                } else {
                    lines = pair.messageTrail
                }
                throw SeedFailure(seed: seed, message: "\(error)", trail: Array(lines.suffix(trailLimit)))
            }
        }
    }
}
