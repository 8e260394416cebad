import CompanionModel
import SimulationKernel

/// The link's expectation keys.
package enum LinkExpectations {
    /// Every link expectation key, in documentation order.
    package static let all: [ExpectationKind] =
        [
            noMessageLost, phoneInSync, phoneChecked, outstandingTransfers, complicationBudgetRemaining, reachable,
            reachableFromPhone,
        ] + ChannelCount.Metric.allCases.map(channelCount)

    /// `"noMessageLost": true`: left to finish, the link gets every check-off to the phone
    /// exactly once and in order (messages still in transit are not lost).
    package static let noMessageLost = ExpectationKind(
        key: "noMessageLost", summary: "every check-off reaches the phone exactly once once the link finishes"
    ) { (node: JSONNode, context: DecodingContext) throws(ScenarioError) -> any ScenarioExpectation in
        NoMessageLost(expected: try node.bool(context))
    }

    /// `"phoneInSync": true`: right now, the phone's list equals what the user did on the watch.
    package static let phoneInSync = ExpectationKind(
        key: "phoneInSync", summary: "the phone's list equals the watch's right now"
    ) { (node: JSONNode, context: DecodingContext) throws(ScenarioError) -> any ScenarioExpectation in
        PhoneInSync(expected: try node.bool(context))
    }

    /// `"phoneChecked": ["kale"]`: exactly these items are checked off on the phone.
    package static let phoneChecked = ExpectationKind(
        key: "phoneChecked", summary: "exactly these items are checked off on the phone"
    ) { (node: JSONNode, context: DecodingContext) throws(ScenarioError) -> any ScenarioExpectation in
        var items: [ItemID] = []
        for element in try node.array(context) { items.append(try element.itemReference(context)) }
        return PhoneChecked(items: items)
    }

    /// `"outstandingTransfers": 2`: watch userInfo transfers not yet received by the phone app.
    package static let outstandingTransfers = ExpectationKind(
        key: "outstandingTransfers", summary: "watch transfers not yet received by the phone app"
    ) { (node: JSONNode, context: DecodingContext) throws(ScenarioError) -> any ScenarioExpectation in
        OutstandingTransfers(count: try node.int(context, in: 0...Int.max))
    }

    /// `"complicationBudgetRemaining": 0`: `remainingComplicationUserInfoTransfers` now.
    package static let complicationBudgetRemaining = ExpectationKind(
        key: "complicationBudgetRemaining", summary: "complication transfers left today"
    ) { (node: JSONNode, context: DecodingContext) throws(ScenarioError) -> any ScenarioExpectation in
        BudgetRemaining(count: try node.int(context, in: 0...Int.max))
    }

    /// `"reachable": false`: whether the watch can send the phone an interactive message now.
    package static let reachable = ExpectationKind(
        key: "reachable", summary: "whether the phone is reachable from the watch"
    ) { (node: JSONNode, context: DecodingContext) throws(ScenarioError) -> any ScenarioExpectation in
        Reachable(expected: try node.bool(context), side: .watch)
    }

    /// `"reachableFromPhone": false`: whether the phone can send the watch an interactive message
    /// now (`isReachable` on the phone: the watch app must be in the foreground).
    package static let reachableFromPhone = ExpectationKind(
        key: "reachableFromPhone", summary: "whether the watch is reachable from the phone"
    ) { (node: JSONNode, context: DecodingContext) throws(ScenarioError) -> any ScenarioExpectation in
        Reachable(expected: try node.bool(context), side: .phone)
    }

    /// `"delivered": {"interactive": 3, "userInfo": 2}` and likewise `failed`, `duplicates`,
    /// `retried`, `fellBack`: per-channel counters.
    static func channelCount(_ metric: ChannelCount.Metric) -> ExpectationKind {
        ExpectationKind(key: metric.rawValue, summary: "per channel: \(metric.rawValue) count") {
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
                    let names = LinkChannel.allCases.map(\.name)
                    var message = "unknown channel \"\(member.key)\""
                    if let suggestion = Suggestion.closest(to: member.key, in: names) {
                        message += "; did you mean \"\(suggestion)\"?"
                    }
                    throw context.error(key: member, message + " expected one of: " + names.joined(separator: ", "))
                }
                counts.append((channel, try member.value.int(context, in: 0...Int.max)))
            }
            return ChannelCount(metric: metric, counts: counts)
        }
    }

    /// `noMessageLost`: checked on a settled copy of the link.
    package struct NoMessageLost: ScenarioExpectation {
        package var expected: Bool
        package var label: String { "noMessageLost = \(expected)" }
        package func failure(in simulation: ScenarioSimulation) -> String? {
            let problems = simulation.settled().syncDiscrepancies()
            if problems.isEmpty == expected { return nil }
            return expected
                ? "expected no lost, doubled or reordered list operation, found: "
                    + problems.map(\.description).joined(separator: "; ")
                : "expected a lost list operation, found none"
        }
    }

    /// `phoneInSync`: checked on the link as it is.
    package struct PhoneInSync: ScenarioExpectation {
        package var expected: Bool
        package var label: String { "phoneInSync = \(expected)" }
        package func failure(in simulation: ScenarioSimulation) -> String? {
            let problems = simulation.syncDiscrepancies()
            if problems.isEmpty == expected { return nil }
            return expected
                ? "expected the phone in sync, found: " + problems.map(\.description).joined(separator: "; ")
                : "expected the phone behind the watch, found it in sync"
        }
    }

    /// `phoneChecked`: the phone's checked items.
    package struct PhoneChecked: ScenarioExpectation {
        package var items: [ItemID]
        package var label: String { "phoneChecked = [\(items.joined(separator: ", "))]" }
        package func failure(in simulation: ScenarioSimulation) -> String? {
            let actual = simulation.phone.sync.replica.list.filter { $0.status == .checkedOff }.map(\.id).sorted()
            return actual == items.sorted()
                ? nil
                : "expected [\(items.sorted().joined(separator: ", "))] checked on the phone, "
                    + "found [\(actual.joined(separator: ", "))]"
        }
    }

    /// `outstandingTransfers`: the watch's outstanding userInfo transfers.
    package struct OutstandingTransfers: ScenarioExpectation {
        package var count: Int
        package var label: String { "outstandingTransfers = \(count)" }
        package func failure(in simulation: ScenarioSimulation) -> String? {
            let actual = simulation.link.transport.outstandingTransfers(from: .watch).count
            return actual == count ? nil : "expected \(count) outstanding watch transfers, found \(actual)"
        }
    }

    /// `complicationBudgetRemaining`.
    package struct BudgetRemaining: ScenarioExpectation {
        package var count: Int
        package var label: String { "complicationBudgetRemaining = \(count)" }
        package func failure(in simulation: ScenarioSimulation) -> String? {
            let actual = simulation.link.transport.complicationBudget.remaining(at: simulation.now)
            return actual == count ? nil : "expected \(count) complication transfers left, found \(actual)"
        }
    }

    /// `reachable` (from the watch) and `reachableFromPhone`.
    package struct Reachable: ScenarioExpectation {
        package var expected: Bool
        /// Whose `isReachable`.
        package var side: LinkSide
        package var label: String { side == .watch ? "reachable = \(expected)" : "reachableFromPhone = \(expected)" }
        package func failure(in simulation: ScenarioSimulation) -> String? {
            let actual = simulation.reachability(from: side)
            if actual.isReachable == expected { return nil }
            if case .unreachable(let reason) = actual {
                return "expected reachable, found unreachable (\(reason.name))"
            }
            return "expected unreachable, found reachable"
        }
    }

    /// A per-channel counter (`delivered`, `failed`, …).
    package struct ChannelCount: ScenarioExpectation {
        /// Which counter.
        package enum Metric: String, Sendable, CaseIterable {
            case delivered, failed, duplicates, retried, fellBack
        }

        package var metric: Metric
        package var counts: [(LinkChannel, Int)]
        package var label: String {
            "\(metric.rawValue) = {" + counts.map { "\($0.0.name): \($0.1)" }.joined(separator: ", ") + "}"
        }

        package func failure(in simulation: ScenarioSimulation) -> String? {
            let statistics = simulation.link.transport.statistics
            let wrong = counts.compactMap { channel, expected -> String? in
                let actual = value(statistics[channel])
                return actual == expected ? nil : "\(channel.name) expected \(expected), found \(actual)"
            }
            return wrong.isEmpty ? nil : "\(metric.rawValue): " + wrong.joined(separator: "; ")
        }

        private func value(_ statistics: ChannelStatistics) -> Int {
            switch metric {
            case .delivered: return statistics.delivered
            case .failed: return statistics.failed
            case .duplicates: return statistics.duplicates
            case .retried: return statistics.retried
            case .fellBack: return statistics.fellBack
            }
        }
    }
}
