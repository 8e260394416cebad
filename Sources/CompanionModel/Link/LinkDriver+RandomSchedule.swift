import SimulationKernel

extension LinkDriver {
    /// Item names the random schedules tap.
    static let randomItems = ["kale", "milk", "eggs", "bread", "apples", "rice"]

    /// A random fault schedule, fully determined by `seed`: a latency shape (fixed, uniform or
    /// exponential), a duplicate probability (0 in 30 % of schedules, else up to 0.6), a reply
    /// timeout of 1–30 s, 0–4 unreachable windows of up to 400 s, 0–4 app kills (70 % relaunched
    /// within 5 min), 0–3 phone app launches, a session flap in 20 % of schedules, 0–12
    /// complication pushes against a budget of 0–8, 0–4 application-context updates, and 10–40 taps
    /// (three quarters check-offs) on six items, all within `horizon`.
    ///
    /// Used by the property test and the `link` benchmark. Run it with ``run()`` then ``settle()``.
    ///
    /// - Complexity: O(*k* log *k*) in the scheduled events.
    public static func randomFaultSchedule(seed: UInt64, horizon: SimDuration = .minutes(20)) -> LinkDriver {
        var rng = SplitMix64(seed: seed)
        let span = horizon.seconds
        func time(_ rng: inout SplitMix64) -> SimTime { SimTime(offset: .seconds(rng.uniform(in: 0...span))) }

        var faults = LinkFaults()
        switch Int.random(in: 0..<3, using: &rng) {
        case 0: faults.latency = .fixed(.milliseconds(Int64.random(in: 10...3_000, using: &rng)))
        case 1:
            faults.latency = .uniform(
                min: .milliseconds(10), max: .milliseconds(Int64.random(in: 20...5_000, using: &rng)))
        default:
            faults.latency = .exponential(
                mean: .milliseconds(Int64.random(in: 50...8_000, using: &rng)), floor: .milliseconds(5))
        }
        faults.duplicateProbability = rng.bernoulli(0.3) ? 0 : rng.uniform(in: 0...0.6)
        for _ in 0..<Int.random(in: 0...4, using: &rng) {
            let start = time(&rng)
            faults.unreachableWindows.append(.init(start: start, end: start + .seconds(rng.uniform(in: 1...400))))
        }
        for _ in 0..<Int.random(in: 0...4, using: &rng) {
            let side: LinkSide = rng.bernoulli(0.5) ? .phone : .watch
            let relaunch: SimDuration? = rng.bernoulli(0.7) ? .seconds(rng.uniform(in: 0...300)) : nil
            faults.appTerminations.append(.init(side: side, at: time(&rng), relaunchAfter: relaunch))
        }
        var configuration = LinkConfiguration(faults: faults)
        configuration.replyTimeout = .seconds(rng.uniform(in: 1...30))
        configuration.initialPhoneApp = [.notRunning, .background, .foreground][Int.random(in: 0..<3, using: &rng)]
        configuration.complicationTransfersPerDay = Int.random(in: 0...8, using: &rng)

        var driver = LinkDriver(configuration: configuration, rng: &rng)
        for _ in 0..<Int.random(in: 0...3, using: &rng) {
            driver.schedule(.environment(.launchPhoneApp), at: time(&rng))
        }
        if rng.bernoulli(0.2) {
            let start = time(&rng)
            driver.schedule(.environment(.session(.becomeInactive)), at: start)
            if rng.bernoulli(0.5) { driver.schedule(.environment(.session(.deactivate)), at: start + .seconds(5)) }
            driver.schedule(.environment(.session(.activate)), at: start + .seconds(rng.uniform(in: 10...200)))
        }
        for index in 0..<Int.random(in: 0...12, using: &rng) {
            driver.schedule(
                .request(.transferCurrentComplicationUserInfo(.complicationUpdate(remaining: index))),
                at: time(&rng))
        }
        for index in 0..<Int.random(in: 0...4, using: &rng) {
            driver.schedule(
                .request(.updateApplicationContext(.data(label: "ctx\(index)", bytes: 100), from: .watch)),
                at: time(&rng))
        }
        for _ in 0..<Int.random(in: 10...40, using: &rng) {
            let item = randomItems[Int.random(in: 0..<randomItems.count, using: &rng)]
            driver.schedule(.user(rng.bernoulli(0.75) ? .checkOff(item) : .uncheck(item)), at: time(&rng))
        }
        return driver
    }
}
