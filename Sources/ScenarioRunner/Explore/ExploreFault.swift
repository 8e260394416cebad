import SimulationKernel

/// One fault of an exploration run, in the scenario format's own terms: a `"link"` setting or
/// a script step, so a reproduction file spells it out.
package enum ExploreFault: Hashable, Sendable {
    /// `link.unreachable`: the phone out of range from `from` to `to`.
    case unreachable(from: SimTime, to: SimTime)
    /// `link.latency`: `{"exponential": {"mean": mean}}`.
    case latency(mean: SimDuration)
    /// `link.duplicateProbability`, in thousandths.
    case duplicates(perMille: Int)
    /// `link.terminations`: an app killed at `at`, relaunched `relaunchAfter` later (or never).
    case termination(phone: Bool, at: SimTime, relaunchAfter: SimDuration?)
    /// Steps `sessionBecomeInactive` at `at`, `activateSession` `length` later.
    case sessionFlap(at: SimTime, length: SimDuration)
    /// Steps `lowerWrist` at `at`, `raiseWrist` `length` later.
    case wristDown(at: SimTime, length: SimDuration)
    /// A step that runs the phone app (`launchApp`, `appForeground`, `backgroundRefresh`) at `at`.
    case appRun(kind: String, at: SimTime)

    /// A short description for reports (`unreachable +1m30s..+4m`).
    package var label: String {
        switch self {
        case .unreachable(let from, let to): return "unreachable \(from)..\(to)"
        case .latency(let mean): return "latency exponential mean \(mean)"
        case .duplicates(let perMille): return "duplicates \(perMille)‰"
        case .termination(let phone, let at, let relaunch):
            return "kill \(phone ? "phone" : "watch") app at \(at)" + (relaunch.map { ", relaunch after \($0)" } ?? "")
        case .sessionFlap(let at, let length): return "session inactive at \(at) for \(length)"
        case .wristDown(let at, let length): return "wrist down at \(at) for \(length)"
        case .appRun(let kind, let at): return "\(kind) at \(at)"
        }
    }

    /// The same fault made smaller for shrinking (windows and delays halved), or `nil` when it
    /// cannot shrink further.
    var smaller: ExploreFault? {
        func half(_ duration: SimDuration) -> SimDuration? {
            duration > .seconds(1) ? SimDuration(nanoseconds: duration.nanoseconds / 2) : nil
        }
        switch self {
        case .unreachable(let from, let to):
            return half(to - from).map { .unreachable(from: from, to: from + $0) }
        case .latency(let mean):
            return mean > .milliseconds(20) ? .latency(mean: SimDuration(nanoseconds: mean.nanoseconds / 2)) : nil
        case .duplicates(let perMille):
            return perMille > 10 ? .duplicates(perMille: perMille / 2) : nil
        case .termination(let phone, let at, let relaunch?):
            return half(relaunch).map { .termination(phone: phone, at: at, relaunchAfter: $0) }
        case .termination: return nil
        case .sessionFlap(let at, let length): return half(length).map { .sessionFlap(at: at, length: $0) }
        case .wristDown(let at, let length): return half(length).map { .wristDown(at: at, length: $0) }
        case .appRun: return nil
        }
    }
}
