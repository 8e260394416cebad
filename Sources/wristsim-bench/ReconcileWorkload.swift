import Dispatch
import Foundation
import ReminderScheduling

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `wristsim-bench reminders`' app-API figure: `--reconcile-items` items (default 10,000) due over
/// 30 days reconciled once (untimed), then `--reconcile-changes` (default 1,000) single changes —
/// complete, reopen or move one random item — each followed by one `ReminderReconciler.reconcile`
/// against `RecordingNotificationCenter` (the timed part: compare the list, plan, read pending,
/// diff, apply).
struct ReconcileRun: Sendable {
    var seconds = 0.0
    var cpuSeconds = 0.0
    /// Requests added (new or re-sent with a new badge) over all timed reconciles.
    var added = 0
    /// Whether the final pending set equals the final plan.
    var converged = false

    /// Runs the measurement (the reconciler is async: the whole run is one task, awaited here).
    static func measure(items: Int, changes: Int, seed: UInt64) -> ReconcileRun {
        let done = DispatchSemaphore(value: 0)
        let box = ResultBox()
        Task {
            box.run = await run(itemCount: items, changes: changes, seed: seed)
            done.signal()
        }
        done.wait()
        return box.run
    }

    private static func run(itemCount: Int, changes: Int, seed: UInt64) async -> ReconcileRun {
        var rng = seed &+ 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            rng &+= 0x9E37_79B9_7F4A_7C15
            var z = rng
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        let start = ReminderTime(seconds: 1_800_000_000)
        var items = (0..<itemCount).map { index in
            ReminderItem(
                id: "r\(index)", title: "Item \(index)",
                due: (start + 60 + Int64(next() % (30 * 86_400))).date)
        }
        let center = RecordingNotificationCenter(now: start)
        let reminders = ReminderReconciler(center: center)
        await reminders.reconcile(items: items, now: start.date)
        var result = ReconcileRun()
        let wall = Stopwatch()
        let cpu = processCPUSeconds()
        var report: ReconcileReport?
        for _ in 0..<changes {
            let index = Int(next() % UInt64(itemCount))
            switch next() % 3 {
            case 0: items[index].isDone = true
            case 1: items[index].isDone = false
            default: items[index].due = (start + 60 + Int64(next() % (30 * 86_400))).date
            }
            report = await reminders.reconcile(items: items, now: start.date)
            result.added += report?.added.count ?? 0
        }
        result.cpuSeconds = processCPUSeconds() - cpu
        result.seconds = wall.elapsedSeconds
        let pending = Set(await center.pending)
        result.converged = report.map { Set($0.planned) == pending } ?? true
        return result
    }

    private static func processCPUSeconds() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) * 1e-9
    }
}

/// Carries the run out of its task; the semaphore orders the write before the read.
private final class ResultBox: @unchecked Sendable {
    var run = ReconcileRun()
}
