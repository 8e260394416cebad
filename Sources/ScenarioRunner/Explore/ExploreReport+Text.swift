extension ExploreReport {
    /// The summary line and the failing runs, for `wristsim explore` (and `merge` of its parts).
    package var text: String {
        var lines = [
            "explore   \(plan.file)",
            "runs      \(runs) (seed \(plan.seed)), \(failed) broke an invariant",
        ]
        if !failures.isEmpty {
            lines.append("")
            lines.append("failing runs (first \(min(failed, ExploreReport.keptFailures)))")
            for failure in failures {
                lines.append(
                    "  run \(failure.run)  seed \(failure.seed)  \(failure.failures.first?.split(separator: "\n").first ?? "")"
                )
            }
        }
        return lines.joined(separator: "\n")
    }
}
