import SimulationKernel

/// Complication setups that reproduce the published apps WristSim's users start from.
///
/// - ``grocery(_:)``: a ClockKit shopping-list complication updated at most once every 10
///   minutes (`getNextRequestedUpdateDate` 10 minutes ahead, reloads refused `tooSoon` within 10
///   minutes), with either of its two published updates (``GroceryUpdate``).
/// - ``tubeStatus``: a WidgetKit complication, one entry per timeline, policy "after 2 minutes".
package enum ComplicationPreset: Hashable, Sendable {
    case grocery(GroceryUpdate)
    case tubeStatus

    /// The Grocery complication's update.
    package enum GroceryUpdate: String, CaseIterable, Hashable, Sendable {
        /// Reloads the database to recompute the complication: 1.5 s on an S3.
        case reloadsDatabase
        /// Reads the remaining count kept in memory: 10 ms on an S3.
        case readsCount

        /// The provider's work for one reload.
        package var work: ComplicationWork {
            switch self {
            case .reloadsDatabase:
                return ComplicationWork(cost: .milliseconds(1_500), on: .s3, does: "reloads the database")
            case .readsCount:
                return ComplicationWork(cost: .milliseconds(10), on: .s3, does: "reads the remaining count")
            }
        }
    }

    /// The budget rules the preset starts from (a scenario may override any of them).
    ///
    /// | preset | rules | what changes |
    /// |---|---|---|
    /// | `grocery` | ClockKit | requested update every 10 min, reloads at least 10 min apart; reload work from the update |
    /// | `tubeStatus` | WidgetKit | one entry per timeline (no future entries); policy `after(2m)` |
    package var budget: ComplicationBudgetSettings {
        switch self {
        case .grocery(let update):
            var settings = ComplicationBudgetSettings.clockKit
            settings.minimumReloadInterval = .minutes(10)
            settings.reloadPolicy = .after(.minutes(10))
            settings.reloadWork = update.work
            return settings
        case .tubeStatus:
            var settings = ComplicationBudgetSettings.widgetKit
            settings.futureEntryLimit = 0
            settings.reloadPolicy = .after(.minutes(2))
            return settings
        }
    }
}
