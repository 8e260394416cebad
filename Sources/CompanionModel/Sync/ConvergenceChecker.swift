/// Checks the end-of-run invariant of two-way sync: both devices show the same list, and no
/// operation was lost, applied twice or applied out of its origin's order. Every problem comes
/// with the item's message trail.
///
/// ```swift
/// let problems = ConvergenceChecker.check(watch: watch, phone: phone, trail: trail)
/// for problem in problems { print(problem, problem.trail) }
/// ```
public enum ConvergenceChecker {
    /// All discrepancies, by item, then kind (lost, doubled, out of order, diverged).
    ///
    /// `trail` is read only when there is a problem to explain (a converged run, the usual case,
    /// neither builds nor groups it), and then only the entries of the items with problems are kept.
    ///
    /// - Complexity: O(*n* log *n* + *a*) for *n* items and *a* applied operations, plus O(*t*)
    ///   for *t* trail entries only when a problem is found.
    public static func check(
        watch: ListReplica, phone: ListReplica, trail: @autoclosure () -> SyncTrail
    ) -> [SyncDiscrepancy] {
        var found: [(item: ItemID, kind: SyncDiscrepancy.Kind, detail: String)] = []
        for (origin, receiver) in [(watch, phone), (phone, watch)] {
            found += lost(from: origin, on: receiver)
            found += misapplied(in: receiver)
        }
        found += diverged(watch: watch, phone: phone)
        guard !found.isEmpty else { return [] }
        var trails: [ItemID: [SyncTrailEntry]] = Dictionary(
            found.map { ($0.item, []) }, uniquingKeysWith: { a, _ in a })
        for entry in trail().entries where trails[entry.item] != nil { trails[entry.item]?.append(entry) }
        return found.sorted { ($0.item, $0.kind) < ($1.item, $1.kind) }.map {
            SyncDiscrepancy(kind: $0.kind, item: $0.item, detail: $0.detail, trail: trails[$0.item] ?? [])
        }
    }

    /// Operations `origin` made that `receiver` has not let through.
    private static func lost(from origin: ListReplica, on receiver: ListReplica)
        -> [(item: ItemID, kind: SyncDiscrepancy.Kind, detail: String)]
    {
        let passed = receiver.passedThrough(from: origin.device)
        let held = receiver.gates[origin.device].held
        return origin.appliedLog.filter { $0.id.origin == origin.device && $0.id.sequence > passed }.map { operation in
            let state =
                held[operation.id.sequence] != nil ? "is held there, waiting for #\(passed + 1)" : "never arrived"
            return (
                operation.item, .lost,
                "\(operation.id) \(operation.edit.name) was not applied on the \(receiver.device.name): \(state)"
            )
        }
    }

    /// Operations `replica` applied twice or out of their origin's order.
    ///
    /// - Complexity: O(*a*) for *a* applied operations.
    private static func misapplied(in replica: ListReplica)
        -> [(item: ItemID, kind: SyncDiscrepancy.Kind, detail: String)]
    {
        var found: [(item: ItemID, kind: SyncDiscrepancy.Kind, detail: String)] = []
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
        return found
    }

    /// Items the two devices show differently, or in a different order.
    ///
    /// Each list is a function of the replica's items (which are listed, their shown fields and
    /// their placement), so replicas that know every item alike show the same list: that is
    /// checked first, without building either list.
    ///
    /// - Complexity: O(*n*) when the replicas know every item alike, else O(*n* log *n*).
    private static func diverged(watch: ListReplica, phone: ListReplica)
        -> [(item: ItemID, kind: SyncDiscrepancy.Kind, detail: String)]
    {
        if watch.items == phone.items { return [] }
        let (watchList, phoneList) = (watch.list, phone.list)
        let watchItems = Dictionary(watchList.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let phoneItems = Dictionary(phoneList.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var found: [(item: ItemID, kind: SyncDiscrepancy.Kind, detail: String)] = []
        for id in Set(watchItems.keys).union(phoneItems.keys).sorted() where watchItems[id] != phoneItems[id] {
            found.append((id, .diverged, "watch shows \(show(watchItems[id])), phone shows \(show(phoneItems[id]))"))
        }
        if found.isEmpty, let index = watchList.indices.first(where: { watchList[$0].id != phoneList[$0].id }) {
            found.append(
                (
                    watchList[index].id, .diverged,
                    "position \(index + 1): watch shows \(watchList[index].id), phone shows \(phoneList[index].id)"
                ))
        }
        return found
    }

    private static func show(_ item: SyncedItem?) -> String {
        item.map { "\"\($0.title)\" \($0.status.name)" } ?? "nothing"
    }
}
