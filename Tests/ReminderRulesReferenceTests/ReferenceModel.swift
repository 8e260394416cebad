/// The reminder rules of `docs/reminders.md` (R1–R15, P1–P9, S1–S6) written again from the text
/// alone, as plainly as possible: every app run recomputes the whole wanted list, sorts it and
/// takes the window; the system is a dictionary of pending requests. Nothing here is shared with
/// `ReminderScheduling`; the answers are compared with `wristsim reminders --json`.
struct ReferenceModel {
    /// A notification delivered: when, which, the badge it carried, the app badge after it.
    struct Delivery: Hashable, CustomStringConvertible {
        var at: Int
        var id: String
        var badge: Int?
        var appBadge: Int
        var description: String { "\(at)s \(id) badge \(badge.map(String.init) ?? "nil") app \(appBadge)" }
    }

    /// A wanted reminder that came due while not pending, with the code of its reason.
    struct Miss: Hashable, CustomStringConvertible {
        var id: String
        var due: Int
        var code: String
        var description: String { "\(due)s \(id) \(code)" }
    }

    /// What a run produced.
    struct Answer: Hashable {
        var deliveries: [Delivery] = []
        var missed: [Miss] = []
        var terminations = 0
        /// For the implementation's report: the records past the ones it lists (`notListed`,
        /// docs/reminders.md "How much a report lists"); the model lists every one.
        var deliveriesNotListed = 0
        var missedNotListed = 0
        var windowsNotListed = 0
    }

    private enum ItemState: Hashable {
        case open(Int?)
        case completed(Int?)
        case removed
    }

    private enum PhoneStatus { case open, checked, removed }

    /// A wanted reminder: (fire date, identifier) orders them (R7).
    private struct Key: Hashable, Comparable {
        var fire: Int
        var id: String
        static func < (a: Key, b: Key) -> Bool { a.fire != b.fire ? a.fire < b.fire : a.id < b.id }
    }

    /// A request as the system holds it. A repeating request is its series: `fire` is its next
    /// fire date, `interval` its period.
    private struct Request: Hashable {
        var id: String
        var fire: Int
        var badge: Int?
        var interval: Int?
        var title: String

        /// The next fire date after `time` (a one-shot: its fire date).
        func next(after time: Int) -> Int {
            guard let interval, fire <= time else { return fire }
            return fire + ((time - fire) / interval + 1) * interval
        }

        /// The same request, as far as an app can tell at `time` (decision of R14: a repeating
        /// request is the same when its title, badge, period and next fire date are).
        func same(as other: Request, at time: Int) -> Bool {
            id == other.id && badge == other.badge && interval == other.interval && title == other.title
                && next(after: time) == other.next(after: time)
        }
    }

    private struct Pending {
        var request: Request
        var order: Int
    }

    let scenario: ReferenceScenario
    private var now = 0
    private var launched = false
    /// Whether the user has the phone app open (a launch or foreground step, an edit in it).
    private var phoneForeground = false
    private var phone: [String: PhoneStatus] = [:]
    private var state: [String: ItemState] = [:]
    private var snoozes: [String: Int] = [:]
    private var repeats: [ReferenceScenario.Repeating] = []
    /// What the app believes the system holds (what it sent and has not seen fire or removed).
    private var sent: [String: Request] = [:]
    /// The system.
    private var pending: [String: Pending] = [:]
    private var addCount = 0
    private var appBadge = 0
    private var lastDrop: [String: String] = [:]
    /// The identifiers in the window after the last run, and whether notifications are allowed.
    private var windowIDs: Set<String> = []
    private var scheduledRefresh: Int?
    private var grants: [Int] = []
    private var noticeOpen: Int?
    private var answer = Answer()

    init(_ scenario: ReferenceScenario) {
        self.scenario = scenario
        for item in scenario.items { phone[item.id] = .open }
    }

    private var authorized: Bool { scenario.authorization == "authorized" || scenario.authorization == "provisional" }
    private var naive: Bool { scenario.scheduler == "naive" }
    private var carriers: Bool { !naive && scenario.repeatingBadges == "separateCarrier" }

    // MARK: - Running the scenario

    static func answer(for scenario: ReferenceScenario) -> Answer {
        var model = ReferenceModel(scenario)
        return model.run()
    }

    private enum Driven {
        case launch
        case periodic(String)
        case step(ReferenceScenario.Action)
    }

    mutating func run() -> Answer {
        var timeline: [(at: Int, order: Int, what: Driven)] = [(scenario.launchAt, 0, .launch)]
        if let runs = scenario.appRuns {
            var time = runs.from
            while time <= scenario.end {
                timeline.append((time, 1, .periodic(runs.reason)))
                time += runs.every
            }
        }
        for (index, step) in scenario.steps.enumerated() { timeline.append((step.at, 2 + index, .step(step.action))) }
        timeline.sort { ($0.at, $0.order) < ($1.at, $1.order) }
        for event in timeline where event.at <= scenario.end {
            advance(to: event.at)
            switch event.what {
            case .launch: appRun("launch")
            case .periodic(let reason): appRun(reason)
            case .step(let action): perform(action)
            }
        }
        advance(to: scenario.end)
        return answer
    }

    /// A scenario step: the app runs for it, or (an edit the phone refuses, an action with no
    /// notification to tap) nothing happens.
    private mutating func perform(_ action: ReferenceScenario.Action) {
        switch action {
        case .launchApp:
            phoneForeground = true
            appRun("launch")
        case .appForeground:
            phoneForeground = true
            appRun("foreground")
        case .backgroundRefresh: appRun("backgroundRefresh")
        case .complete(let item), .snooze(let item):
            // An action needs a notification about the item that reached the user (R3).
            guard answer.deliveries.contains(where: { owner(of: $0.id) == item && isItemNotification($0.id) }) else {
                return
            }
            appRun("notificationAction", action)
        case .setDue: appRun("foreground", action)
        case .check(let item):
            openPhoneApp()
            guard phone[item] == .open else { return }
            phone[item] = .checked
            appRun("foreground", action)
        case .uncheck(let item):
            openPhoneApp()
            guard phone[item] == .checked else { return }
            phone[item] = .open
            appRun("foreground", action)
        case .remove(let item):
            openPhoneApp()
            guard phone[item] != .removed else { return }
            phone[item] = .removed
            appRun("foreground", action)
        case .add(let item):
            openPhoneApp()
            guard phone[item] == .removed else { return }
            phone[item] = .open
            appRun("foreground", action)
        }
    }

    /// An edit in the phone app brings it to the foreground: when it was not there, it launches
    /// (an app run), before the edit is made.
    private mutating func openPhoneApp() {
        guard !phoneForeground else { return }
        phoneForeground = true
        appRun("launch")
    }

    /// What the app learns from a step, applied at its run.
    private mutating func apply(_ action: ReferenceScenario.Action) {
        switch action {
        case .launchApp, .appForeground, .backgroundRefresh: break
        case .complete(let item):
            guard case .open(let due) = state[item] else { return }
            state[item] = .completed(due)
            snoozes[item] = nil
            phone[item] = .checked
        case .snooze(let item):
            guard case .open = state[item] else { return }
            snoozes[item] = now + scenario.snooze
        case .setDue(let item, let due):
            // A new due date replaces the item's reminders, its snooze included (R10); a
            // completed item keeps it unarmed (R2); a removed one ignores it (R15).
            switch state[item] {
            case .open?:
                state[item] = .open(due)
                snoozes[item] = nil
            case .completed?: state[item] = .completed(due)
            case .removed?, nil: break
            }
        case .check(let item):
            if case .open(let due) = state[item] { state[item] = .completed(due) }
            snoozes[item] = nil
        case .uncheck(let item):
            if case .completed(let due) = state[item] { state[item] = .open(due) }
        case .remove(let item):
            state[item] = .removed
            snoozes[item] = nil
        case .add(let item):
            state[item] = .open(nil)
        }
    }

    private func owner(of id: String) -> String { String(id.drop { $0 != ":" }.dropFirst()) }
    private func isItemNotification(_ id: String) -> Bool { id.hasPrefix("item:") || id.hasPrefix("snooze:") }

    // MARK: - Time (R1, P1–P7)

    /// Moves time to `target`, instant by instant: what fires is delivered, what comes due while
    /// not pending is missed, then the runs the system or the user start at that instant.
    private mutating func advance(to target: Int) {
        while true {
            var instant = target
            if let fire = nextInstant(), fire < instant { instant = fire }
            if let run = systemRun(), run.at < instant { instant = max(run.at, now) }
            if instant > now { deliverAndMiss(at: instant) }
            if let run = systemRun(), run.at <= instant {
                if run.reason == "foreground" {
                    noticeOpen = nil
                    appRun("foreground")
                } else {
                    scheduledRefresh = nil
                    grants.append(run.at)
                    appRun("backgroundRefresh")
                }
                continue
            }
            if instant >= target { return }
        }
    }

    /// The next app run the system (background refresh) or the user (overflow notice) starts.
    private func systemRun() -> (at: Int, reason: String)? {
        switch (scheduledRefresh, noticeOpen) {
        case (nil, nil): nil
        case (let refresh?, nil): (refresh, "backgroundRefresh")
        case (nil, let open?): (open, "foreground")
        case (let refresh?, let open?): open <= refresh ? (open, "foreground") : (refresh, "backgroundRefresh")
        }
    }

    /// The next instant after now at which a request fires or a wanted reminder comes due.
    private func nextInstant() -> Int? {
        var result: Int?
        func consider(_ time: Int) { if time > now, result.map({ time < $0 }) ?? true { result = time } }
        for entry in pending.values { consider(entry.request.next(after: now)) }
        for key in wantedDue(after: now) { consider(key.fire) }
        return result
    }

    /// The wanted reminders' next due dates after `time` (items, snoozes, repeating occurrences),
    /// only once the app knows them.
    private func wantedDue(after time: Int) -> [Key] {
        guard launched else { return [] }
        var keys: [Key] = []
        for (item, itemState) in state {
            if case .open(let due?) = itemState, due > time { keys.append(Key(fire: due, id: "item:" + item)) }
        }
        for (item, fire) in snoozes where fire > time { keys.append(Key(fire: fire, id: "snooze:" + item)) }
        for reminder in repeats {
            keys.append(Key(fire: Self.occurrence(of: reminder, after: time), id: "repeat:" + reminder.id))
        }
        return keys
    }

    private static func occurrence(of reminder: ReferenceScenario.Repeating, after time: Int) -> Int {
        guard reminder.start <= time else { return reminder.start }
        return reminder.start + ((time - reminder.start) / reminder.every + 1) * reminder.every
    }

    private mutating func deliverAndMiss(at instant: Int) {
        // Deliveries, in (fire date, identifier) order.
        let firing = pending.values.filter { $0.request.next(after: now) == instant }.map(\.request).sorted {
            $0.id < $1.id
        }
        for request in firing {
            if let badge = request.badge {
                if scenario.api == "legacy" {
                    if badge > 0 { appBadge = badge }
                } else {
                    appBadge = badge
                }
            }
            answer.deliveries.append(Delivery(at: instant, id: request.id, badge: request.badge, appBadge: appBadge))
            if request.interval == nil { pending[request.id] = nil }
            if request.id == "notice:overflow", let delay = scenario.noticeOpenedAfter {
                // Decision (S3): one opening at a time; a second notice keeps the earlier opening.
                noticeOpen = min(noticeOpen ?? instant + delay, instant + delay)
            }
        }
        let delivered = Set(firing.map(\.id))
        var misses: [Miss] = []
        for key in wantedDue(after: now) where key.fire == instant && !delivered.contains(key.id) {
            misses.append(Miss(id: key.id, due: instant, code: reason(for: key.id)))
        }
        answer.missed += misses.sorted { ($0.due, $0.id) < ($1.due, $1.id) }
        now = instant
    }

    private func reason(for id: String) -> String {
        guard authorized else { return "notAuthorized" }
        guard windowIDs.contains(id) else { return "outsideWindow" }
        return lastDrop[id] ?? "neverScheduled"
    }

    // MARK: - The system center

    private func slots(_ request: Request) -> Int { request.interval == nil ? 1 : scenario.repeatingSlots }

    private mutating func systemAdd(_ request: Request) {
        guard authorized else {
            lastDrop[request.id] = "droppedNotAuthorized"
            return
        }
        addCount += 1
        if let existing = pending[request.id] {
            pending[request.id] = Pending(
                request: request, order: scenario.replacement == "inPlace" ? existing.order : addCount)
        } else {
            pending[request.id] = Pending(request: request, order: addCount)
        }
        let retention = scenario.retention ?? (scenario.api == "legacy" ? "soonestFiring" : "mostRecentlyAdded")
        while pending.values.reduce(0, { $0 + slots($1.request) }) > 64 {
            let victim: Pending
            if retention == "soonestFiring" {
                victim = pending.values.max {
                    Key(fire: $0.request.next(after: now), id: $0.request.id)
                        < Key(fire: $1.request.next(after: now), id: $1.request.id)
                }!
            } else {
                victim = pending.values.min { $0.order < $1.order }!
            }
            pending[victim.request.id] = nil
            lastDrop[victim.request.id] = "droppedOverLimit"
        }
    }

    // MARK: - The app (R2–R15, S1–S6)

    /// The number of open items due at or before `time` (R2).
    private func count(atOrBefore time: Int) -> Int {
        state.values.reduce(0) { total, itemState in
            if case .open(let due?) = itemState, due <= time { return total + 1 }
            return total
        }
    }

    /// Every wanted reminder after now, in order, badge carriers included.
    private func wanted() -> [Key] {
        var keys = wantedDue(after: now)
        if carriers {
            for reminder in repeats {
                keys.append(Key(fire: Self.occurrence(of: reminder, after: now), id: "badge:" + reminder.id))
            }
        }
        return keys.sorted()
    }

    private func request(for key: Key) -> Request {
        let owner = owner(of: key.id)
        if key.id.hasPrefix("repeat:") {
            let reminder = repeats.first { $0.id == owner }!
            let badge: Int? =
                naive || scenario.repeatingBadges == "fixedAtScheduling" ? count(atOrBefore: key.fire) : nil
            return Request(id: key.id, fire: key.fire, badge: badge, interval: reminder.every, title: owner)
        }
        let title = key.id.hasPrefix("badge:") ? "" : key.id.hasPrefix("snooze:") ? owner + " (snoozed)" : owner
        return Request(id: key.id, fire: key.fire, badge: count(atOrBefore: key.fire), interval: nil, title: title)
    }

    /// The app runs at now for `reason`. A first run is a launch that
    /// loads the list and the repeating reminders; a background refresh (after the first run) is a
    /// background task that the system may terminate (S6). `action` is what the app learnt.
    private mutating func appRun(_ reason: String, _ action: ReferenceScenario.Action? = nil) {
        var reason = reason
        if !launched {
            launched = true
            reason = "launch"
            for item in scenario.items where phone[item.id] == .open { state[item.id] = .open(item.due) }
            for item in scenario.items where state[item.id] == nil {
                state[item.id] = phone[item.id] == .removed ? .removed : .completed(item.due)
            }
            repeats = scenario.repeating
        } else if reason == "backgroundRefresh" {
            let refresh = scenario.refresh
            let cpu = refresh.cpuMs + refresh.cpuPerReminderMs * wanted().count
            // S6 on the iPhone: one limit, the task's runtime (the longer of its CPU and wall time).
            if max(cpu, refresh.wallMs) > refresh.wallLimitMs {
                answer.terminations += 1
                return
            }
        }
        if let action { apply(action) }
        refill(launch: reason == "launch")
    }

    private mutating func refill(launch: Bool) {
        // What fired is gone; a repeating request stays (R7, R14).
        sent = sent.filter { $0.value.interval != nil || $0.value.fire > now }
        if launch && !naive {
            sent = [:]
            for entry in pending.values { sent[entry.request.id] = entry.request }
        }
        let all = wanted()
        var window = all
        var notice: Request?
        if !naive {
            let capacity = scenario.window
            if scenario.scheduler == "overflowNotice", all.count > capacity {
                window = Array(all.prefix(capacity - 1))
                let last = window.last!.fire
                notice = Request(
                    id: "notice:overflow", fire: last, badge: count(atOrBefore: last), interval: nil,
                    title: "\(all.count - window.count) more")
            } else {
                window = Array(all.prefix(capacity))
            }
        }
        var desired: [String: Request] = [:]
        for key in window { desired[key.id] = request(for: key) }
        if let notice { desired[notice.id] = notice }
        // Removals first: what the app sent that it no longer wants.
        for id in sent.keys.sorted()
        where desired[id] == nil || (naive && sent[id]!.interval == nil && sent[id]!.fire != desired[id]!.fire) {
            pending[id] = nil
            sent[id] = nil
        }
        if authorized {
            for key in window + (notice.map { [Key(fire: $0.fire, id: $0.id)] } ?? []) {
                let wantedRequest = desired[key.id]!
                if let previous = sent[key.id] {
                    // Naive never re-sends (R4); the others re-send what changed (R2, R14).
                    if naive || previous.same(as: wantedRequest, at: now) { continue }
                }
                sent[key.id] = wantedRequest
                systemAdd(wantedRequest)
            }
        }
        windowIDs = Set(window.map(\.id))
        if !naive { appBadge = count(atOrBefore: now) }
        if scenario.scheduler == "backgroundRefresh" {
            var time = now + scenario.refresh.every
            if let last = grants.last { time = max(time, last + scenario.refresh.spacing) }
            if grants.count >= scenario.refresh.perHour {
                time = max(time, grants[grants.count - scenario.refresh.perHour] + 3_600)
            }
            scheduledRefresh = time
        }
    }
}
