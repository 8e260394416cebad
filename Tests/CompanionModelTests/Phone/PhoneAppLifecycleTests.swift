import CompanionModel
import SimulationKernel
import Testing

/// The phone app's one lifecycle: every (state, event) pair, and the effects the link relies on.
@Suite struct PhoneAppLifecycleTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var from: PhoneAppLifecycle
        var event: AppRunState.Event
        var to: PhoneAppLifecycle
        var testDescription: String { "\(from.name) + \(event) → \(to.name)" }
    }

    static let then = SimTime(offset: .seconds(5))

    static let cases: [Case] = [
        Case(from: .notRunning, event: .launch, to: .foreground(since: then)),
        Case(from: .background(since: .zero), event: .launch, to: .foreground(since: then)),
        Case(from: .foreground(since: .zero), event: .launch, to: .foreground(since: .zero)),
        Case(from: .notRunning, event: .wakeInBackground, to: .background(since: then)),
        Case(from: .background(since: .zero), event: .wakeInBackground, to: .background(since: .zero)),
        // "If the app is already in the foreground, it remains in the foreground."
        Case(from: .foreground(since: .zero), event: .wakeInBackground, to: .foreground(since: .zero)),
        Case(from: .foreground(since: .zero), event: .moveToBackground, to: .background(since: then)),
        Case(from: .notRunning, event: .moveToBackground, to: .notRunning),
        Case(from: .background(since: .zero), event: .moveToBackground, to: .background(since: .zero)),
        Case(from: .foreground(since: .zero), event: .terminate, to: .notRunning),
        Case(from: .background(since: .zero), event: .terminate, to: .notRunning),
        Case(from: .notRunning, event: .terminate, to: .notRunning),
    ]

    @Test(arguments: cases)
    func transition(_ test: Case) {
        var state = test.from
        let left = state.reduce(test.event, at: Self.then)
        #expect(state == test.to)
        #expect(left == (test.from == test.to ? nil : test.from))
    }

    @Test func theRunStateIsWhatTheLinkSees() {
        #expect(PhoneAppLifecycle.notRunning.runState == .notRunning && !PhoneAppLifecycle.notRunning.isRunning)
        #expect(PhoneAppLifecycle.background(since: .zero).runState == .background)
        #expect(PhoneAppLifecycle.foreground(since: .zero).isForeground)
        #expect(PhoneAppLifecycle(.background) == .background(since: .zero))
    }
}
