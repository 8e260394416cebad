/// Workload A's parameters (`shared/bench/WORKLOAD.md` §2.1); the defaults are the reference run.
struct ShopParameters: Equatable {
    /// Shoppers N.
    var shoppers = 1000
    /// Items per shopper K.
    var itemsPerShopper = 50
    /// Seed of the one `random.Random(seed)` stream.
    var seed: UInt64 = 42

    /// Mean walking time to the next item, seconds (`expovariate(1/30)`).
    static let walkMean = 30.0
    /// How long a tap holds the watch UI thread, seconds.
    static let tapHold = 0.008
    /// Phone service time per delivery attempt, seconds.
    static let phoneService = 0.020
    /// Probability that the link is unreachable for one attempt.
    static let unreachableProbability = 0.05
    /// Delay before a failed message is put back, seconds.
    static let retryDelay = 5.0

    /// The reference run whose figures WORKLOAD.md publishes.
    static let reference = ShopParameters()
}
