import CompanionModel
import ReminderScheduling
import SimulationKernel

/// The invariants `explore` checks while a run goes, event by event: every notification about an
/// item carries, as its badge, the number of incomplete items due at or before its fire time as
/// the phone app knew them at its last refill (the scheduler's state right after that app run).
///
/// Between two app runs the scheduler does not change, so the state kept at the last refill is
/// the one every delivery until the next run must agree with. (A change the app learns later — a
/// check-off on the watch still in transit — cannot be on a badge before the next refill, which is
/// why the truth is taken at the refill, not at the delivery.)
struct ExploreMonitor: RunMonitor {
    /// The most failures kept per run (the first ones; one is enough to fail the run).
    static let keptFailures = 3

    /// The scheduler as the last refill left it (`nil` before the first app run).
    private var known: ReminderScheduler?
    /// Snapshots (one per app run) and deliveries already looked at.
    private var refillsSeen = 0
    private var deliveriesSeen = 0
    /// The broken invariants, in the order found.
    private(set) var failures: [ExploreFinding] = []
    /// Item notifications whose badge was checked (a test checks that the invariant is exercised).
    private(set) var badgesChecked = 0
    /// Events handled in the run (the work shrinking counts against its budget).
    private(set) var events = 0
    /// When the scenario starts (for the times in messages).
    let start: EpochTime
    /// The most notifications pending at once, read at the scenario's end.
    private(set) var pendingMaxAtEnd = 0

    mutating func reachedEnd(_ simulation: ScenarioSimulation) {
        pendingMaxAtEnd = simulation.phone.reminders.harness.pendingMax
    }

    init(start: EpochTime) {
        self.start = start
    }

    /// Inlined into the run's event loop: as a call it took the world by value, and the loop
    /// copied the whole world and more into it at every event (a fifth of an explore run's time
    /// in `memcpy`; explore of 100,000 weekly-shop runs: 16.5 s of CPU before, 12.5 s after).
    /// Inlined, an event that delivered nothing and ran no refill costs two counts and one copy
    /// of the world the loop still makes for the argument; the rest
    /// (``caughtUp(with:deliveries:refills:)``) takes only the harness.
    ///
    /// - Complexity: O(1) and no copy for an event that delivered nothing and ran no refill;
    ///   O(log *N*) per delivery (``ReminderScheduler/badge(at:)``), so O(1) amortised per event.
    @inline(__always)
    mutating func handled(_ simulation: ScenarioSimulation) {
        events += 1
        // Counts only: binding the phone's reminders (a large struct) would copy it at every event.
        let deliveryCount = simulation.phone.reminders.harness.deliveries.count
        let refillCount = simulation.phone.reminders.harness.snapshots.count
        guard deliveryCount > deliveriesSeen || refillCount > refillsSeen else { return }
        caughtUp(with: simulation.phone.reminders.harness, deliveries: deliveryCount, refills: refillCount)
    }

    /// Checks the deliveries made since the last event against the scheduler as the last refill
    /// left it, and keeps the scheduler of a new refill.
    ///
    /// - Complexity: O(log *N*) per new delivery.
    private mutating func caughtUp(
        with harness: ReminderHarness, deliveries deliveryCount: Int, refills refillCount: Int
    ) {
        if deliveryCount > deliveriesSeen {
            if let known {
                for delivery in harness.deliveries[deliveriesSeen...] {
                    check(delivery, against: known)
                }
            }
            deliveriesSeen = deliveryCount
        }
        if refillCount > refillsSeen {
            refillsSeen = refillCount
            known = harness.scheduler
        }
    }

    /// Checks one delivery's badge against the overdue count `known` gives for its fire time.
    mutating func check(_ delivery: ReminderDelivery, against known: ReminderScheduler) {
        guard delivery.item != nil, delivery.badge != nil, failures.count < Self.keptFailures else { return }
        badgesChecked += 1
        if let failure = ExploreMonitor.badgeFailure(delivery, known: known, start: start) { failures.append(failure) }
    }

    /// The broken badge invariant of one item notification, if broken: its badge differs from the
    /// number of incomplete items due at or before its delivery that `known` (the scheduler as the
    /// last refill left it) holds.
    ///
    /// - Complexity: O(log *N*).
    static func badgeFailure(_ delivery: ReminderDelivery, known: ReminderScheduler, start: EpochTime)
        -> ExploreFinding?
    {
        guard let badge = delivery.badge else { return nil }
        let expected = known.badge(at: delivery.at)
        guard badge != expected else { return nil }
        let at = start.adding(PhoneReminders.simTime(delivery.at).offset).iso8601
        return ExploreFinding(
            .badge,
            "reminders: badge \(badge) on \(delivery.identifier) delivered at \(at); expected \(expected), "
                + "the incomplete items due by then as the app knew them at its last refill")
    }
}

/// The FIFO-per-channel invariant: on every channel, each direction's messages reach the other
/// app in the order they were sent (message identifiers are assigned in send order), counting
/// first deliveries only (a duplicate is the same message again).
enum LinkOrderCheck {
    /// The channels whose messages must arrive in send order: queued transfers (`transferUserInfo`,
    /// complication transfers) and interactive messages, which travel FIFO per direction.
    static let fifoChannels: Set<LinkChannel> = [.interactive, .userInfo, .complication]

    /// One message per channel and direction that arrived after a later-sent one.
    ///
    /// - Complexity: O(*d*) for *d* deliveries.
    static func failures(_ deliveries: [LinkDeliveryRecord], start: EpochTime) -> [ExploreFinding] {
        failures(
            deliveries.map {
                Arrival(channel: $0.message.channel, from: $0.message.route.from, id: $0.message.id, at: $0.at)
            }, start: start)
    }

    /// ``failures(_:start:)`` over arrivals in delivery order.
    static func failures(_ arrivals: [Arrival], start: EpochTime) -> [ExploreFinding] {
        var last: [Lane: MessageID] = [:]
        var failures: [ExploreFinding] = []
        for arrival in arrivals where fifoChannels.contains(arrival.channel) {
            let lane = Lane(channel: arrival.channel, from: arrival.from)
            guard let previous = last[lane], previous > arrival.id else {
                last[lane] = arrival.id
                continue
            }
            if failures.count < ExploreMonitor.keptFailures {
                failures.append(
                    ExploreFinding(
                        .linkOrder,
                        "link: fifo \(lane.channel.name) \(lane.from)→\(lane.from.counterpart): message #\(arrival.id) "
                            + "arrived at \(start.adding(arrival.at.offset).iso8601) after #\(previous), sent later; "
                            + "expected send order on each channel"))
            }
        }
        return failures
    }

    /// One first delivery: its channel, direction, message (in send order) and time.
    struct Arrival: Hashable {
        var channel: LinkChannel
        var from: LinkSide
        var id: MessageID
        var at: SimTime
    }

    /// A channel in one direction.
    struct Lane: Hashable {
        var channel: LinkChannel
        var from: LinkSide
    }
}
