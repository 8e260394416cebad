import CompanionModel
import ReminderScheduling
import SimulationKernel

/// Expectation keys of the reminders feature, checked on the phone's reminders at the step's time.
///
/// Each reads the reminders in place (``PhoneReminders/reading(at:_:)``): a copy is made only when
/// something would happen between the phone's last move of time and the step's time.
package enum RemindersExpectations {
    package static let all: [ExpectationKind] = [
        badge, pendingNotifications, deliveries, missedReminders, overdue, backgroundTasksTerminated,
    ]

    /// `"backgroundTasksTerminated": 1`: background refresh tasks the system terminated so far (rule S6).
    package static let backgroundTasksTerminated = ExpectationKind(
        key: "backgroundTasksTerminated",
        summary: "phone background refresh tasks terminated so far (over their limits)"
    ) { (node: JSONNode, context: DecodingContext) throws(ScenarioError) -> any ScenarioExpectation in
        TerminatedTasks(value: try node.int(context, in: 0...Int.max))
    }

    /// `"badge": 3`: the phone app's icon badge.
    package static let badge = ExpectationKind(key: "badge", summary: "the phone app's icon badge") {
        (node: JSONNode, context: DecodingContext) throws(ScenarioError) -> any ScenarioExpectation in
        Badge(value: try node.int(context, in: 0...Int.max))
    }

    /// `"pendingNotifications": 60`: requests pending in the (simulated) system center.
    package static let pendingNotifications = ExpectationKind(
        key: "pendingNotifications", summary: "notification requests pending in the system"
    ) { (node: JSONNode, context: DecodingContext) throws(ScenarioError) -> any ScenarioExpectation in
        PendingCount(value: try node.int(context, in: 0...Int.max))
    }

    /// `"deliveries": 4`, or `[{"item": "milk", "badge": 1}, ...]`: alerts delivered so far (count, or
    /// each one in order with its badge; `"badge": null` for one that left the badge unchanged).
    package static let deliveries = ExpectationKind(
        key: "deliveries", summary: "alerts delivered so far: a count or [{\"item\", \"badge\"}] in order"
    ) { (node: JSONNode, context: DecodingContext) throws(ScenarioError) -> any ScenarioExpectation in
        if case .array = node.value {
            var expected: [ExpectedDelivery] = []
            for element in try node.array(context) {
                var object = try ObjectReader(
                    element, context, what: "a delivery such as {\"item\": \"milk\", \"badge\": 1}")
                let item = try object.required("item", "the item (or repeating reminder) id").string(context)
                let badgeNode = try object.required("badge", "the badge it carried, or null")
                let badge: Int? =
                    if case .null = badgeNode.value { nil } else { try badgeNode.int(context, in: 0...Int.max) }
                try object.finish()
                expected.append(ExpectedDelivery(item: item, badge: badge))
            }
            return Deliveries(count: nil, list: expected)
        }
        return Deliveries(count: try node.int(context, in: 0...Int.max), list: nil)
    }

    /// `"missedReminders": 3` or `["milk", "eggs"]`: reminders missed so far (count, or their items in due order).
    package static let missedReminders = ExpectationKind(
        key: "missedReminders", summary: "reminders missed so far: a count or item ids in due order"
    ) { (node: JSONNode, context: DecodingContext) throws(ScenarioError) -> any ScenarioExpectation in
        if case .array = node.value {
            return Missed(
                count: nil,
                items: try node.array(context).map { element throws(ScenarioError) in try element.string(context) })
        }
        return Missed(count: try node.int(context, in: 0...Int.max), items: nil)
    }

    /// `"overdue": ["milk"]`: incomplete items due by now, as the phone knows them, in due order.
    package static let overdue = ExpectationKind(key: "overdue", summary: "items overdue now, in due order") {
        (node: JSONNode, context: DecodingContext) throws(ScenarioError) -> any ScenarioExpectation in
        Overdue(
            items: try node.array(context).map { element throws(ScenarioError) in try element.itemReference(context) })
    }

    package struct Badge: ScenarioExpectation {
        package var value: Int
        package var label: String { "badge = \(value)" }
        package func failure(in simulation: inout ScenarioSimulation) -> String? {
            let actual = simulation.phone.reminders.reading(at: simulation.now, { $0.harness.center.badge })
            return actual == value ? nil : "expected badge \(value), found \(actual)"
        }
    }

    package struct PendingCount: ScenarioExpectation {
        package var value: Int
        package var label: String { "pendingNotifications = \(value)" }
        package func failure(in simulation: inout ScenarioSimulation) -> String? {
            let actual = simulation.phone.reminders.reading(at: simulation.now, { $0.harness.center.pendingCount })
            return actual == value ? nil : "expected \(value) pending notifications, found \(actual)"
        }
    }

    package struct ExpectedDelivery: Sendable, Hashable {
        package var item: String
        package var badge: Int?
        var text: String { "\(item) (badge \(badge.map(String.init) ?? "unchanged"))" }
    }

    package struct Deliveries: ScenarioExpectation {
        package var count: Int?
        package var list: [ExpectedDelivery]?
        package var label: String {
            if let count { return "deliveries = \(count)" }
            return "deliveries = [\((list ?? []).map(\.text).joined(separator: ", "))]"
        }
        /// Compares the alerts in place (no list is built unless they differ). A list is compared
        /// with the deliveries kept in full (``RecordLog/limit``): past them it cannot match, and
        /// the message says how many were not kept.
        ///
        /// - Complexity: O(d) for d deliveries so far.
        package func failure(in simulation: inout ScenarioSimulation) -> String? {
            simulation.phone.reminders.reading(at: simulation.now) { phone in
                let (deliveries, alerts) = (phone.harness.deliveries, phone.harness.alertCount)
                if let count { return alerts == count ? nil : "expected \(count) deliveries, found \(alerts)" }
                if let list, deliveries.droppedCount == 0, Self.alerts(in: deliveries, are: list) { return nil }
                let found = deliveries.filter(\.isAlert).map { ExpectedDelivery(item: $0.owner, badge: $0.badge) }
                let more =
                    deliveries.droppedCount == 0 ? "" : " and \(deliveries.droppedCount) more deliveries not kept"
                return "expected deliveries [\((list ?? []).map(\.text).joined(separator: ", "))], found ["
                    + found.map(\.text).joined(separator: ", ") + "]" + more
            }
        }

        /// Whether the alerts among `deliveries` are `expected`, in order. Each delivery is read in
        /// place, its badge first: no delivery is copied, and an alert is named
        /// (``ReminderDelivery/owner``) only when its badge agrees.
        ///
        /// - Complexity: O(d) for d deliveries.
        static func alerts(in deliveries: RecordLog<ReminderDelivery>, are expected: [ExpectedDelivery]) -> Bool {
            var next = 0
            for index in deliveries.indices where deliveries[index].isAlert {
                guard next < expected.count, expected[next].badge == deliveries[index].badge,
                    expected[next].item == deliveries[index].owner
                else { return false }
                next += 1
            }
            return next == expected.count
        }
    }

    package struct Missed: ScenarioExpectation {
        package var count: Int?
        package var items: [String]?
        package var label: String {
            if let count { return "missedReminders = \(count)" }
            return "missedReminders = [\((items ?? []).joined(separator: ", "))]"
        }
        /// Compares the misses in place (no list is built unless they differ). A list is compared
        /// with the misses kept in full (``RecordLog/limit``): past them it cannot match, and the
        /// message says how many were not kept.
        ///
        /// - Complexity: O(m) for m misses so far.
        package func failure(in simulation: inout ScenarioSimulation) -> String? {
            simulation.phone.reminders.reading(at: simulation.now) { phone in
                let missed = phone.harness.missed
                if let count {
                    return missed.recordedCount == count
                        ? nil : "expected \(count) missed reminders, found \(missed.recordedCount)"
                }
                if let items, missed.droppedCount == 0, missed.elementsEqual(items, by: { $0.owner == $1 }) {
                    return nil
                }
                let more = missed.droppedCount == 0 ? "" : " and \(missed.droppedCount) more not kept"
                return
                    "expected missed [\((items ?? []).joined(separator: ", "))], found [\(missed.map(\.owner).joined(separator: ", "))]\(more)"
            }
        }
    }

    package struct TerminatedTasks: ScenarioExpectation {
        package var value: Int
        package var label: String { "backgroundTasksTerminated = \(value)" }
        package func failure(in simulation: inout ScenarioSimulation) -> String? {
            let actual = simulation.phone.reminders.reading(at: simulation.now, { $0.harness.terminations })
            guard actual.count != value else { return nil }
            let codes = actual.isEmpty ? "" : " (" + actual.map(\.code).joined(separator: ", ") + ")"
            return "expected \(value) terminated background tasks, found \(actual.count)\(codes)"
        }
    }

    package struct Overdue: ScenarioExpectation {
        package var items: [ItemID]
        package var label: String { "overdue = [\(items.joined(separator: ", "))]" }
        package func failure(in simulation: inout ScenarioSimulation) -> String? {
            let overdue = simulation.phone.reminders.overdue(at: simulation.now)
            // Compared in place: the list of names is built only for the message.
            if overdue.lazy.map(\.item).elementsEqual(items) { return nil }
            let actual = overdue.map(\.item)
            return "expected overdue [\(items.joined(separator: ", "))], found [\(actual.joined(separator: ", "))]"
        }
    }
}

extension ReminderDelivery {
    /// What the delivery is about, as expectations and reports name it: its item, else the owner
    /// part of its identifier (`"repeat:weekly"` → `"weekly"`).
    var owner: String { item ?? identifier.split(separator: ":", maxSplits: 1).last.map(String.init) ?? identifier }
}
