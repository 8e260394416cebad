import SimulationKernel

extension CheckOffPipeline {
    /// The presets, in `--help` order: the one place their names are listed
    /// (`PipelineSettings.preset(named:quote:else:)` looks them up by name).
    package static let presets: [CheckOffPipeline] = [.naive, .optimized, .instant]

    /// Everything on the main queue, as first shipped: the published story of a WatchKit shopping
    /// list whose check-off took seconds on Series 0–3 (DESIGN.md "Check-off pipeline").
    ///
    /// Calibration (reference chip S1 = the original watch; costs divide by the chip's relative
    /// speed, PLATFORM.md §6). The three expensive steps are the ones the story blames:
    ///
    /// | step | queue | S1 cost | why |
    /// |---|---|---|---|
    /// | updateSortingDatabase | main | 2400 ms | fetches every past trip and rewrites the learned order: needless per tap |
    /// | updateTableModel | main | 12 ms | |
    /// | removeRow | main | 18 ms | |
    /// | sendMessageToPhone | main | 40 ms + 1200 ms wait | synchronous send: blocks until the phone replies (the wait is radio time, not CPU) |
    /// | playHaptic | main | 4 ms | |
    /// | updateRemainingCount | main | 6 ms | |
    /// | hidePlaceholder | main | 3 ms | |
    /// | updateComplication | main | 1500 ms | reloads the database to recompute the complication |
    ///
    /// Handler on the S1: 3983 ms CPU + 1200 ms wait = **5.183 s** (≥ 5 s per tap, the target); on
    /// the S3 2.793 s; on the S10 1.769 s. No source gives the split between steps: the figures are
    /// chosen to meet the targets (UNCONFIRMED), the 1.2 s reply wait is an estimate of a
    /// Bluetooth round trip with the phone app woken.
    package static let naive: CheckOffPipeline = preset(
        "naive",
        [
            PipelineStep(.updateSortingDatabase, on: .main, cost: .milliseconds(2_400)),
            PipelineStep(.updateTableModel, on: .main, cost: .milliseconds(12)),
            PipelineStep(.removeRow, on: .main, cost: .milliseconds(18)),
            PipelineStep(.sendMessageToPhone, on: .main, cost: .milliseconds(40), wait: .milliseconds(1_200)),
            PipelineStep(.playHaptic, on: .main, cost: .milliseconds(4)),
            PipelineStep(.updateRemainingCount, on: .main, cost: .milliseconds(6)),
            PipelineStep(.hidePlaceholder, on: .main, cost: .milliseconds(3)),
            PipelineStep(.updateComplication, on: .main, cost: .milliseconds(1_500)),
        ])

    /// The fix: no sorting update (the order is learned when the trip ends), the send on a
    /// background queue without waiting for the reply, and the complication refreshed from the
    /// in-memory count on the background queue.
    ///
    /// Calibration: the handler keeps 43 ms of S1 work on main (table model, row, haptic, count,
    /// placeholder); 50 ms more runs on the background queue (send 40 ms, complication 10 ms).
    /// Worst case on the single-core S1 with processor sharing: the send is dispatched after 30 ms
    /// and halves main's speed for the last 13 ms, so the handler ends at 56 ms and the row is gone
    /// by the next 60 Hz frame, at most 16.7 ms later: **≤ 73 ms**, under the 100 ms p99 target
    /// with taps at least ~0.1 s apart. Dual-core and faster chips are quicker still (S3: 17.2 ms
    /// handler).
    package static let optimized: CheckOffPipeline = preset(
        "optimized",
        [
            PipelineStep(.updateTableModel, on: .main, cost: .milliseconds(12)),
            PipelineStep(.removeRow, on: .main, cost: .milliseconds(18)),
            PipelineStep(.sendMessageToPhone, on: .background, cost: .milliseconds(40)),
            PipelineStep(.playHaptic, on: .main, cost: .milliseconds(4)),
            PipelineStep(.updateRemainingCount, on: .main, cost: .milliseconds(6)),
            PipelineStep(.hidePlaceholder, on: .main, cost: .milliseconds(3)),
            PipelineStep(.updateComplication, on: .background, cost: .milliseconds(10)),
        ])

    /// An idealised handler that costs nothing: the check-off commits, the message is sent, the
    /// complication is asked to refresh and the row is removed at the instant of the tap (the row
    /// is drawn gone at the next frame). For scenarios about the list, the link or the reminders
    /// rather than latency.
    package static let instant: CheckOffPipeline = preset(
        "instant",
        [
            PipelineStep(.updateTableModel, on: .main, cost: .zero),
            PipelineStep(.removeRow, on: .main, cost: .zero),
            PipelineStep(.sendMessageToPhone, on: .main, cost: .zero),
            PipelineStep(.updateComplication, on: .main, cost: .zero),
        ])

    private static func preset(_ name: String, _ steps: [PipelineStep]) -> CheckOffPipeline {
        do {
            return try CheckOffPipeline(name: name, steps: steps)
        } catch {
            preconditionFailure("preset \(name) is invalid: \(error)")
        }
    }
}
