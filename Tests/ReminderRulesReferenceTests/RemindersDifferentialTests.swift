import Foundation
import Testing

/// The reference model of `docs/reminders.md` against `wristsim reminders`, on generated
/// scenarios. `swift test` runs a short run; `Scripts/reminders-differential.sh` (or the variable
/// `REMINDERS_DIFFERENTIAL_RUNS=N`) the long one. A disagreement prints its seed and the path of a
/// minimised scenario file (in `REMINDERS_DIFFERENTIAL_OUT`, default the temporary folder).
@Suite struct RemindersDifferentialTests {
    /// Seeds of the short run.
    static let shortRun: UInt64 = 300

    @Test func theImplementationAgreesWithTheReferenceModel() throws {
        let environment = ProcessInfo.processInfo.environment
        let runs = environment["REMINDERS_DIFFERENTIAL_RUNS"].flatMap(UInt64.init) ?? Self.shortRun
        let first = environment["REMINDERS_DIFFERENTIAL_FIRST"].flatMap(UInt64.init) ?? 0
        var disagreements: [String] = []
        for seed in first..<(first + runs) {
            let scenario = ScenarioGenerator.scenario(seed: seed)
            guard let difference = Self.difference(scenario) else { continue }
            let minimised = Self.minimise(scenario)
            let path = Self.write(minimised)
            disagreements.append(
                "seed \(seed): \(difference)\n  minimised: \(path)\n  \(Self.difference(minimised) ?? "")")
            if disagreements.count >= 10 { break }
        }
        print("reminders differential: \(runs) scenarios from seed \(first), \(disagreements.count) disagreements")
        #expect(disagreements.isEmpty, "\(disagreements.joined(separator: "\n"))")
    }

    /// The first difference between the model and the implementation, or `nil` when they agree.
    static func difference(_ scenario: ReferenceScenario) -> String? {
        let expected = ReferenceModel.answer(for: scenario)
        let actual: ReferenceModel.Answer
        switch ImplementationAnswer.answer(for: scenario) {
        case .success(let answer): actual = answer
        case .failure(let failure): return failure.description
        }
        // The report lists the first records and counts the rest (docs/reminders.md, "How much a
        // report lists"): the model's lists are compared with the listed ones, and its counts with
        // the listed plus the not-listed.
        if let text = firstDifference(
            "delivery", expected.deliveries, actual.deliveries, notListed: actual.deliveriesNotListed)
        {
            return text
        }
        if let text = firstDifference("missed", expected.missed, actual.missed, notListed: actual.missedNotListed) {
            return text
        }
        // A termination is read from the windows list: past the listed runs it is not known.
        if actual.windowsNotListed == 0, expected.terminations != actual.terminations {
            return "terminations: model \(expected.terminations), wristsim \(actual.terminations)"
        }
        return nil
    }

    private static func firstDifference<T: Equatable & CustomStringConvertible>(
        _ what: String, _ expected: [T], _ actual: [T], notListed: Int
    ) -> String? {
        // Past the listed records (when some are not listed), only the count is compared.
        let compared = notListed > 0 ? actual.count : max(expected.count, actual.count)
        for index in 0..<compared {
            let model = index < expected.count ? expected[index].description : "none"
            let implementation = index < actual.count ? actual[index].description : "none"
            if model != implementation {
                return "\(what) #\(index + 1): model \(model), wristsim \(implementation)"
                    + " (model \(expected.count), wristsim \(actual.count))"
            }
        }
        if expected.count != actual.count + notListed {
            return "\(what) count: model \(expected.count), wristsim \(actual.count) listed + \(notListed) not listed"
        }
        return nil
    }

    /// A smaller scenario that still disagrees: steps, repeating reminders, periodic runs and
    /// items are taken out one at a time while the disagreement stays.
    static func minimise(_ scenario: ReferenceScenario) -> ReferenceScenario {
        var best = scenario
        var progress = true
        while progress {
            progress = false
            var candidates: [ReferenceScenario] = []
            for index in best.steps.indices {
                var smaller = best
                smaller.steps.remove(at: index)
                candidates.append(smaller)
            }
            for index in best.repeating.indices {
                var smaller = best
                smaller.repeating.remove(at: index)
                candidates.append(smaller)
            }
            if best.appRuns != nil {
                var smaller = best
                smaller.appRuns = nil
                candidates.append(smaller)
            }
            for item in best.items where best.items.count > 1 {
                var smaller = best
                smaller.items.removeAll { $0.id == item.id }
                smaller.steps.removeAll { $0.action.item == item.id }
                candidates.append(smaller)
            }
            for candidate in candidates where difference(candidate) != nil {
                best = candidate
                progress = true
                break
            }
        }
        return best
    }

    private static func write(_ scenario: ReferenceScenario) -> String {
        let environment = ProcessInfo.processInfo.environment
        let folder = environment["REMINDERS_DIFFERENTIAL_OUT"] ?? NSTemporaryDirectory()
        let path = (folder as NSString).appendingPathComponent("reminders-differential-\(scenario.seed).json")
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try scenario.json.write(toFile: path, atomically: true, encoding: .utf8)
        } catch {
            return "(not written: \(error))"
        }
        return path
    }
}
