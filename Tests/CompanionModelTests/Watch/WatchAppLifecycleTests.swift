import CompanionModel
import SimulationKernel
import Testing

/// The watch app's one lifecycle: the transitions that change it, the state each one leaves, and
/// the deadline of the state entered.
@Suite struct WatchAppLifecycleTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var from: WatchAppLifecycle
        var event: WatchAppLifecycle.Event
        var to: WatchAppLifecycle
        var testDescription: String { "\(from.name) + \(event) → \(to.name)" }
    }

    static let then = SimTime(offset: .seconds(5))
    static let ready = then + WatchAppLifecycle.launchTime
    static let suspends = then + WatchAppLifecycle.backgroundTime

    static let cases: [Case] = [
        Case(from: .notRunning, event: .open(at: then), to: .launching(readyAt: ready)),
        Case(from: .launching(readyAt: ready), event: .launchFinished(at: then), to: .launching(readyAt: ready)),
        Case(from: .launching(readyAt: ready), event: .launchFinished(at: ready), to: .foreground(since: ready)),
        Case(from: .foreground(since: .zero), event: .open(at: then), to: .foreground(since: .zero)),
        Case(
            from: .foreground(since: .zero), event: .returnedToClock(at: then),
            to: .background(since: then, suspendsAt: suspends)),
        Case(from: .notRunning, event: .wake(at: then), to: .background(since: then, suspendsAt: suspends)),
        Case(
            from: .suspended(since: .zero), event: .wake(at: then), to: .background(since: then, suspendsAt: suspends)),
        Case(
            from: .background(since: .zero, suspendsAt: suspends), event: .suspendDue(at: then),
            to: .background(since: .zero, suspendsAt: suspends)),
        Case(
            from: .background(since: .zero, suspendsAt: then), event: .suspendDue(at: then),
            to: .suspended(since: then)),
        Case(from: .suspended(since: .zero), event: .open(at: then), to: .foreground(since: then)),
        Case(from: .foreground(since: .zero), event: .terminate(at: then), to: .notRunning),
        Case(from: .notRunning, event: .terminate(at: then), to: .notRunning),
    ]

    @Test(arguments: cases)
    func transition(_ test: Case) {
        var state = test.from
        let left = state.reduce(test.event)
        #expect(state == test.to)
        #expect(left == (test.from == test.to ? nil : test.from))
    }

    /// A launching app waits for the end of its launch, one in the background for its
    /// suspension; no other state waits for anything.
    @Test func eachStateWaitsForItsDeadline() {
        let launching = WatchAppLifecycle.launching(readyAt: Self.ready).deadline
        #expect(launching?.event == .launchFinished(at: Self.ready) && launching?.at == Self.ready)
        let background = WatchAppLifecycle.background(since: Self.then, suspendsAt: Self.suspends).deadline
        #expect(background?.event == .suspendDue(at: Self.suspends) && background?.at == Self.suspends)
        #expect(WatchAppLifecycle.notRunning.deadline == nil)
        #expect(WatchAppLifecycle.foreground(since: .zero).deadline == nil)
        #expect(WatchAppLifecycle.suspended(since: .zero).deadline == nil)
    }
}
