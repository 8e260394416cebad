// A libFuzzer target: decodes the input as a scenario file and, when it is valid, runs it with a
// small event limit and renders its reports. Any crash, trap, hang (libFuzzer's -timeout) or
// runaway memory (-rss_limit_mb) is a bug: a scenario file must always end in a result or a
// located error. Built and run by `Scripts/fuzz.sh scenario` (swiftc -sanitize=fuzzer).
import ScenarioRunner
import SimulationKernel

/// The event limit of a fuzzed run: small, so every input finishes in milliseconds.
let fuzzEventLimit = EventLimit(20_000)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScenario(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let scenario: Scenario
    do {
        scenario = try ScenarioDecoder.decode(bytes, file: "fuzz.json")
    } catch {
        _ = error.description
        return 0
    }
    var limited = scenario
    limited.eventLimit = EventLimit(min(scenario.eventLimit.maximum, fuzzEventLimit.maximum))
    var simulation = ScenarioSimulation(scenario: limited, seed: nil)
    let outcome = simulation.run()
    let report = RunReport(outcome: outcome, includeTrace: true)
    _ = report.text
    _ = report.jsonLines
    return 0
}
