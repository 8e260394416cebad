import ScenarioRunner
import SimulationKernel

/// What `wristsim reminders --json` answers for a scenario: its deliveries and missed reminders,
/// read from the report document (the same value the command prints), through the public entry
/// points of `ScenarioRunner` only.
enum ImplementationAnswer {
    /// The answer, or a description of why there is none (a scenario that does not load, a
    /// run that broke an invariant).
    static func answer(for scenario: ReferenceScenario) -> Result<ReferenceModel.Answer, Failure> {
        let decoded: Scenario
        do {
            decoded = try ScenarioDecoder.decode(Array(scenario.json.utf8), file: "differential.json")
        } catch {
            return .failure(Failure(message: "does not load: \(error)"))
        }
        var simulation = ScenarioSimulation(scenario: decoded, trace: .off)
        let outcome = simulation.run()
        if !outcome.invariantFailures.isEmpty {
            return .failure(Failure(message: "invariants: \(outcome.invariantFailures)"))
        }
        let phone = simulation.phone.reminders.advanced(to: simulation.now)
        let document = RemindersReport(scenario: decoded, phone: phone, overdueAt: nil).document
        guard case .object(let root) = document, case .array(let deliveries)? = root["deliveries"],
            case .array(let missed)? = root["missed"], case .array(let windows)? = root["windows"]
        else { return .failure(Failure(message: "the report has no deliveries or missed list")) }
        var answer = ReferenceModel.Answer()
        for case .object(let delivery) in deliveries {
            answer.deliveries.append(
                ReferenceModel.Delivery(
                    at: seconds(delivery["at"]), id: string(delivery["id"]), badge: int(delivery["badge"]),
                    appBadge: int(delivery["appBadge"]) ?? -1))
        }
        for case .object(let miss) in missed {
            var code = ""
            if case .object(let reason)? = miss["reason"] { code = string(reason["code"]) }
            answer.missed.append(ReferenceModel.Miss(id: string(miss["id"]), due: seconds(miss["due"]), code: code))
        }
        if case .object(let notListed)? = root["notListed"] {
            answer.deliveriesNotListed = int(notListed["deliveries"]) ?? 0
            answer.missedNotListed = int(notListed["missed"]) ?? 0
            answer.windowsNotListed = int(notListed["windows"]) ?? 0
        }
        for case .object(let window) in windows {
            if case .object(let task)? = window["backgroundTask"], string(task["code"]) == "terminated" {
                answer.terminations += 1
            }
        }
        return .success(answer)
    }

    struct Failure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    private static func string(_ value: JSONValue?) -> String {
        if case .string(let text)? = value { return text }
        return ""
    }

    private static func int(_ value: JSONValue?) -> Int? {
        if case .int(let number)? = value { return Int(number) }
        return nil
    }

    /// Seconds after 2026-01-01T00:00:00Z of an ISO 8601 time the report wrote (January only).
    private static func seconds(_ value: JSONValue?) -> Int {
        let text = Array(string(value).utf8)
        guard text.count >= 19 else { return -1 }
        func number(_ from: Int, _ count: Int) -> Int {
            text[from..<(from + count)].reduce(0) { $0 * 10 + Int($1) - 48 }
        }
        let day = number(8, 2) - 1 + (number(5, 2) - 1) * 31
        return day * 86_400 + number(11, 2) * 3_600 + number(14, 2) * 60 + number(17, 2)
    }
}
