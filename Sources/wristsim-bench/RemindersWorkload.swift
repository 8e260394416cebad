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
///    the windowed scheduler on the same list.
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
          --seed N             random seed (default 1)
        """

    func run(arguments: [String]) throws(BenchUsageError) -> BenchReport {
        let options = try BenchArguments(
            arguments,
            allowed: [
                "reminders", "changes", "naive-reminders",
                "naive-changes", "seed",
            ])
        let reminders = try options.int("reminders", default: 1_000_000, in: 1...50_000_000)
        let changes = try options.int("changes", default: 100_000, in: 0...10_000_000)
        let naiveReminders = try options.int("naive-reminders", default: 10_000, in: 1...1_000_000)
        let naiveChanges = try options.int("naive-changes", default: 1_000, in: 1...1_000_000)
        let seed = try options.int("seed", default: 1, in: 0...Int.max)

        var report = BenchReport()
        let big = RemindersRun(items: reminders, changes: changes, seed: UInt64(seed))
        let growth = big.peakKilobytes - big.residentBeforeKilobytes
        report.add("reminders", .int(Int64(reminders)))
        report.add("loadSeconds", seconds(big.loadSeconds))
        report.add("changes", .int(Int64(changes)))
        report.add("changesSeconds", seconds(big.changeSeconds))
        report.add("changeMicros", micros(big.changeSeconds, per: changes))
        report.add("notificationsResent", .int(Int64(big.resent)))
        report.add("finalPending", .int(Int64(big.pending)))
        report.add("finalHeld", .int(Int64(big.held)))
        report.add("peakRSSGrowthMB", .decimal(Int64(growth * 10 / 1024), scale: 1))
        report.add("bytesPerReminder", .int(Int64(growth * 1024 / max(1, reminders))))
        let resident = big.residentAfterKilobytes - big.residentBeforeKilobytes
        report.add("residentBytesPerReminder", .int(Int64(resident * 1024 / max(1, reminders))))

        let windowed = RemindersRun(items: naiveReminders, changes: naiveChanges, seed: UInt64(seed))
        let naive = NaiveRecompute(items: naiveReminders, changes: naiveChanges, seed: UInt64(seed))
        report.add("compareReminders", .int(Int64(naiveReminders)))
        report.add("compareChanges", .int(Int64(naiveChanges)))
        report.add("windowedChangeMicros", micros(windowed.changeSeconds, per: naiveChanges))
        report.add("naiveChangeMicros", micros(naive.seconds, per: naiveChanges))
        let agree = windowed.itemBadges.allSatisfy { $0.badge == naive.count(dueAtOrBefore: $0.fire) }
        report.add("badgesAgree", .bool(agree && !windowed.itemBadges.isEmpty))
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
    var changeSeconds = 0.0
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
        scheduler.load(list, now: .zero)
        _ = try? scheduler.refill(now: .zero, reason: .launch, center: &center)
        loadSeconds = load.elapsedSeconds

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
        now = 0
        var clock = SplitMix64(seed: seed ^ 0xC10C)
        let timed = Stopwatch()
        for change in drawn {
            now += Int64(clock.next() % 8)
            let time = ReminderTime(seconds: now)
            _ = center.advance(to: time)
            switch change {
            case .complete(let index): try? scheduler.complete(itemName(index), now: time)
            case .add(let index, let due):
                scheduler.setItem(itemName(index), due: ReminderTime(seconds: due), now: time)
            case .snooze(let index): try? scheduler.snooze(itemName(index), now: time)
            }
            if let report = try? scheduler.refill(now: time, reason: .foreground, center: &center) {
                resent += report.added
            }
        }
        changeSeconds = timed.elapsedSeconds
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
        windowSize = window.count
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
