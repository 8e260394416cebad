import CompanionModel
import Testing

/// An app's one lifecycle as WatchConnectivity sees it (the phone side's, whole): every (state,
/// event) pair.
@Suite struct AppRunStateTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var from: AppRunState
        var event: AppRunState.Event
        var to: AppRunState
        var testDescription: String { "\(from.name) + \(event) → \(to.name)" }
    }

    static let cases: [Case] = [
        Case(from: .notRunning, event: .launch, to: .foreground),
        Case(from: .background, event: .launch, to: .foreground),
        Case(from: .foreground, event: .launch, to: .foreground),
        Case(from: .notRunning, event: .wakeInBackground, to: .background),
        Case(from: .background, event: .wakeInBackground, to: .background),
        // "If the app is already in the foreground, it remains in the foreground."
        Case(from: .foreground, event: .wakeInBackground, to: .foreground),
        Case(from: .foreground, event: .moveToBackground, to: .background),
        Case(from: .notRunning, event: .moveToBackground, to: .notRunning),
        Case(from: .background, event: .moveToBackground, to: .background),
        Case(from: .foreground, event: .terminate, to: .notRunning),
        Case(from: .background, event: .terminate, to: .notRunning),
        Case(from: .notRunning, event: .terminate, to: .notRunning),
    ]

    @Test(arguments: cases)
    func transition(_ test: Case) {
        var state = test.from
        state.reduce(test.event)
        #expect(state == test.to)
        #expect(state.isRunning == (test.to != .notRunning) && state.isForeground == (test.to == .foreground))
    }
}
