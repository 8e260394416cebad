import CompanionModel
import SimulationKernel

/// The pictures of one scenario, built from its extracted data. The HTML report inlines them;
/// `latency --svg`, `timeline --svg`, `run --svg` and `reminders --svg` write them alone.
extension ScenarioReportData {
    /// The swimlanes of tap `tap` (0-based) under every pipeline, on one time axis.
    package func swimlanes(tap: Int, caption: String) -> TapSwimlanesSVG? {
        guard !pipelineRuns.isEmpty else { return nil }
        let runs = pipelineRuns.map { TapSwimlanesSVG.Run(profile: $0, messages: Self.linkMessages($0.outcome.trace)) }
        return TapSwimlanesSVG(title: "\(caption) · \(scenario.name)", runs: runs, tap: tap)
    }

    /// Every tap's latency per pipeline and watch, on one axis, with the per-step breakdown.
    package var latencyPicture: LatencyHistogramSVG? {
        pipelineRuns.isEmpty ? nil : LatencyHistogramSVG(profiles: pipelineRuns + slowestWatchRuns)
    }

    /// The link's sequence diagram of a finished run (`run --svg`; lifelines only when nothing
    /// crossed the link).
    package static func linkPicture(of outcome: ScenarioOutcome) -> LinkSequenceSVG {
        LinkSequenceSVG(
            title: "Watch ↔ phone link · \(outcome.scenario.name)", messages: linkMessages(outcome.trace),
            bands: linkBands(outcome.trace, end: outcome.endTime), actions: linkActions(outcome.trace), start: .zero,
            end: outcome.endTime, origin: outcome.scenario.start)
    }

    /// The reminders chart of a finished run's phone (`reminders --svg`).
    package static func remindersPicture(phone: PhoneReminders, scenario: Scenario) -> RemindersChartSVG {
        RemindersChartSVG(phone: phone, scenario: scenario)
    }
}
