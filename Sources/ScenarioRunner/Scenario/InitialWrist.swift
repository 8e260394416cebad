import CompanionModel
import SimulationKernel

/// Where the user's wrist is and what the watch shows when a scenario starts: the scenario's
/// `"wrist"` key. Written in every run's trace (`scenario.start … wrist=raised`) so a script
/// never has to guess.
public enum InitialWrist: String, CaseIterable, Hashable, Sendable {
    /// The default: the wrist is raised with the shopping list on screen, ready for taps.
    case raised
    /// The wrist is raised on the clock face: a tap needs an `openApp` first.
    case raisedOnClock
    /// The wrist is down and the face is back on the clock: the first `raiseWrist` shows the
    /// clock face, and the app must be opened before taps reach the list.
    case lowered

    /// The wrist-and-app lifecycle state at the scenario's start.
    public var state: WristAppState {
        switch self {
        case .raised: return .appActive(since: .zero)
        case .raisedOnClock: return .clockFace(since: .zero)
        case .lowered: return .clockAsleep(since: .zero)
        }
    }

    /// The accepted spellings, for error messages.
    public static var names: String { allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ") }
}

extension ScenarioDecoder {
    /// Decodes `"wrist": "raised" | "raisedOnClock" | "lowered"`.
    static func decodeInitialWrist(_ node: JSONNode, _ context: DecodingContext) throws(ScenarioError)
        -> InitialWrist
    {
        let text = try node.string(context)
        guard let wrist = InitialWrist(rawValue: text) else {
            var message = "unknown wrist position \(Excerpt.quoted(text))"
            if let suggestion = Suggestion.closest(to: text, in: InitialWrist.allCases.map(\.rawValue)) {
                message += "; did you mean \"\(suggestion)\"?"
            }
            throw context.error(node, message + "; expected one of: " + InitialWrist.names)
        }
        return wrist
    }
}
