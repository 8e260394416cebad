import SimulationKernel

extension ComplicationReport {
    /// Writes the machine-readable report's members into `object`, keys in a fixed order, times
    /// from `stamp` (the command's ISO 8601 clock): `families`, `start`, `end`, `entries`,
    /// `reloads` (each request's `ReloadJSON`), `resets`, the budget members of
    /// ``writeBudget(into:stamp:)`` and `staleness` per family. Durations are milliseconds with
    /// the unit in the key. The long arrays are typed rows written member by member as they come,
    /// so a ``JSONStream`` holds no object for an entry or request, however long the run.
    ///
    /// - Complexity: O(*e* + *r* + *s*) in entries, requests and stale spans.
    package func write(into object: inout JSONStream, stamp iso: @escaping (SimTime) -> String) {
        let stamp = ComplicationReport.remembering(iso)
        object.append("families", .array(families.map { .string($0.rawValue) }))
        object.append("start", .string(stamp(start)))
        object.append("end", .string(stamp(end)))
        object.append("entries", records: EntryRows(lines: entryLines, stamp: stamp))
        object.append("reloads", records: ReloadRows(records: records, stamp: stamp))
        object.append("resets", elements: model.resets.lazy.filter { $0 <= end }.map { .string(stamp($0)) })
        writeBudget(into: &object, stamp: stamp)
        object.append("staleness", records: staleness.lazy.map { StalenessJSON(staleness: $0, stamp: stamp) })
    }

    /// `stamp` remembering the last four instants it put into words (least recently used forgotten
    /// first): a long run's records and entries name the same instants again and again.
    private static func remembering(_ stamp: @escaping (SimTime) -> String) -> (SimTime) -> String {
        var recent: [(time: SimTime, text: String)] = []
        return { time in
            if let index = recent.firstIndex(where: { $0.time == time }) {
                let hit = recent.remove(at: index)
                recent.insert(hit, at: 0)
                return hit.text
            }
            let text = stamp(time)
            recent.insert((time, text), at: 0)
            if recent.count > 4 { recent.removeLast() }
            return text
        }
    }

    /// The budget rules and what they did: `budget` (rules, daily reloads and execution, the
    /// reload's cost, policy, task limits), `exhaustions`, `backgroundTasks` (with the
    /// termination `code` `0xc51bad01`/`0xc51bad02`), `longestWithoutReloadMs` and `offActiveFace`.
    package func writeBudget(into object: inout JSONStream, stamp: @escaping (SimTime) -> String) {
        let settings = model.configuration.budget
        var budget = JSONObject()
        budget.append("rules", .string(settings.rules.rawValue))
        budget.append("dailyReloads", .optional(settings.dailyReloads.map { .count($0) }))
        budget.append("dailyExecutionMs", .optional(settings.dailyExecution.map { .milliseconds($0) }))
        budget.append("reloadCostMs", .milliseconds(model.budget.reloadCost))
        budget.append(
            "reloadWork",
            [
                "costMs": .milliseconds(settings.reloadWork.cost), "on": .string(settings.reloadWork.reference.name),
                "does": .optional(settings.reloadWork.label.map { .string($0) }),
            ])
        budget.append("chip", .string(model.configuration.chip.name))
        budget.append("reloadsPerBudget", .optional(reloadsPerExecutionBudget.map { .count($0) }))
        budget.append("reloadPolicy", .optional(settings.reloadPolicy.map { .string($0.description) }))
        budget.append("minimumReloadIntervalMs", .milliseconds(settings.minimumReloadInterval))
        budget.append("backgroundTaskCpuMs", .milliseconds(settings.backgroundTaskLimits.cpu))
        budget.append("backgroundTaskWallMs", .milliseconds(settings.backgroundTaskLimits.wall))
        // {"mode": "punctual"|"mayDelay", "delayMeanMs", "delayAtMostMs"} (the two `null` when punctual).
        switch settings.backgroundRefreshTiming {
        case .punctual:
            budget.append(
                "backgroundRefreshTiming", ["mode": "punctual", "delayMeanMs": .null, "delayAtMostMs": .null])
        case .mayDelay(let mean, let atMost):
            budget.append(
                "backgroundRefreshTiming",
                ["mode": "mayDelay", "delayMeanMs": .milliseconds(mean), "delayAtMostMs": .milliseconds(atMost)])
        }
        object.append("budget", .object(budget))
        object.append(
            "exhaustions",
            elements: model.exhaustions.lazy.filter { $0.at <= end }.map {
                ["at": .string(stamp($0.at)), "budget": .string($0.budget.rawValue)]
            })
        // Each task: `startedAt`, `endedAt`, `durationMs`, `preferredAt`, `systemDelayMs` and
        // `terminated` (`code`, `reason`, `message`).
        object.append(
            "backgroundTasks",
            elements: backgroundTasks.lazy.map { task in
                [
                    "startedAt": .string(stamp(task.startedAt)), "endedAt": .string(stamp(task.endedAt)),
                    "durationMs": .milliseconds(task.result.duration),
                    "preferredAt": .optional(task.preferredAt.map { .string(stamp($0)) }),
                    "systemDelayMs": .optional(task.systemDelay.map { .milliseconds($0) }),
                    "terminated": .optional(
                        task.result.termination.map {
                            ["code": .string($0.code), "reason": .string($0.rawValue), "message": .string($0.message)]
                        }),
                ]
            })
        object.append("longestWithoutReloadMs", .milliseconds(longestWithoutReload))
        object.append(
            "offActiveFace",
            [
                "totalMs": .milliseconds(offActiveFaceTotal),
                "spans": .array(
                    offActiveFace.map { span in
                        [
                            "from": .string(stamp(span.from)), "to": .string(stamp(span.to)),
                            "durationMs": .milliseconds(span.to - span.from),
                        ]
                    }),
                "refreshes": .string("none: no background refresh, no system reload, no phone transfer"),
            ])
    }
}

/// One entry line of `timeline --json`: `at`, `family`, `text`, `source`, `suppliedAt`.
private struct EntryJSON: JSONRecord {
    let line: ComplicationReport.EntryLine
    let stamp: (SimTime) -> String

    func writeMembers(into object: inout JSONStream) {
        object.append("at", .string(stamp(line.at)))
        object.append("family", .string(line.family.rawValue))
        object.append("text", .string(line.text))
        object.append("source", .string(line.source.rawValue))
        object.append("suppliedAt", .string(stamp(line.reloadedAt)))
    }
}

/// The `entries` rows, one concrete sequence (see ``ComplicationReport/EntryLines``).
private struct EntryRows: Sequence, IteratorProtocol {
    var lines: ComplicationReport.EntryLines
    let stamp: (SimTime) -> String

    mutating func next() -> EntryJSON? {
        lines.next().map { EntryJSON(line: $0, stamp: stamp) }
    }
}

/// The `reloads` rows, one concrete sequence over the requests up to the end (not yet written).
private struct ReloadRows: Sequence, IteratorProtocol {
    var records: ArraySlice<ComplicationRequestRecord>
    let stamp: (SimTime) -> String

    mutating func next() -> ReloadJSON? {
        records.popFirst().map { ReloadJSON(record: $0, stamp: stamp) }
    }
}

/// One request: when, who, what, the decision (a refusal's `reason` as `code` and `message`),
/// the budget after it, and where they apply its execution `costMs`, `executionLeftMs` and the
/// policy's `askedFor` / `grantedFor` / `delayMs` / `moved`.
private struct ReloadJSON: JSONRecord {
    let record: ComplicationRequestRecord
    let stamp: (SimTime) -> String

    func writeMembers(into object: inout JSONStream) {
        object.append("at", .string(stamp(record.at)))
        object.append("source", .string(record.source.rawValue))
        object.append("kind", .string(record.kind.rawValue))
        object.append("granted", .bool(record.outcome.isGranted))
        object.append(
            "reason", record: record.outcome.refusal.map { CodedJSON(code: $0.rawValue, message: $0.message) })
        object.append("deferredUntil", .optional(record.outcome.deferredUntil.map { .string(stamp($0)) }))
        object.append("deferredFrom", .optional(record.deferredFrom.map { .string(stamp($0)) }))
        object.append("charged", .bool(record.outcome == .granted(.charged)))
        object.append("budgetLeft", record.budgetLeft == .max ? .null : .count(record.budgetLeft))
        // The link's count when the request was decided; a model run without a link has no transfers.
        object.append("transfersLeft", .count(record.transfersLeft ?? 0))
        object.append("nextReset", .string(stamp(record.nextReset)))
        object.append("retryAt", .optional(record.retryAt.map { .string(stamp($0)) }))
        object.append("costMs", .optional(record.cost.map { .milliseconds($0) }))
        object.append("executionLeftMs", .optional(record.executionLeft.map { .milliseconds($0) }))
        object.append("policy", record: record.policy.map { PolicyGrantJSON(grant: $0, stamp: stamp) })
    }
}

/// A policy reload's grant: `askedFor`, `grantedFor`, `delayMs` and why it `moved`.
private struct PolicyGrantJSON: JSONRecord {
    let grant: ComplicationPolicyGrant
    let stamp: (SimTime) -> String

    func writeMembers(into object: inout JSONStream) {
        object.append("askedFor", .string(stamp(grant.askedFor)))
        object.append("grantedFor", .string(stamp(grant.grantedFor)))
        object.append("delayMs", .milliseconds(grant.delay))
        object.append("moved", record: CodedJSON(code: grant.reason.rawValue, message: grant.reason.message))
    }
}

/// A stable `code` with its `message` in words (a refusal, a policy's move).
private struct CodedJSON: JSONRecord {
    let code: String
    let message: String

    func writeMembers(into object: inout JSONStream) {
        object.append("code", .string(code))
        object.append("message", .string(message))
    }
}

/// One family's staleness: `family`, `totalMs`, `longestMs` and its `spans` (`from`, `to`,
/// `durationMs`, `shown`, `truth`).
private struct StalenessJSON: JSONRecord {
    let staleness: ComplicationStaleness
    let stamp: (SimTime) -> String

    func writeMembers(into object: inout JSONStream) {
        object.append("family", .string(staleness.family.rawValue))
        object.append("totalMs", .milliseconds(staleness.totalStale))
        object.append("longestMs", .milliseconds(staleness.maxStale))
        object.append(
            "spans",
            elements: staleness.spans.lazy.map { span in
                [
                    "from": .string(stamp(span.from)), "to": .string(stamp(span.to)),
                    "durationMs": .milliseconds(span.duration), "shown": .string(span.shown),
                    "truth": .string(span.truth),
                ]
            })
    }
}
