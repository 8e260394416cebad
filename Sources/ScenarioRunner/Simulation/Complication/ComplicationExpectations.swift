import CompanionModel
import SimulationKernel

/// Expectations about the complication at a step's time (or at the end).
package enum ComplicationExpectations {
    package static let all: [ExpectationKind] = [shows, budget]

    /// `"complication": {"family": "circular", "shows": "3", "staleTotalAtMost": "10m", "staleLongestAtMost": "5m"}`:
    /// what a family shows now (`null`: not on the active face) and bounds on its staleness so far.
    package static let shows = ExpectationKind(
        key: "complication", summary: "what a complication family shows, and bounds on its staleness"
    ) { (node: JSONNode, context: DecodingContext) throws(ScenarioError) -> any ScenarioExpectation in
        var object = try ObjectReader(
            node, context, what: "an object such as {\"family\": \"circular\", \"shows\": \"3\"}")
        let family: ComplicationFamily = try object.required("family", "a complication family").named(
            "complication family", context)
        var expectation = FamilyShows(family: family)
        if let showsNode = object.optional("shows") {
            expectation.shows = .some(showsNode.isNull ? nil : try showsNode.string(context, allowEmpty: true))
        }
        expectation.staleTotalAtMost = try object.optional("staleTotalAtMost")?.duration(context)
        expectation.staleLongestAtMost = try object.optional("staleLongestAtMost")?.duration(context)
        try object.finish()
        if expectation.shows == nil, expectation.staleTotalAtMost == nil, expectation.staleLongestAtMost == nil {
            throw context.error(
                node, "expected at least one of \"shows\", \"staleTotalAtMost\", \"staleLongestAtMost\"")
        }
        return expectation
    }

    /// `"complicationBudget": {"reloadsLeft": 0, "charged": 50, "refused": 30, "transfersLeft": 50}`:
    /// each key one figure of the budget at the step's time, checked in key order.
    package static let budget = ExpectationKind(
        key: "complicationBudget", summary: "reloads left, charged and refused requests, transfers left"
    ) { (node: JSONNode, context: DecodingContext) throws(ScenarioError) -> any ScenarioExpectation in
        var object = try ObjectReader(node, context, what: "an object such as {\"reloadsLeft\": 0}")
        var expectation = Budget()
        // A count the report gives (`what` names it in a failure): expected equal.
        func count(_ key: String, _ what: String, _ found: @escaping @Sendable (ComplicationReport, SimTime) -> Int)
            throws(ScenarioError)
        {
            guard let expected = try object.optional(key)?.int(context, in: 0...Int.max) else { return }
            expectation.add("\(key) = \(expected)") { report, now in
                let actual = found(report, now)
                return actual == expected ? nil : "expected \(expected) \(what), found \(actual)"
            }
        }
        try count("reloadsLeft", "reloads left") { report, now in report.model.budget.left(at: now).reloads }
        try count("charged", "charged reloads") { report, _ in report.requestCounts.charged }
        try count("refused", "refused requests") { report, _ in report.requestCounts.refused }
        // The link's count, the one transfer budget (`remainingComplicationUserInfoTransfers`).
        try count("transfersLeft", "transfers left") { report, _ in report.transfersLeft ?? 0 }
        if let expected = try object.optional("executionLeft")?.duration(context) {
            expectation.add("executionLeft = \(expected)") { report, now in
                let actual = report.model.budget.left(at: now).execution
                return actual == expected
                    ? nil
                    : "expected \(expected) of execution left, found \(actual.map(\.description) ?? "no execution budget")"
            }
        }
        if let exhausted = object.optional("exhaustedAt") {
            // `null`: never.
            let expected = exhausted.isNull ? nil : try exhausted.time(context)
            let words = expected?.description ?? "never"
            expectation.add("exhaustedAt = \(words)") { report, _ in
                let actual = report.firstExhaustion?.at
                return actual == expected
                    ? nil : "expected the budget exhausted at \(words), found \(actual?.description ?? "never")"
            }
        }
        try count("policyReloads", "policy reloads") { report, _ in report.policyReloads.count }
        if let limit = try object.optional("longestWithoutReloadAtMost")?.duration(context) {
            expectation.add("longestWithoutReload ≤ \(limit)") { report, _ in
                let longest = report.longestWithoutReload
                return longest <= limit
                    ? nil
                    : "expected at most \(limit) without a reload, found \(ComplicationStaleness.displayed(longest))"
            }
        }
        try count("backgroundTasks", "background tasks") { report, _ in report.backgroundTasks.count }
        try count("terminated", "terminated background tasks") { report, _ in report.terminatedTasks.count }
        try object.finish()
        if expectation.checks.isEmpty {
            throw context.error(
                node,
                "expected at least one of \"reloadsLeft\", \"charged\", \"refused\", \"transfersLeft\", "
                    + "\"executionLeft\", \"exhaustedAt\", \"policyReloads\", \"longestWithoutReloadAtMost\", "
                    + "\"backgroundTasks\", \"terminated\"")
        }
        return expectation
    }

    package struct FamilyShows: ScenarioExpectation {
        package var family: ComplicationFamily
        /// The text expected (`nil`: `"shows": null`, not on the active face); `nil` when not checked.
        package var shows: String??
        package var staleTotalAtMost: SimDuration?
        package var staleLongestAtMost: SimDuration?

        package var label: String {
            var parts: [String] = []
            if let shows { parts.append("shows " + describe(shows)) }
            if let staleTotalAtMost { parts.append("stale total ≤ \(staleTotalAtMost)") }
            if let staleLongestAtMost { parts.append("stale longest ≤ \(staleLongestAtMost)") }
            return "complication \(family.rawValue) " + parts.joined(separator: ", ")
        }

        /// What a family shows, in words: `"3"`, or for `nil` nothing (not on the face).
        private func describe(_ shown: String?) -> String { shown.map { "\"\($0)\"" } ?? "nothing (not on the face)" }

        package func failure(in simulation: inout ScenarioSimulation) -> String? {
            // The family's staleness (the costly part of a report: every instant put into words)
            // only when a limit on it is checked; a report of no family has none to work out.
            let measured = staleTotalAtMost != nil || staleLongestAtMost != nil ? [family] : []
            guard let report = simulation.complicationReport(families: measured) else {
                return "expected a complication, found none (the scenario has no \"complication\" section)"
            }
            guard report.model.configuration.families.contains(family) else {
                let enabled = report.model.configuration.families.map(\.rawValue).joined(separator: ", ")
                return "expected family \(family.rawValue) to be enabled, found only \(enabled)"
            }
            var problems: [String] = []
            if let shows {
                let actual = report.model.shownText(family, at: simulation.now)
                if actual != shows {
                    problems.append("expected \(family.rawValue) to show \(describe(shows)), found \(describe(actual))")
                }
            }
            if let staleness = report.staleness(of: family) {
                if let limit = staleTotalAtMost, staleness.totalStale > limit {
                    problems.append(
                        "expected \(family.rawValue) stale for at most \(limit) in total, found \(ComplicationStaleness.displayed(staleness.totalStale))"
                    )
                }
                if let limit = staleLongestAtMost, staleness.maxStale > limit {
                    problems.append(
                        "expected \(family.rawValue) stale for at most \(limit) at a time, found \(ComplicationStaleness.displayed(staleness.maxStale))"
                    )
                }
            }
            return problems.isEmpty ? nil : problems.joined(separator: "; ")
        }
    }

    /// The `"complicationBudget"` keys' checks, in key order: each a part of the label and what
    /// was found instead (`nil` when it holds) in the report at a time.
    package struct Budget: ScenarioExpectation {
        var checks: [(part: String, failure: @Sendable (ComplicationReport, SimTime) -> String?)] = []

        /// Adds the check `failure`, `part` of the label.
        mutating func add(_ part: String, _ failure: @escaping @Sendable (ComplicationReport, SimTime) -> String?) {
            checks.append((part, failure))
        }

        package var label: String { "complication budget " + checks.map(\.part).joined(separator: ", ") }

        package func failure(in simulation: inout ScenarioSimulation) -> String? {
            // These checks read the requests, exhaustions and tasks, never a family's staleness:
            // a report of no family, which works none out.
            guard let report = simulation.complicationReport(families: []) else {
                return "expected a complication, found none (the scenario has no \"complication\" section)"
            }
            let problems = checks.compactMap { $0.failure(report, simulation.now) }
            return problems.isEmpty ? nil : problems.joined(separator: "; ")
        }
    }
}
