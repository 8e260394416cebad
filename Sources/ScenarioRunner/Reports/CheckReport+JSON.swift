import SimulationKernel

extension CheckReport {
    /// JSON Lines, schema `wristsim.check/1`: one `scenario` record per file (`file`, `name`,
    /// `status`, `expectations`, `failures` (each with its line, column and JSON path), and
    /// `moreFailures`: how many errors of an invalid file were
    /// found beyond the ones listed, at most ``ScenarioErrorCollector/limit``), then one `summary` record with the three counts.
    package var jsonLines: String { records.map(\.compact).joined(separator: "\n") }

    /// The JSON Lines records.
    package var records: [JSONValue] {
        func record(_ type: String) -> JSONObject {
            ["schema": .string(CheckReport.jsonSchema), "type": .string(type)]
        }
        var records: [JSONValue] = []
        for entry in entries {
            var object = record("scenario")
            object.append("file", .string(entry.file))
            switch entry {
            case .ran(_, let outcome):
                object.append("name", .string(outcome.scenario.name))
                object.append("status", .string(entry.status.rawValue))
                object.append("expectations", .count(outcome.expectations.count))
                object.append("failures", FailureList(outcome: outcome).json)
                object.append("moreFailures", .count(0))
            case .invalid(_, let error):
                object.append("name", .null)
                object.append("status", .string(entry.status.rawValue))
                object.append("expectations", .count(0))
                object.append(
                    "failures",
                    .array(
                        error.all.map { error in
                            FailureList.failure(
                                code: "invalidScenario", message: error.message, expect: nil,
                                line: error.location?.line, column: error.location?.column, path: error.path,
                                at: nil)
                        }))
                object.append("moreFailures", .count(error.omitted))
            }
            records.append(.object(object))
        }
        var summary = record("summary")
        summary.append("passed", .count(count(.passed)))
        summary.append("failed", .count(count(.failed)))
        summary.append("invalid", .count(count(.invalid)))
        records.append(.object(summary))
        return records
    }
}
