import SimulationKernel

/// Compares the phone's list with the watch's intent and reports every lost, doubled, reordered
/// or unexpected effect, each with the item's message trail.
///
/// ```swift
/// let problems = CheckOffVerifier.verify(intent: sender.intent, phone: phone, trail: trace.events)
/// for problem in problems { print(problem) }   // "lost kale: watch says checkedOff (#2), phone has open (#0)"
/// ```
public enum CheckOffVerifier {
    /// All discrepancies, items in alphabetical order, kinds in the order lost, doubled, reordered,
    /// unexpected.
    ///
    /// - Complexity: O(*c* log *c* + *t*) in the phone's changes *c* and trail events *t* per problem.
    public static func verify(intent: [ItemID: ItemIntent], phone: PhoneShoppingList, trail: [TraceEvent])
        -> [LinkDiscrepancy]
    {
        var found: [(item: ItemID, rank: Int, kind: LinkDiscrepancy.Kind, detail: String)] = []
        for item in intent.keys.sorted() {
            guard let wanted = intent[item] else { continue }
            let record = phone.records[item]
            let status = record?.status ?? .open
            let sequence = record?.appliedSequence ?? 0
            if status != wanted.status || sequence != wanted.sequence {
                found.append(
                    (
                        item, 0, .lost,
                        "watch says \(wanted.status.name) (#\(wanted.sequence)), "
                            + "phone has \(status.name) (#\(sequence))"
                    ))
            }
        }
        var changesByItem: [ItemID: [Int]] = [:]
        for change in phone.changes {
            changesByItem[change.operation.item, default: []].append(change.operation.sequence)
        }
        for item in changesByItem.keys.sorted() {
            let sequences = changesByItem[item] ?? []
            var seen: Set<Int> = []
            let doubled = sequences.filter { !seen.insert($0).inserted }
            if !doubled.isEmpty {
                found.append(
                    (
                        item, 1, .doubled,
                        "operation(s) \(doubled.map { "#\($0)" }.joined(separator: ", ")) applied more than once"
                    ))
            }
            if zip(sequences, sequences.dropFirst()).contains(where: { $0 > $1 }) {
                found.append(
                    (
                        item, 2, .reordered,
                        "applied in the order \(sequences.map { "#\($0)" }.joined(separator: ", "))"
                    ))
            }
            if intent[item] == nil {
                found.append((item, 3, .unexpected, "the phone changed it but the watch never did"))
            }
        }
        return found.sorted { ($0.item, $0.rank) < ($1.item, $1.rank) }.map { entry in
            LinkDiscrepancy(
                kind: entry.kind, item: entry.item, detail: entry.detail,
                trail: CheckOffVerifier.trail(of: entry.item, in: trail))
        }
    }

    /// The trace events whose `item` field is `item`.
    public static func trail(of item: ItemID, in events: [TraceEvent]) -> [TraceEvent] {
        events.filter { $0["item"] == .string(item) }
    }
}
