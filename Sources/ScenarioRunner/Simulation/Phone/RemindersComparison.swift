import CompanionModel
import ReminderScheduling
import SimulationKernel

/// Every scheduling strategy run on the same scenario and seed, side by side: the reminders each
/// one misses, the badges it gets wrong and the notifications it sends (`wristsim reminders --compare`,
/// rule S5 in `docs/reminders.md`).
///
/// A **wrong badge** is a delivery after which the app badge differs from the number of incomplete
/// items due at or before it, as the phone knew them then. **Sent** counts every request the app
/// added to the system, new or re-sent.
///
/// Every strategy also runs under both iPhone background refresh timings (rule P10): **realistic**
/// (opportunistic: the scenario's `meanDelay`, else the default 2 h) and **punctual** (each refresh at
/// its earliest begin date), so the table shows what the best case hides. The other figures are
/// those of the scenario as written.
///
/// JSON shape `wristsim.reminders-compare/1`: `schema`, `file`, `scenario`, `seed` (or `null`),
/// `realisticMeanDelay` (a duration), `strategies` [{`strategy`, `window`, `missed`,
/// `missedRealistic`, `missedPunctual`, `wrongBadges`, `sent`, `delivered`, `appRuns`,
/// `pendingMax`}] in ``SchedulingMode`` order.
package struct RemindersComparison: Sendable {
    /// One strategy's figures.
    package struct Row: Hashable, Sendable {
        package var strategy: SchedulingMode
        /// W as run (at least 2 for the overflow notice).
        package var window: Int
        package var missed: Int
        /// Missed with the realistic (opportunistic) refresh timing.
        package var missedRealistic: Int
        /// Missed with every refresh at its earliest begin date.
        package var missedPunctual: Int
        package var wrongBadges: Int
        package var sent: Int
        /// Alerts delivered (badge-only carriers not counted).
        package var delivered: Int
        package var appRuns: Int
        package var pendingMax: Int
    }

    /// The JSON schema identifier.
    package static let jsonSchema = "wristsim.reminders-compare/1"

    package let scenario: Scenario
    package let seed: UInt64?
    /// The realistic timing's mean delay after the earliest begin date, in seconds.
    package let realisticMeanDelay: Int64
    /// One row per strategy, in ``SchedulingMode`` order.
    package let rows: [Row]

    /// Runs the scenario three times per strategy (its other reminder settings unchanged): as
    /// written, with the realistic refresh timing and with the punctual one.
    ///
    /// - Complexity: three simulations per strategy, plus O(d log n) per run for d deliveries over n items.
    package init(scenario: Scenario, seed: UInt64?) {
        self.scenario = scenario
        self.seed = seed
        let written = scenario.sections.reminders ?? RemindersSettings()
        let realistic: AppRefreshTiming
        switch written.refresh.timing {
        case .opportunistic(let mean): (realistic, realisticMeanDelay) = (written.refresh.timing, mean)
        case .punctual: (realistic, realisticMeanDelay) = (.realistic, AppRefreshTiming.defaultMeanDelay)
        }
        rows = SchedulingMode.allCases.map { mode in
            var settings = written
            settings.mode = mode
            if mode == .overflowNotice { settings.window = max(2, settings.window) }
            let phone = Self.run(scenario, settings, seed: seed)
            let harness = phone.harness
            settings.refresh.timing = realistic
            let missedRealistic = Self.run(scenario, settings, seed: seed).harness.missed.recordedCount
            settings.refresh.timing = .punctual
            let missedPunctual = Self.run(scenario, settings, seed: seed).harness.missed.recordedCount
            return Row(
                strategy: mode, window: settings.window, missed: harness.missed.recordedCount,
                missedRealistic: missedRealistic, missedPunctual: missedPunctual,
                wrongBadges: phone.wrongBadges, sent: harness.requestsSent,
                delivered: harness.alertCount, appRuns: harness.snapshots.recordedCount,
                pendingMax: harness.pendingMax)
        }
    }

    /// The phone's reminders at the end of a run of `scenario` with `settings`.
    private static func run(_ scenario: Scenario, _ settings: RemindersSettings, seed: UInt64?) -> PhoneReminders {
        var variant = scenario
        variant.sections.reminders = settings
        var simulation = ScenarioSimulation(scenario: variant, seed: seed)
        _ = simulation.run()
        return simulation.phone.reminders.advanced(to: simulation.now)
    }

    /// The figures after each strategy's name, in table and JSON order: the table's header and
    /// width, the JSON key, and the figure (`nil`: `-` in the table, `null` in JSON).
    private static let columns: [(header: String, width: Int, key: String, figure: @Sendable (Row) -> Int?)] = [
        ("W", 4, "window", { $0.strategy == .naive ? nil : $0.window }),
        ("missed", 8, "missed", { $0.missed }),
        ("realistic", 11, "missedRealistic", { $0.missedRealistic }),
        ("punctual", 10, "missedPunctual", { $0.missedPunctual }),
        ("wrong badges", 14, "wrongBadges", { $0.wrongBadges }),
        ("sent", 7, "sent", { $0.sent }),
        ("delivered", 11, "delivered", { $0.delivered }),
        ("app runs", 10, "appRuns", { $0.appRuns }),
        ("pendingMax", 10, "pendingMax", { $0.pendingMax }),
    ]

    /// The side-by-side table.
    package var text: String {
        var lines = ["reminders compared  \(scenario.name)", ""]
        // The name left-aligned in 20 columns, each figure right-aligned in its width.
        func row(_ name: String, _ cells: [String]) -> String {
            name + String(repeating: " ", count: max(1, 20 - name.count))
                + zip(cells, Self.columns).map { cell, column in
                    String(repeating: " ", count: max(1, column.width - cell.count)) + cell
                }.joined()
        }
        lines.append(row("strategy", Self.columns.map(\.header)))
        for entry in rows {
            lines.append(row(entry.strategy.rawValue, Self.columns.map { $0.figure(entry).map(String.init) ?? "-" }))
        }
        lines.append("")
        lines.append(
            "missed: as the scenario says; realistic: iPhone background refresh a seeded delay (mean \(SimDuration.seconds(realisticMeanDelay))) after its earliest begin date; punctual: at it (rule P10)"
        )
        return lines.joined(separator: "\n")
    }

    /// The JSON document (`wristsim.reminders-compare/1`).
    package var document: JSONValue {
        var object = JSONObject()
        object["schema"] = .string(Self.jsonSchema)
        object["file"] = .string(scenario.file)
        object["scenario"] = .string(scenario.name)
        object["seed"] = seed.map { .seed($0) } ?? .null
        object["realisticMeanDelay"] = .string(SimDuration.seconds(realisticMeanDelay).description)
        object["strategies"] = .array(
            rows.map { entry in
                var item = JSONObject()
                item["strategy"] = .string(entry.strategy.rawValue)
                for column in Self.columns { item[column.key] = column.figure(entry).map { .int(Int64($0)) } ?? .null }
                return .object(item)
            })
        return .object(object)
    }
}
