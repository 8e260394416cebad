import CompanionModel
import SimulationKernel

/// The link's pending reply timeouts (``LinkTimer/replyTimeout(_:)``), held by the world beside
/// its event loop instead of in the loop's queue (``ScenarioSimulation/replyTimeouts``).
///
/// Every interactive message the link accepts schedules one, and almost none of them does
/// anything: the reply comes within a second, and the timeout (30 s by default) then finds the
/// message gone. Each is admitted by the loop when the link schedules it
/// (``EventLoop/admitHeldEvent(at:)``: the loop's own sequence counter and event limit, exactly
/// as if it were queued), and then it is
/// - *waiting* while its message may still end by it (``WatchLink/replyTimeoutWouldEnd(_:)``):
///   the running world looks at the earliest one once nothing else is due before its time, and
///   handles it where the queue would have handed it out;
/// - *ended* once its message has ended otherwise (an ended message never comes back): when due
///   it would do nothing, so the running world skips it. It is kept until its time has passed
///   only for settling the link (``ScenarioSimulation/settleInPlace()``), which still finds it
///   pending and handles it where the queue would have (settling runs until nothing is due, and
///   its clock ends at the last event it handled).
///
/// One list in `(time, sequence)` order: the ended timeouts, then the waiting ones (only the
/// earliest waiting one is ever ended, and a timeout is held only after every one held before,
/// as with one timeout per message: see ``canHold(at:)``).
struct HeldReplyTimeouts: Sendable {
    /// A timeout's time and sequence (as admitted by the loop) and its message.
    typealias Entry = (key: HeldEvents.Key, message: MessageID)

    /// What looking at the earliest waiting timeout did (``ScenarioSimulation/handleAtReplyTimeout(notAfter:)``).
    enum Turn {
        /// An event was handled: the timeout, or one due at its time that comes before it.
        case handled
        /// The timeout's message had ended: it was set aside as ended, nothing was handled.
        case skipped
        /// Nothing is due (the loop has stopped at its limit).
        case nothingDue
    }

    /// Room reserved for the list at its first timeout: a run's messages come a few at a time,
    /// and the list grows to a few dozen entries (each growth a new buffer and a copy) before its
    /// head catches up (``compact()``).
    static let initialCapacity = 32

    /// The pending timeouts from `head` on: `entries[head..<firstWaiting]` ended, the rest waiting.
    private var entries: [Entry] = []
    private var head = 0
    private var firstWaiting = 0 {
        didSet { updateBarrier() }
    }
    /// The last instant before the earliest waiting timeout (``SimTime/distantFuture`` when none
    /// waits): every event due by then comes before it. Kept up to date as timeouts come and go,
    /// so that the world reads it before every event with one load.
    private(set) var barrier = SimTime.distantFuture

    /// The number of pending timeouts, waiting or ended.
    var count: Int { entries.count - head }

    /// The earliest waiting timeout.
    ///
    /// - Complexity: O(1).
    var earliestWaiting: Entry? { firstWaiting < entries.count ? entries[firstWaiting] : nil }

    /// `limit`, or the last instant before the earliest waiting timeout if that is due at or
    /// before `limit`: every event due by then comes before the timeout.
    ///
    /// - Complexity: O(1) (one load and a comparison: the world reads it before every event).
    @inline(__always)
    func barrier(notAfter limit: SimTime) -> SimTime {
        barrier < limit ? barrier : limit
    }

    private mutating func updateBarrier() {
        barrier =
            firstWaiting < entries.count
            ? SimTime(nanoseconds: entries[firstWaiting].key.time.nanoseconds &- 1) : .distantFuture
    }

    /// Whether a timeout due at `time` can be held: it comes after every pending one (always so
    /// when every message's timeout is the same delay after its sending).
    ///
    /// - Complexity: O(1).
    func canHold(at time: SimTime) -> Bool {
        guard let last = entries.last, head < entries.count else { return true }
        return last.key.time <= time
    }

    /// Holds a timeout just admitted by the loop (after every pending one: ``canHold(at:)``): it waits.
    ///
    /// - Complexity: O(1) amortized.
    mutating func hold(_ key: HeldEvents.Key, message: MessageID) {
        if entries.capacity == 0 { entries.reserveCapacity(Self.initialCapacity) }
        entries.append((key, message))
        if firstWaiting == entries.count &- 1 { updateBarrier() }
    }

    /// Removes the earliest waiting timeout (the world handles it now).
    ///
    /// - Complexity: O(1) when no ended timeout is pending (always so when it is handled: the
    ///   ended ones before it were due earlier and are forgotten by then); else O(*n*).
    mutating func removeEarliestWaiting() {
        guard firstWaiting < entries.count else { return }
        if firstWaiting == head {
            head += 1
            firstWaiting += 1
            compact()
        } else {
            entries.remove(at: firstWaiting)
            updateBarrier()
        }
    }

    /// The earliest waiting timeout's message has ended: the timeout is kept as ended, and the
    /// ended timeouts due before `now` are forgotten (the queue would have handed them out
    /// already, doing nothing).
    ///
    /// - Complexity: O(1) amortized.
    mutating func endEarliestWaiting(now: SimTime) {
        guard firstWaiting < entries.count else { return }
        firstWaiting += 1
        while head < firstWaiting, entries[head].key.time < now { head += 1 }
        compact()
    }

    /// Forgets the ended timeouts due at or before `time`: once the loop has handled every event
    /// due by then, the queue would have handed them out already, doing nothing.
    ///
    /// - Complexity: O(1) amortized.
    mutating func forgetEnded(through time: SimTime) {
        while head < firstWaiting, entries[head].key.time <= time { head += 1 }
        compact()
    }

    /// Takes every pending timeout, waiting or ended, in `(time, sequence)` order (for settling).
    ///
    /// - Complexity: O(*n*) for *n* pending.
    mutating func takeAll() -> ArraySlice<Entry> {
        let all = entries[head...]
        self = HeldReplyTimeouts()
        return all
    }

    /// Forgets every pending timeout, keeping the list's room (a world started again).
    ///
    /// - Complexity: O(*n*) for *n* entries held.
    mutating func removeAll() {
        entries.removeAll(keepingCapacity: true)
        head = 0
        firstWaiting = 0
    }

    /// Drops the forgotten and handled entries once nothing is pending (or most of the list is).
    private mutating func compact() {
        if head == entries.count {
            entries.removeAll(keepingCapacity: true)
        } else if head >= 64, head * 2 >= entries.count {
            entries.removeFirst(head)
        } else {
            return
        }
        firstWaiting -= head
        head = 0
    }
}

extension ScenarioSimulation {
    /// Holds the reply timeout of message `id`, due at `time`, beside the loop
    /// (``HeldReplyTimeouts``), admitted by the loop as a scheduled event is (nothing is held
    /// once the loop has stopped at its limit); returns `false`, holding nothing, if it would not
    /// come after every timeout held (the caller queues it instead).
    ///
    /// - Complexity: O(1) amortized.
    @inline(__always)
    mutating func holdReplyTimeout(_ id: MessageID, at time: SimTime) -> Bool {
        guard replyTimeouts.canHold(at: time) else { return false }
        if let key = loop.admitHeldEvent(at: time) { replyTimeouts.hold(key, message: id) }
        return true
    }

    /// Takes the turn of the earliest waiting reply timeout, due at or before `limit`, once
    /// nothing is due before its time (``HeldReplyTimeouts/barrier(notAfter:)``): if its message
    /// has ended, it is set aside as ended (`.skipped`); otherwise the next event is handled: the
    /// timeout itself (the loop moves to its time), or an event due at its time that comes before
    /// it (a queued event with an earlier sequence).
    ///
    /// - Complexity: O(1) amortized besides the event handled.
    mutating func handleAtReplyTimeout(notAfter limit: SimTime, effects: inout WorldEffects) -> HeldReplyTimeouts.Turn {
        guard let first = replyTimeouts.earliestWaiting else { return .nothingDue }
        guard link.transport.replyTimeoutWouldEnd(first.message) else {
            replyTimeouts.endEarliestWaiting(now: now)
            return .skipped
        }
        if loop.takesHeldEvent(first.key, notAfter: limit) {
            replyTimeouts.removeEarliestWaiting()
            handle(.link(.timer(.replyTimeout(first.message))), into: &effects)
        } else if let event = loop.next(notAfter: limit) {
            handle(event, into: &effects)
        } else {
            return .nothingDue
        }
        return .handled
    }
}
