import CompanionModel
import SimulationKernel

extension TransportHarness {
    /// A random fault schedule on the bare transport, fully determined by `seed`: a latency shape
    /// (fixed, uniform or exponential), a duplicate probability (0 in 30 % of schedules, else up
    /// to 0.6), a reply timeout of 1–30 s, 0–4 unreachable windows of up to 400 s, 0–4 app kills
    /// (70 % relaunched within 5 min), 0–3 phone app launches, a session flap in 20 % of
    /// schedules, 0–12 complication pushes against a budget of 0–8, 0–4 application-context
    /// updates, and 10–40 app messages (interactive or userInfo, mostly from the watch), all
    /// within `horizon`. Run it with ``drain()`` (or event by event) then ``settle()``.
    ///
    /// (The schedule the deleted one-way `LinkDriver` drew, with its check-off taps replaced by
    /// plain app messages: the transport never looks inside a payload.)
    ///
    /// - Complexity: O(*k* log *k*) in the scheduled events.
    static func randomFaultSchedule(seed: UInt64, horizon: SimDuration = .minutes(20)) -> TransportHarness {
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
        let replyTimeout = SimDuration.seconds(rng.uniform(in: 1...30))
        let phoneApp = [AppRunState.notRunning, .background, .foreground][Int.random(in: 0..<3, using: &rng)]
        let budget = Int.random(in: 0...8, using: &rng)
        var harness = TransportHarness(seed: rng.next(), apps: LinkApps(watch: .foreground, phone: phoneApp)) {
            configuration in
            configuration.faults = faults
            configuration.replyTimeout = replyTimeout
            configuration.complicationTransfersPerDay = budget
        }
        for (time, event) in faults.scheduledEvents() { harness.at(time, event) }
        for _ in 0..<Int.random(in: 0...3, using: &rng) {
            harness.at(time(&rng), .environment(.app(.phone, .launch)))
        }
        if rng.bernoulli(0.2) {
            let start = time(&rng)
            harness.at(start, .environment(.session(.becomeInactive)))
            if rng.bernoulli(0.5) { harness.at(start + .seconds(5), .environment(.session(.deactivate))) }
            harness.at(start + .seconds(rng.uniform(in: 10...200)), .environment(.session(.activate)))
        }
        for index in 0..<Int.random(in: 0...12, using: &rng) {
            harness.at(
                time(&rng), .request(.transferCurrentComplicationUserInfo(.complicationUpdate(remaining: index))))
        }
        for index in 0..<Int.random(in: 0...4, using: &rng) {
            harness.at(time(&rng), .request(.updateApplicationContext(blob(100, "ctx\(index)"), from: .watch)))
        }
        for index in 0..<Int.random(in: 10...40, using: &rng) {
            let side: LinkSide = rng.bernoulli(0.8) ? .watch : .phone
            let payload = blob(60, "app\(index)")
            let request: LinkRequest =
                rng.bernoulli(0.5) ? .sendMessage(payload, from: side) : .transferUserInfo(payload, from: side)
            harness.at(time(&rng), .request(request))
        }
        return harness
    }
}
