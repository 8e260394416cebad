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
        let family = try ComplicationSettings.decodeFamily(
            try object.required("family", "a complication family"), context)
        var expectation = FamilyShows(family: family)
        if let showsNode = object.optional("shows") {
            expectation.shows = showsNode.isNull ? .notOnFace : .text(try showsNode.string(context, allowEmpty: true))
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

    /// `"complicationBudget": {"reloadsLeft": 0, "charged": 50, "refused": 30, "transfersLeft": 50}`.
    package static let budget = ExpectationKind(
        key: "complicationBudget", summary: "reloads left, charged and refused requests, transfers left"
    ) { (node: JSONNode, context: DecodingContext) throws(ScenarioError) -> any ScenarioExpectation in
        var object = try ObjectReader(node, context, what: "an object such as {\"reloadsLeft\": 0}")
        var expectation = Budget()
        expectation.reloadsLeft = try object.optional("reloadsLeft")?.int(context, in: 0...Int.max)
        expectation.charged = try object.optional("charged")?.int(context, in: 0...Int.max)
        expectation.refused = try object.optional("refused")?.int(context, in: 0...Int.max)
        expectation.transfersLeft = try object.optional("transfersLeft")?.int(context, in: 0...Int.max)
        expectation.executionLeft = try object.optional("executionLeft")?.duration(context)
        if let exhausted = object.optional("exhaustedAt") {
            expectation.exhaustedAt = exhausted.isNull ? .never : .at(try exhausted.time(context))
        }
        expectation.policyReloads = try object.optional("policyReloads")?.int(context, in: 0...Int.max)
        expectation.longestWithoutReloadAtMost = try object.optional("longestWithoutReloadAtMost")?.duration(context)
        expectation.backgroundTasks = try object.optional("backgroundTasks")?.int(context, in: 0...Int.max)
        expectation.terminated = try object.optional("terminated")?.int(context, in: 0...Int.max)
        try object.finish()
        if expectation.label == "complication budget" {
            throw context.error(
                node,
                "expected at least one of \"reloadsLeft\", \"charged\", \"refused\", \"transfersLeft\", "
                    + "\"executionLeft\", \"exhaustedAt\", \"policyReloads\", \"longestWithoutReloadAtMost\", "
                    + "\"backgroundTasks\", \"terminated\"")
        }
        return expectation
    }

    /// What a family is expected to show.
    package enum ExpectedFace: Hashable, Sendable {
        case text(String)
        /// `"shows": null`: the complication is not on the active face.
        case notOnFace

        var shown: String? {
            if case .text(let text) = self { return text }
            return nil
        }

        var description: String {
            if case .text(let text) = self { return "\"\(text)\"" }
            return "nothing (not on the face)"
        }
    }

    package struct FamilyShows: ScenarioExpectation {
        package var family: ComplicationFamily
        package var shows: ExpectedFace?
        package var staleTotalAtMost: SimDuration?
        package var staleLongestAtMost: SimDuration?

        package var label: String {
            var parts: [String] = []
            if let shows { parts.append("shows " + shows.description) }
            if let staleTotalAtMost { parts.append("stale total ≤ \(staleTotalAtMost)") }
            if let staleLongestAtMost { parts.append("stale longest ≤ \(staleLongestAtMost)") }
            return "complication \(family.rawValue) " + parts.joined(separator: ", ")
        }

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
                if actual != shows.shown {
                    problems.append(
                        "expected \(family.rawValue) to show \(shows.description), "
                            + "found \(actual.map { "\"\($0)\"" } ?? "nothing (not on the face)")")
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

    package struct Budget: ScenarioExpectation {
        package var reloadsLeft: Int?
        package var charged: Int?
        package var refused: Int?
        package var transfersLeft: Int?
        package var executionLeft: SimDuration?
        package var exhaustedAt: ExpectedExhaustion?
        package var policyReloads: Int?
        package var longestWithoutReloadAtMost: SimDuration?
        package var backgroundTasks: Int?
        package var terminated: Int?

        package var label: String {
            var parts: [String] = []
            if let reloadsLeft { parts.append("reloadsLeft = \(reloadsLeft)") }
            if let charged { parts.append("charged = \(charged)") }
            if let refused { parts.append("refused = \(refused)") }
            if let transfersLeft { parts.append("transfersLeft = \(transfersLeft)") }
            if let executionLeft { parts.append("executionLeft = \(executionLeft)") }
            if let exhaustedAt { parts.append("exhaustedAt = \(exhaustedAt.description)") }
            if let policyReloads { parts.append("policyReloads = \(policyReloads)") }
            if let longestWithoutReloadAtMost { parts.append("longestWithoutReload ≤ \(longestWithoutReloadAtMost)") }
            if let backgroundTasks { parts.append("backgroundTasks = \(backgroundTasks)") }
            if let terminated { parts.append("terminated = \(terminated)") }
            return "complication budget" + (parts.isEmpty ? "" : " " + parts.joined(separator: ", "))
        }

        package func failure(in simulation: inout ScenarioSimulation) -> String? {
            // These checks read the requests, exhaustions and tasks, never a family's staleness:
            // a report of no family, which works none out. Its transfers left are the link's, the
            // one transfer budget (`remainingComplicationUserInfoTransfers`).
            guard let report = simulation.complicationReport(families: []) else {
                return "expected a complication, found none (the scenario has no \"complication\" section)"
            }
            let now = simulation.now
            let counts = report.requestCounts
            var problems: [String] = []
            func check(_ expected: Int?, _ actual: Int, _ what: String) {
                if let expected, actual != expected { problems.append("expected \(expected) \(what), found \(actual)") }
            }
            check(reloadsLeft, report.model.budget.reloadsAllowed(at: now), "reloads left")
            check(charged, counts.charged, "charged reloads")
            check(refused, counts.refused, "refused requests")
            check(transfersLeft, report.transfersLeft ?? 0, "transfers left")
            if let executionLeft {
                let actual = report.model.budget.executionAllowance(at: now)
                if actual != executionLeft {
                    problems.append(
                        "expected \(executionLeft) of execution left, found \(actual.map(\.description) ?? "no execution budget")"
                    )
                }
            }
            if let exhaustedAt {
                let actual: ExpectedExhaustion = report.firstExhaustion.map { .at($0.at) } ?? .never
                if actual != exhaustedAt {
                    problems.append(
                        "expected the budget exhausted at \(exhaustedAt.description), found \(actual.description)")
                }
            }
            check(policyReloads, report.policyReloads.count, "policy reloads")
            if let limit = longestWithoutReloadAtMost, report.longestWithoutReload > limit {
                problems.append(
                    "expected at most \(limit) without a reload, found \(ComplicationStaleness.displayed(report.longestWithoutReload))"
                )
            }
            check(backgroundTasks, report.backgroundTasks.count, "background tasks")
            check(terminated, report.terminatedTasks.count, "terminated background tasks")
            return problems.isEmpty ? nil : problems.joined(separator: "; ")
        }
    }

    /// When a daily budget is expected to run out first: at a time, or never (`null`).
    package enum ExpectedExhaustion: Hashable, Sendable {
        case at(SimTime)
        case never

        var description: String {
            switch self {
            case .at(let time): return time.description
            case .never: return "never"
            }
        }
    }
}
