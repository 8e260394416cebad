import CompanionModel
import ReminderScheduling
import SimulationKernel

/// The invariants every run checks besides the features' end-of-run checks — one list, which
/// `wristsim run` reports (``ScenarioOutcome/invariantFailures``) and `explore` looks for (the
/// verdict's ``ScenarioVerdict/checkFailures``), so a reproduction `explore` writes fails under
/// `run` the same way:
///
/// - per delivery (``caughtUp(with:mode:)``, after each event the phone handles): every notification about an item
///   carries, as its badge, the number of incomplete items due at or before its fire time as
///   the phone app knew them at its last refill (``RunInvariant/badges``) — under every strategy
///   but `naive`, whose badges are counted once, when it schedules, and go stale by design
///   (docs/reminders.md, R13; the reminders report counts them as wrong badges);
/// - at the end (``failures(pendingMax:linkDeliveries:start:)``): at most 64 notifications were
///   pending at once (``RunInvariant/pendingLimit``), and every channel delivered each
///   direction's messages in send order (``RunInvariant/channelOrder``).
///
/// The truth for a badge is what the app knew, not what the world knows: a change the app learns
/// later (a check-off on the watch still in transit) cannot be on a badge before the next refill.
struct RunChecks {
    /// The most failures kept per invariant (the first ones; one is enough to fail the run).
    static let keptFailures = 3
    /// The most notifications an app may have pending at once (the system's limit).
    static let pendingLimit = 64

    /// Deliveries already looked at.
    private(set) var deliveriesSeen = 0
    /// The first item notifications whose badge broke the invariant, with the badge expected.
    private(set) var wrongBadges: [(delivery: ReminderDelivery, expected: Int)] = []

    /// Looks at what the phone's reminders delivered during the event just handled (the
    /// harness's delivery log, scheduled in `mode`): checks each new delivery's badge against the
    /// overdue count the app knew when it fired (``ReminderDelivery/overdueAtFire``: the
    /// scheduler changes only when the app runs, so that is the count its last refill knew).
    ///
    /// It takes the log and the mode, not the harness: a harness handed over by value from the
    /// running world is copied whole first.
    ///
    /// - Complexity: O(1) per new delivery.
    mutating func caughtUp(with deliveries: RecordLog<ReminderDelivery>, mode: SchedulingMode) {
        if mode != .naive {
            for delivery in deliveries.records(from: deliveriesSeen) {
                check(delivery, expected: delivery.overdueAtFire)
            }
        }
        deliveriesSeen = deliveries.recordedCount
    }

    /// Checks that an item notification's badge is `expected`, keeping the first failures.
    ///
    /// - Complexity: O(1).
    mutating func check(_ delivery: ReminderDelivery, expected: Int) {
        guard delivery.item != nil, let badge = delivery.badge, wrongBadges.count < Self.keptFailures else { return }
        if badge != expected { wrongBadges.append((delivery, expected)) }
    }

    /// Every failure of these invariants in a run that ended with `pendingMax` notifications
    /// pending at most and made the first deliveries `linkDeliveries` once its link was left to
    /// finish; times are written from `start`.
    ///
    /// - Complexity: O(*d*) for *d* link deliveries.
    func failures(pendingMax: Int, linkDeliveries: [LinkDeliveryRecord], start: EpochTime) -> [InvariantFailure] {
        var failures = wrongBadges.map { wrong in
            let at = start.adding(PhoneReminders.simTime(wrong.delivery.at).offset).iso8601
            return InvariantFailure(
                .badges,
                "reminders: badge \(wrong.delivery.badge ?? 0) on \(wrong.delivery.identifier) delivered at \(at); "
                    + "expected \(wrong.expected), the incomplete items due by then as the app knew them at its last refill"
            )
        }
        if pendingMax > Self.pendingLimit {
            failures.append(
                InvariantFailure(
                    .pendingLimit,
                    "reminders: pending \(pendingMax) notifications at once; expected at most \(Self.pendingLimit)"))
        }
        return failures + LinkOrderCheck.failures(linkDeliveries, start: start)
    }
}

/// The FIFO-per-channel invariant (``RunInvariant/channelOrder``): on every channel, each
/// direction's messages reach the other app in the order they were sent (message identifiers are
/// assigned in send order), counting first deliveries only (a duplicate is the same message again).
enum LinkOrderCheck {
    /// One message per channel and direction that arrived after a later-sent one (the first
    /// ``RunChecks/keptFailures``), over `deliveries` in delivery order. The last message seen on
    /// each lane is kept by the lane's index (``lane(_:from:)``), not hashed.
    ///
    /// - Complexity: O(*d*) for *d* deliveries.
    static func failures(_ deliveries: [LinkDeliveryRecord], start: EpochTime) -> [InvariantFailure] {
        var last = [MessageID?](repeating: nil, count: laneCount)
        var failures: [InvariantFailure] = []
        for arrival in deliveries {
            guard let lane = lane(arrival.channel, from: arrival.route.from) else { continue }
            guard let previous = last[lane], previous > arrival.id else {
                last[lane] = arrival.id
                continue
            }
            if failures.count < RunChecks.keptFailures {
                let from = arrival.route.from
                failures.append(
                    InvariantFailure(
                        .channelOrder,
                        "link: fifo \(arrival.channel.name) \(from)→\(from.counterpart): message #\(arrival.id) "
                            + "arrived at \(start.adding(arrival.at.offset).iso8601) after #\(previous), sent later; "
                            + "expected send order on each channel"))
            }
        }
        return failures
    }

    /// The number of lanes (three FIFO channels, two directions).
    static let laneCount = 6

    /// The lane of `channel` from `side`, in `0..<laneCount`, or `nil` when the channel keeps no
    /// order: queued transfers (`transferUserInfo`, complication transfers) and interactive
    /// messages travel FIFO per direction; the application context (one slot, last write wins)
    /// does not.
    ///
    /// - Complexity: O(1).
    static func lane(_ channel: LinkChannel, from side: LinkSide) -> Int? {
        let channelIndex: Int
        switch channel {
        case .interactive: channelIndex = 0
        case .userInfo: channelIndex = 1
        case .complication: channelIndex = 2
        case .applicationContext: return nil
        }
        switch side {
        case .watch: return 2 * channelIndex
        case .phone: return 2 * channelIndex + 1
        }
    }
}
