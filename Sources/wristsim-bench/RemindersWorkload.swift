import ReminderScheduling
import SimulationKernel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `wristsim-bench reminders`: the windowed scheduler on a huge list, and the naive badge recompute.
///
/// 1. Loads `--reminders` items (default 1,000,000) with random due dates over 30 days and refills once.
/// 2. Applies `--changes` (default 100,000) random completions, additions and snoozes, time moving a
///    few seconds each, each followed by a refill with badge recomputation (the timed part).
/// 3. For comparison, at `--naive-reminders` items (default 10,000): the same kind of changes with the
///    naive recompute — every pending badge recounted by scanning every item (W × N per change) — and
///    the windowed scheduler on the same list (the median of 21 runs: one takes about a millisecond).
///    `naiveOverWindowed` is the ratio of their process CPU times.
/// 4. One reminder repeating every minute for `--repeat-days` days (default 30), the harness moved to
///    every fire date in turn (as the simulator's wake-ups do): occurrences are produced one at a time.
/// 5. The app API: `--reconcile-items` items, 1,000 single changes each reconciled (`ReconcileWorkload.swift`).
///
/// Times are wall clock (`…Seconds`, `…Micros`) and process CPU time (`…CPU…`); on a shared machine
/// the CPU figures are the steadier ones.
///
/// Memory is the growth of peak resident set size (`VmHWM` in /proc/self/status) from just before the
/// scheduler is built (the input list already exists) to the end of the changes, per loaded reminder.
struct RemindersWorkload: BenchWorkload {
    let name = "reminders"
    let summary = "notification scheduler: 1M reminders, 100k changes with refills; naive recompute for comparison"
    let optionsHelp = """
          --reminders N        items with due dates to load (default 1000000)
          --changes N          completions/additions/snoozes, each followed by a refill (default 100000)
          --naive-reminders N  list size for the naive per-change recompute comparison (default 10000)
          --naive-changes N    changes for the comparison (default 1000)
          --repeat-days N      days of a reminder repeating every minute, woken at every fire (default 30)
          --seed N             random seed (default 1)
          --reconcile-items N  items for the app API's reconcile figure (default 10000)
        """

    func run(arguments: [String]) throws(BenchUsageError) -> BenchReport {
        let options = try BenchArguments(
            arguments,
            allowed: [
                "reminders", "changes", "naive-reminders",
                "naive-changes", "seed", "repeat-days", "reconcile-items",
            ])
        let reminders = try options.int("reminders", default: 1_000_000, in: 1...50_000_000)
        let changes = try options.int("changes", default: 100_000, in: 0...10_000_000)
        let naiveReminders = try options.int("naive-reminders", default: 10_000, in: 1...1_000_000)
        let naiveChanges = try options.int("naive-changes", default: 1_000, in: 1...1_000_000)
        let seed = try options.int("seed", default: 1, in: 0...Int.max)
        let repeatDays = try options.int("repeat-days", default: 30, in: 1...3_650)
        let reconcileItems = try options.int("reconcile-items", default: 10_000, in: 1...1_000_000)

        var report = BenchReport()
        let big = RemindersRun(items: reminders, changes: changes, seed: UInt64(seed))
        let growth = big.peakKilobytes - big.residentBeforeKilobytes
        report.add("reminders", .int(Int64(reminders)))
        report.add("loadSeconds", seconds(big.loadSeconds))
        report.add("loadCPUSeconds", seconds(big.loadCPUSeconds))
        report.add("changes", .int(Int64(changes)))
        report.add("changesSeconds", seconds(big.changeSeconds))
        report.add("changeMicros", micros(big.changeSeconds, per: changes))
        report.add("changeCPUMicros", micros(big.changeCPUSeconds, per: changes))
        report.add("notificationsResent", .int(Int64(big.resent)))
        report.add("finalPending", .int(Int64(big.pending)))
        report.add("finalHeld", .int(Int64(big.held)))
        report.add("peakRSSGrowthMB", .decimal(Int64(growth * 10 / 1024), scale: 1))
        report.add("bytesPerReminder", .int(Int64(growth * 1024 / max(1, reminders))))
        let resident = big.residentAfterKilobytes - big.residentBeforeKilobytes
        report.add("residentBytesPerReminder", .int(Int64(resident * 1024 / max(1, reminders))))

        // The windowed side of the comparison takes about a millisecond: it is run 21 times (each on a
        // fresh scheduler, same list and changes) and the median is reported. The naive side takes about
        // a second and runs once.
        var windowedRuns = (0..<21).map { _ in
            RemindersRun(items: naiveReminders, changes: naiveChanges, seed: UInt64(seed))
        }
        windowedRuns.sort { $0.changeCPUSeconds < $1.changeCPUSeconds }
        let windowed = windowedRuns[windowedRuns.count / 2]
        let naive = NaiveRecompute(items: naiveReminders, changes: naiveChanges, seed: UInt64(seed))
        report.add("compareReminders", .int(Int64(naiveReminders)))
        report.add("compareChanges", .int(Int64(naiveChanges)))
        report.add("windowedChangeMicros", micros(windowed.changeSeconds, per: naiveChanges))
        report.add("naiveChangeMicros", micros(naive.seconds, per: naiveChanges))
        report.add("windowedChangeCPUMicros", micros(windowed.changeCPUSeconds, per: naiveChanges))
        report.add("naiveChangeCPUMicros", micros(naive.cpuSeconds, per: naiveChanges))
        report.add(
            "naiveOverWindowed",
            .decimal(Int64((naive.cpuSeconds / max(windowed.changeCPUSeconds, 1e-9)).rounded()), scale: 0))
        let minutely = MinutelyRepeating(days: repeatDays)
        report.add("minutelyDays", .int(Int64(repeatDays)))
        report.add("minutelyDeliveries", .int(Int64(minutely.deliveries)))
        report.add("minutelySeconds", seconds(minutely.seconds))
        let agree = windowed.itemBadges.allSatisfy { $0.badge == naive.count(dueAtOrBefore: $0.fire) }
        report.add("badgesAgree", .bool(agree && !windowed.itemBadges.isEmpty))
        let reconcile = ReconcileRun.measure(items: reconcileItems, changes: 1_000, seed: UInt64(seed))
        report.add("reconcileItems", .int(Int64(reconcileItems)))
        report.add("reconcileMicros", micros(reconcile.seconds, per: 1_000))
        report.add("reconcileCPUMicros", micros(reconcile.cpuSeconds, per: 1_000))
        report.add("reconcileAddsPerChange", .decimal(Int64((Double(reconcile.added) / 100).rounded()), scale: 1))
        report.add("reconcileConverged", .bool(reconcile.converged))
        return report
    }

    private func seconds(_ value: Double) -> TraceValue { .decimal(Int64((value * 1_000).rounded()), scale: 3) }

    private func micros(_ value: Double, per count: Int) -> TraceValue {
        .decimal(Int64((value * 1e7 / Double(max(1, count))).rounded()), scale: 1)
    }
}

/// One kind of random change to the list.
private enum ListChange {
    case complete(Int)
    case add(Int, due: Int64)
    case snooze(Int)

    /// Draws a change; items are `0..<itemCount`, a new item gets index `itemCount`.
    static func random(itemCount: Int, now: Int64, using rng: inout SplitMix64) -> ListChange {
        switch rng.next() % 3 {
        case 0: return .complete(Int(rng.next() % UInt64(itemCount)))
        case 1: return .add(itemCount, due: now + Int64(rng.next() % (30 * 86_400)))
        default: return .snooze(Int(rng.next() % UInt64(itemCount)))
        }
    }
}

private func itemName(_ index: Int) -> String { "r" + String(index) }

/// The windowed scheduler: load, then timed changes with a refill each.
private struct RemindersRun {
    var loadSeconds = 0.0
    var loadCPUSeconds = 0.0
    var changeSeconds = 0.0
    var changeCPUSeconds = 0.0
    var resent = 0
    var pending = 0
    var held = 0
    /// Resident memory once the input list exists, before the scheduler is built (kB).
    var residentBeforeKilobytes = 0
    /// Peak resident memory at the end (kB).
    var peakKilobytes = 0
    /// Resident memory at the end (kB).
    var residentAfterKilobytes = 0
    /// The final window's item reminders: fire date and badge.
    var itemBadges: [(fire: Int64, badge: Int?)] = []

    init(items: Int, changes: Int, seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        var scheduler = ReminderScheduler(configuration: .standard)
        var center = SimulatedNotificationCenter(now: .zero)
        center.register(ReminderAction.category(identifier: "reminder"))
        let dues = (0..<items).map { _ in Int64(rng.next() % (30 * 86_400)) + 1 }
        let list = (0..<items).map { (id: itemName($0), due: Optional(ReminderTime(seconds: dues[$0]))) }
        residentBeforeKilobytes = ProcessMemory.kilobytes("VmRSS")
        let load = Stopwatch()
        let loadCPU = CPUTime.seconds()
        scheduler.load(list, now: .zero)
        _ = try? scheduler.refill(now: .zero, reason: .launch, center: &center)
        loadSeconds = load.elapsedSeconds
        loadCPUSeconds = CPUTime.seconds() - loadCPU

        var itemCount = items
        var now: Int64 = 0
        var drawn: [ListChange] = []
        drawn.reserveCapacity(changes)
        for _ in 0..<changes {
            now += Int64(rng.next() % 8)
            let change = ListChange.random(itemCount: itemCount, now: now, using: &rng)
            if case .add = change { itemCount += 1 }
            drawn.append(change)
        }
        // The item names are part of the input, made before the clock starts.
        let names = drawn.map { change in
            switch change {
            case .complete(let index), .add(let index, _), .snooze(let index): itemName(index)
            }
        }
        now = 0
        var clock = SplitMix64(seed: seed ^ 0xC10C)
        let timed = Stopwatch()
        let timedCPU = CPUTime.seconds()
        for (change, name) in zip(drawn, names) {
            now += Int64(clock.next() % 8)
            let time = ReminderTime(seconds: now)
            _ = center.advance(to: time)
            switch change {
            case .complete: try? scheduler.complete(name, now: time)
            case .add(_, let due): scheduler.setItem(name, due: ReminderTime(seconds: due), now: time)
            case .snooze: try? scheduler.snooze(name, now: time)
            }
            if let report = try? scheduler.refill(now: time, reason: .foreground, center: &center) {
                resent += report.added
            }
        }
        changeSeconds = timed.elapsedSeconds
        changeCPUSeconds = CPUTime.seconds() - timedCPU
        peakKilobytes = ProcessMemory.kilobytes("VmHWM")
        residentAfterKilobytes = ProcessMemory.kilobytes("VmRSS")
        pending = center.pendingCount
        held = scheduler.heldCount
        itemBadges = scheduler.window.filter { $0.key.kind == .item }.map { ($0.key.fire.seconds, $0.badge) }
    }
}

/// The naive recompute: after every change, every pending notification's badge is recounted by a
/// scan of the whole list (W × N per change), and the window is re-selected by a scan.
private struct NaiveRecompute {
    var seconds = 0.0
    var cpuSeconds = 0.0
    /// The size of the last recomputed window.
    var windowSize = 0
    /// The due dates of open items after the last change.
    var dues: [Int64?] = []

    /// The number of open items due at or before `time`, by a scan.
    func count(dueAtOrBefore time: Int64) -> Int {
        dues.reduce(0) { $0 + (($1 ?? .max) <= time ? 1 : 0) }
    }

    init(items: Int, changes: Int, seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        dues = (0..<items).map { _ in Int64(rng.next() % (30 * 86_400)) + 1 }
        var drawn: [ListChange] = []
        var itemCount = items
        var now: Int64 = 0
        for _ in 0..<changes {
            now += Int64(rng.next() % 8)
            let change = ListChange.random(itemCount: itemCount, now: now, using: &rng)
            if case .add = change { itemCount += 1 }
            drawn.append(change)
        }
        now = 0
        var clock = SplitMix64(seed: seed ^ 0xC10C)
        var window: [(fire: Int64, name: String, badge: Int)] = []
        let timed = Stopwatch()
        let timedCPU = CPUTime.seconds()
        for change in drawn {
            now += Int64(clock.next() % 8)
            switch change {
            case .complete(let index): dues[index] = nil
            case .add(_, let due): dues.append(due)
            case .snooze: break  // due dates stay; the badges do not change
            }
            // Re-select the soonest 60 due after now, then recount each badge over all items.
            var candidates: [(fire: Int64, name: String)] = []
            for (index, due) in dues.enumerated() {
                guard let due, due > now else { continue }
                candidates.append((due, "item:" + itemName(index)))
                if candidates.count > 4 * SchedulerConfiguration.defaultWindowSize {
                    candidates.sort { ($0.fire, $0.name) < ($1.fire, $1.name) }
                    candidates.removeLast(candidates.count - SchedulerConfiguration.defaultWindowSize)
                }
            }
            candidates.sort { ($0.fire, $0.name) < ($1.fire, $1.name) }
            window = candidates.prefix(SchedulerConfiguration.defaultWindowSize).map { candidate in
                var badge = 0
                for due in dues { if let due, due <= candidate.fire { badge += 1 } }
                return (candidate.fire, candidate.name, badge)
            }
        }
        seconds = timed.elapsedSeconds
        cpuSeconds = CPUTime.seconds() - timedCPU
        windowSize = window.count
    }
}

/// One reminder repeating every minute for `days` days, the harness moved to each fire date in turn.
private struct MinutelyRepeating {
    var seconds = 0.0
    var deliveries = 0

    init(days: Int) {
        guard let configuration = try? SchedulerConfiguration(repeatingBadgePolicy: .noBadge) else { return }
        var phone = ReminderHarness(configuration: configuration, start: .zero)
        let timed = Stopwatch()
        _ = try? phone.run(at: .zero, reason: .launch) { (scheduler) throws(ReminderSchedulerError) in
            try scheduler.addRepeating(
                RepeatingReminder(
                    id: "minutely", title: "Every minute", start: ReminderTime(seconds: 60), interval: 60),
                now: .zero)
        }
        let end = Int64(days) * 86_400
        var time: Int64 = 60
        while time <= end {
            phone.advance(to: ReminderTime(seconds: time))
            time += 60
        }
        seconds = timed.elapsedSeconds
        deliveries = phone.deliveries.recordedCount
    }
}

/// Process CPU time (this benchmark is single-threaded), steadier than wall time on a shared machine.
private enum CPUTime {
    static func seconds() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) * 1e-9
    }
}

/// Reads this process's memory figures from /proc/self/status (Linux; 0 elsewhere).
private enum ProcessMemory {
    /// The value of `field` (`"VmHWM"`, `"VmRSS"`) in kilobytes.
    static func kilobytes(_ field: String) -> Int {
        let descriptor = open("/proc/self/status", O_RDONLY)
        guard descriptor >= 0 else { return 0 }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            bytes += buffer[0..<count]
        }
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") where line.hasPrefix(field + ":") {
            return Int(line.split(separator: " ").dropFirst().first { !$0.isEmpty }.map(String.init) ?? "") ?? 0
        }
        return 0
    }
}
