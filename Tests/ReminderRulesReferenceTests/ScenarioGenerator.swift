/// Generates reminders scenarios from a seed across every strategy, API, authorization state,
/// repeat, removal, edit and fault (a refill over its background task limits, the system dropping
/// requests over its limit), for the differential test.
///
/// Times are chosen so that no two things the scenario starts share an instant by accident: the
/// launch and the steps fall on whole or half minutes, periodic app runs at 17 seconds past the
/// minute. Steps may fall on a due date: a delivery and an action at one instant is a case the
/// rules decide.
struct ScenarioGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }

    /// SplitMix64.
    private mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    private mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
    }

    private mutating func chance(_ percent: Int) -> Bool { int(0...99) < percent }

    private mutating func pick<T>(_ values: [T]) -> T { values[int(0...(values.count - 1))] }

    static func scenario(seed: UInt64) -> ReferenceScenario {
        var generator = ScenarioGenerator(seed: seed)
        return generator.make(seed: seed)
    }

    private mutating func make(seed: UInt64) -> ReferenceScenario {
        var scenario = ReferenceScenario(seed: seed)
        scenario.api = chance(30) ? "legacy" : "userNotifications"
        scenario.authorization = pick([
            "authorized", "authorized", "authorized", "provisional", "denied", "notDetermined",
        ])
        scenario.scheduler = pick(["windowed", "naive", "overflowNotice", "backgroundRefresh"])
        scenario.window = chance(20) ? 60 : int(scenario.scheduler == "overflowNotice" ? 2...5 : 1...5)
        if chance(30) { scenario.retention = pick(["soonestFiring", "mostRecentlyAdded"]) }
        scenario.replacement = pick(["inPlace", "newAddition"])
        scenario.repeatingSlots = chance(80) ? 1 : int(2...3)
        scenario.repeatingBadges = pick(["separateCarrier", "fixedAtScheduling", "noBadge"])
        scenario.snooze = chance(70) ? 1_800 : int(5...120) * 60
        scenario.launchAt = chance(60) ? 0 : int(1...360) * 60
        scenario.end = int(24...60) * 3_600
        if chance(30) {
            scenario.appRuns = .init(
                every: int(1...12) * 3_600, from: scenario.launchAt + int(1...600) * 60 + 17,
                reason: pick(["foreground", "backgroundRefresh"]))
        }
        scenario.noticeOpenedAfter = chance(60) ? 600 : chance(50) ? nil : int(0...60) * 60
        if chance(40) {
            scenario.refresh.every = int(1...4) * 1_800
            scenario.refresh.perHour = int(1...4)
            scenario.refresh.spacing = pick([0, 300, 900])
        }
        if chance(25) {
            // A refill that costs 0.5 s plus 1 s a reminder, and sometimes 20 or 35 s of wall time,
            // under the iPhone's 30 s of runtime or a shorter limit (S6).
            scenario.refresh.cpuMs = 500
            scenario.refresh.cpuPerReminderMs = 1_000
            scenario.refresh.wallMs = chance(30) ? pick([20_000, 35_000]) : 0
            scenario.refresh.wallLimitMs = chance(50) ? 30_000 : pick([3_000, 8_000])
        }
        let many = chance(8)
        let itemCount = many ? int(60...70) : int(0...7)
        for index in 0..<itemCount {
            let due: Int? = chance(12) ? nil : scenario.launchAt + int(-120...(36 * 60)) * 60
            scenario.items.append(.init(id: "i\(index)", due: due.map { max(0, $0) }))
        }
        if chance(35) {
            for index in 0..<int(1...2) {
                let intervals =
                    scenario.api == "legacy" ? [60, 3_600, 86_400] : [60, 3_600, 5_400, 86_400]
                scenario.repeating.append(
                    .init(id: "r\(index)", start: int(0...(24 * 60)) * 60, every: pick(intervals)))
            }
        }
        var names = scenario.items.map(\.id)
        if names.isEmpty { names = ["i0"] }
        if scenario.items.isEmpty { scenario.items.append(.init(id: "i0", due: nil)) }
        var used: Set<Int> = [scenario.launchAt]
        for _ in 0..<int(0...9) {
            var at: Int
            if chance(30), let due = pick(scenario.items).due {
                at = due + pick([0, 0, 60, 300, 1_800])
            } else {
                at = int(0...(scenario.end / 60)) * 60 + pick([0, 30])
            }
            at = min(at, scenario.end)
            guard !used.contains(at) else { continue }
            used.insert(at)
            let item = pick(names)
            let action: ReferenceScenario.Action
            switch int(0...12) {
            case 0: action = .launchApp
            case 1: action = .appForeground
            case 2: action = .backgroundRefresh
            case 3, 4: action = .complete(item)
            case 5, 6: action = .snooze(item)
            case 7, 8: action = .setDue(item, max(0, at + int(-60...(24 * 60)) * 60))
            case 9: action = .check(item)
            case 10: action = .uncheck(item)
            case 11: action = .remove(item)
            default: action = .add(item)
            }
            scenario.steps.append(.init(at: at, action: action))
        }
        scenario.steps.sort { $0.at < $1.at }
        return scenario
    }
}
