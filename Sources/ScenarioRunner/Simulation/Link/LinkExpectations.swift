import CompanionModel
import SimulationKernel

/// The link's expectation keys.
package enum LinkExpectations {
    /// Every link expectation key, in documentation order.
    package static let all: [ExpectationKind] =
        [
            noMessageLost, phoneInSync, phoneChecked, outstandingTransfers, complicationBudgetRemaining, reachable,
            reachableFromPhone,
        ] + channelMetrics.map(channelCount)

    /// `"noMessageLost": true`: left to finish, the link gets every check-off to the phone
    /// exactly once and in order (messages still in transit are not lost). Checked on the settled
    /// world (``ScenarioSimulation/settled()``).
    package static let noMessageLost = discrepancies(
        "noMessageLost", summary: "every check-off reaches the phone exactly once once the link finishes",
        settled: true, found: "expected no lost, doubled or reordered list operation, found: ",
        foundNone: "expected a lost list operation, found none")

    /// `"phoneInSync": true`: right now, the phone's list equals what the user did on the watch.
    package static let phoneInSync = discrepancies(
        "phoneInSync", summary: "the phone's list equals the watch's right now", settled: false,
        found: "expected the phone in sync, found: ",
        foundNone: "expected the phone behind the watch, found it in sync")

    /// `"phoneChecked": ["kale"]`: exactly these items are checked off on the phone.
    package static let phoneChecked = ExpectationKind(
        key: "phoneChecked", summary: "exactly these items are checked off on the phone"
    ) { (node: JSONNode, context: DecodingContext) throws(ScenarioError) -> any ScenarioExpectation in
        var items: [ItemID] = []
        for element in try node.array(context) { items.append(try element.itemReference(context)) }
        let expected = items.sorted()
        return LinkCheck(label: "phoneChecked = [\(items.joined(separator: ", "))]") { simulation in
            let actual = simulation.phone.sync.replica.list.filter { $0.status == .checkedOff }.map(\.id).sorted()
            return actual == expected
                ? nil
                : "expected [\(expected.joined(separator: ", "))] checked on the phone, "
                    + "found [\(actual.joined(separator: ", "))]"
        }
    }

    /// `"outstandingTransfers": 2`: watch userInfo transfers not yet received by the phone app.
    package static let outstandingTransfers = count(
        "outstandingTransfers", summary: "watch transfers not yet received by the phone app",
        found: "outstanding watch transfers"
    ) { $0.link.transport.outstandingTransfers(from: .watch).count }

    /// `"complicationBudgetRemaining": 0`: `remainingComplicationUserInfoTransfers` now.
    package static let complicationBudgetRemaining = count(
        "complicationBudgetRemaining", summary: "complication transfers left today",
        found: "complication transfers left"
    ) { $0.link.transport.complicationBudget.remaining(at: $0.now) }

    /// `"reachable": false`: whether the watch can send the phone an interactive message now.
    package static let reachable = reachability(
        "reachable", from: .watch, summary: "whether the phone is reachable from the watch")

    /// `"reachableFromPhone": false`: whether the phone can send the watch an interactive message
    /// now (`isReachable` on the phone: the watch app must be in the foreground).
    package static let reachableFromPhone = reachability(
        "reachableFromPhone", from: .phone, summary: "whether the watch is reachable from the phone")

    /// The per-channel counter keys (`"delivered": {"interactive": 3, "userInfo": 2}`, and likewise
    /// the others), each with the statistic it counts.
    static let channelMetrics: [(key: String, value: @Sendable (ChannelStatistics) -> Int)] = [
        ("delivered", { $0.delivered }), ("failed", { $0.failed }), ("duplicates", { $0.duplicates }),
        ("retried", { $0.retried }), ("fellBack", { $0.fellBack }),
    ]

    /// The key of `metric`: an object of channel names to counts.
    static func channelCount(_ metric: (key: String, value: @Sendable (ChannelStatistics) -> Int)) -> ExpectationKind {
        ExpectationKind(key: metric.key, summary: "per channel: \(metric.key) count") {
            (node: JSONNode, context: DecodingContext) throws(ScenarioError) -> any ScenarioExpectation in
            guard case .object(let members) = node.value, !members.isEmpty else {
                throw context.error(
                    node,
                    "expected an object of channel counts such as {\"interactive\": 3}, found "
                        + node.kindDescription)
            }
            var counts: [(LinkChannel, Int)] = []
            for member in members {
                guard let channel = LinkChannel.allCases.first(where: { $0.name == member.key }) else {
                    throw context.error(
                        key: member, Suggestion.unknown("channel", member.key, among: LinkChannel.allCases.map(\.name)))
                }
                counts.append((channel, try member.value.int(context, in: 0...Int.max)))
            }
            let label = "\(metric.key) = {" + counts.map { "\($0.0.name): \($0.1)" }.joined(separator: ", ") + "}"
            return LinkCheck(label: label) { [counts] simulation in
                let wrong = counts.compactMap { channel, expected -> String? in
                    let actual = metric.value(simulation.link.transport.statistics(channel))
                    return actual == expected ? nil : "\(channel.name) expected \(expected), found \(actual)"
                }
                return wrong.isEmpty ? nil : "\(metric.key): " + wrong.joined(separator: "; ")
            }
        }
    }

    /// A `true`/`false` key on whether the two lists agree (``ScenarioSimulation/syncDiscrepancies()``),
    /// in the world as it is or, if `settled`, once the link is left to finish; `found` starts
    /// the failure that lists the problems, `foundNone` is the failure when none is found.
    private static func discrepancies(
        _ key: String, summary: String, settled: Bool, found: String, foundNone: String
    ) -> ExpectationKind {
        ExpectationKind(key: key, summary: summary) {
            (node: JSONNode, context: DecodingContext) throws(ScenarioError) -> any ScenarioExpectation in
            let expected = try node.bool(context)
            return LinkCheck(label: "\(key) = \(expected)") { simulation in
                let problems = settled ? simulation.settled().syncDiscrepancies() : simulation.syncDiscrepancies()
                if problems.isEmpty == expected { return nil }
                return expected ? found + problems.map(\.description).joined(separator: "; ") : foundNone
            }
        }
    }

    /// A key whose value is a count (0 or more) of what `actual` counts now, `found` naming it in
    /// the failure.
    private static func count(
        _ key: String, summary: String, found: String, _ actual: @escaping @Sendable (ScenarioSimulation) -> Int
    ) -> ExpectationKind {
        ExpectationKind(key: key, summary: summary) {
            (node: JSONNode, context: DecodingContext) throws(ScenarioError) -> any ScenarioExpectation in
            let count = try node.int(context, in: 0...Int.max)
            return LinkCheck(label: "\(key) = \(count)") { simulation in
                let value = actual(simulation)
                return value == count ? nil : "expected \(count) \(found), found \(value)"
            }
        }
    }

    /// A `true`/`false` key on `isReachable` as `side` sees it now.
    private static func reachability(_ key: String, from side: LinkSide, summary: String) -> ExpectationKind {
        ExpectationKind(key: key, summary: summary) {
            (node: JSONNode, context: DecodingContext) throws(ScenarioError) -> any ScenarioExpectation in
            let expected = try node.bool(context)
            return LinkCheck(label: "\(key) = \(expected)") { simulation in
                let actual = simulation.context.reachability(from: side)
                if actual.isReachable == expected { return nil }
                if case .unreachable(let reason) = actual {
                    return "expected reachable, found unreachable (\(reason.name))"
                }
                return "expected unreachable, found reachable"
            }
        }
    }
}

/// An expectation one of the link's or the sync's keys decoded: its label, and its check (`nil`
/// when it holds, else what was found instead).
struct LinkCheck: ScenarioExpectation {
    let label: String
    let check: @Sendable (ScenarioSimulation) -> String?

    func failure(in simulation: inout ScenarioSimulation) -> String? { check(simulation) }
}
