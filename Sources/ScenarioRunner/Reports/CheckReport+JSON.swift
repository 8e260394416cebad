import SimulationKernel

extension CheckReport {
    /// JSON Lines, schema `wristsim.check/1`: one `scenario` record per file (`file`, `name`,
    /// `status`, `expectations`, `failures` (each with its line, column and JSON path), and
    /// `moreFailures`: how many errors of an invalid file were
    /// found beyond the ones listed, at most ``ScenarioErrorCollector/limit``), then one `summary` record with the three counts.
    package var jsonLines: String { records.map(\.compact).joined(separator: "\n") }

    /// The JSON Lines records.
    package var records: [JSONValue] {
        let schema = JSONValue.string(CheckReport.jsonSchema)
        return entries.map { entry -> JSONValue in
            let (name, expectations, failures, more): (JSONValue, Int, JSONValue, Int)
            switch entry {
            case .ran(_, let outcome):
                (name, expectations, failures, more) = (
                    .string(outcome.scenario.name), outcome.expectations.count, FailureList(outcome: outcome).json, 0
                )
            case .invalid(_, let error):
                let invalid = error.all.map { error in
                    FailureList.failure(
                        code: "invalidScenario", message: error.message, line: error.location?.line,
                        column: error.location?.column, path: error.path)
                }
                (name, expectations, failures, more) = (.null, 0, .array(invalid), error.omitted)
            }
            return [
                "schema": schema, "type": "scenario", "file": .string(entry.file), "name": name,
                "status": .string(entry.status.rawValue), "expectations": .count(expectations), "failures": failures,
                "moreFailures": .count(more),
            ]
        } + [
            [
                "schema": schema, "type": "summary", "passed": .count(count(.passed)), "failed": .count(count(.failed)),
                "invalid": .count(count(.invalid)),
            ]
        ]
    }
}
