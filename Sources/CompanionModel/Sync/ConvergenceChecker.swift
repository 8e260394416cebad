/// Checks the end-of-run invariant of two-way sync: both devices show the same list, and no
/// operation was lost, applied twice or applied out of its origin's order. A problem names its
/// item; the item's message trail is in the host's trace (``SyncEndpoint/Effect/note(_:)``).
///
/// ```swift
/// let problems = ConvergenceChecker.check(watch: watch, phone: phone)
/// for problem in problems { print(problem) }
/// ```
package enum ConvergenceChecker {
    /// One problem found.
    private typealias Finding = (item: ItemID, kind: SyncDiscrepancy.Kind, detail: String)

    /// All discrepancies, by item, then kind (lost, doubled, out of order, diverged).
    ///
    /// - Complexity: O(*n* + *a*) for *n* items and *a* applied operations, allocating nothing,
    ///   when the replicas agree (the usual case); else O(*n* log *n* + *a*).
    package static func check(watch: ListReplica, phone: ListReplica) -> [SyncDiscrepancy] {
        var found: [Finding] = []
        lost(from: watch, on: phone, into: &found)
        misapplied(in: phone, into: &found)
        lost(from: phone, on: watch, into: &found)
        misapplied(in: watch, into: &found)
        diverged(watch: watch, phone: phone, into: &found)
        guard !found.isEmpty else { return [] }
        return found.sorted { ($0.item, $0.kind) < ($1.item, $1.kind) }.map {
            SyncDiscrepancy(kind: $0.kind, item: $0.item, detail: $0.detail)
        }
    }

    /// Operations `origin` made that `receiver` has not let through.
    ///
    /// - Complexity: O(*a*) for *a* applied operations on `origin`.
    private static func lost(from origin: ListReplica, on receiver: ListReplica, into found: inout [Finding]) {
        let passed = receiver.passedThrough(from: origin.device)
        for operation in origin.appliedLog where operation.id.origin == origin.device && operation.id.sequence > passed
        {
            let state =
                receiver.gate.held[operation.id.sequence] != nil
                ? "is held there, waiting for #\(passed + 1)" : "never arrived"
            found.append(
                (
                    operation.item, .lost,
                    "\(operation.id) \(operation.edit.name) was not applied on the \(receiver.device.name): \(state)"
                ))
        }
    }

    /// Operations `replica` applied twice or out of their origin's order.
    ///
    /// The usual log applies each origin's operations 1, 2, 3, … with none twice: that is
    /// checked first, with two counters; only a log that breaks it is looked at closely.
    ///
    /// - Complexity: O(*a*) for *a* applied operations; no allocation for a log in order.
    private static func misapplied(in replica: ListReplica, into found: inout [Finding]) {
        var next = (watch: 1, phone: 1)
        let inOrder = replica.appliedLog.allSatisfy { operation in
            switch operation.id.origin {
            case .watch:
                guard operation.id.sequence == next.watch else { return false }
                next.watch += 1
            case .phone:
                guard operation.id.sequence == next.phone else { return false }
                next.phone += 1
            }
            return true
        }
        guard !inOrder else { return }
        var expected: [LinkSide: Int] = [:]
        var seen: Set<OperationID> = []
        seen.reserveCapacity(replica.appliedLog.count)
        for operation in replica.appliedLog {
            let next = expected[operation.id.origin, default: 1]
            if !seen.insert(operation.id).inserted {
                found.append(
                    (operation.item, .doubled, "\(operation.id) applied more than once on the \(replica.device.name)"))
            } else if operation.id.sequence != next {
                found.append(
                    (
                        operation.item, .outOfOrder,
                        "the \(replica.device.name) applied \(operation.id) when #\(next) was next"
                    ))
            }
            expected[operation.id.origin] = max(next, operation.id.sequence + 1)
        }
    }

    /// Items the two devices show differently, or in a different order.
    ///
    /// Each list is a function of the replica's items (which are listed, their shown fields and
    /// their placement), so replicas that know every item alike show the same list: that is
    /// checked first, without building either list (slot by slot when both devices learned of
    /// their items in the same order, the usual case, else by identifier).
    ///
    /// - Complexity: O(*n*) when the replicas know every item alike, else O(*n* log *n*).
    private static func diverged(watch: ListReplica, phone: ListReplica, into found: inout [Finding]) {
        if watch.items == phone.items { return }
        if watch.items.count == phone.items.count, watch.items.allSatisfy({ phone.knownItem($0.id) == $0 }) { return }
        let (watchList, phoneList) = (watch.list, phone.list)
        let watchItems = Dictionary(watchList.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let phoneItems = Dictionary(phoneList.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let before = found.count
        for id in Set(watchItems.keys).union(phoneItems.keys).sorted() where watchItems[id] != phoneItems[id] {
            found.append((id, .diverged, "watch shows \(show(watchItems[id])), phone shows \(show(phoneItems[id]))"))
        }
        if found.count == before, let index = watchList.indices.first(where: { watchList[$0].id != phoneList[$0].id }) {
            found.append(
                (
                    watchList[index].id, .diverged,
                    "position \(index + 1): watch shows \(watchList[index].id), phone shows \(phoneList[index].id)"
                ))
        }
    }

    private static func show(_ item: SyncedItem?) -> String {
        item.map { "\"\($0.title)\" \($0.status.name)" } ?? "nothing"
    }
}
