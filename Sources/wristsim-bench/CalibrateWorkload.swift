import Calibration
import Foundation
import SimulationKernel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `wristsim-bench calibrate`: `wristsim calibrate`'s reader on a large export.
///
/// 1. Writes an `xctrace`-shaped export of about `--megabytes` MB (default 100) to a temporary
///    file, a few check-offs at a time (a known five-step handler simulated with jitter, the
///    18 columns of a recent Xcode, ids and refs).
/// 2. Resets the peak resident set size (`5` to /proc/self/clear_refs), then calibrates from the
///    file as the command does (streamed in 64 KiB chunks) — the timed part.
/// 3. Reports throughput (MB/s of file, wall and CPU), the peak resident set size (`VmHWM` in
///    /proc/self/status) during the calibration and the resident size before it, and checks that
///    each step's median came back within 5 %.
struct CalibrateWorkload: BenchWorkload {
    let name = "calibrate"
    let summary = "calibrate's streaming reader on a generated 100 MB xctrace export: MB/s and peak memory"
    let optionsHelp = """
          --megabytes N  size of the generated export (default 100)
          --seed N       jitter seed (default 1)
        """

    static let steps: [SimulatedRecording.Step] = [
        .init(name: "updateTableModel", onMain: true, median: 1_650_000, spread: 0.15),
        .init(
            name: "removeRow", onMain: true, median: 2_400_000, spread: 0.25, pauseProbability: 0.01, pause: 30_000_000),
        .init(name: "sendMessageToPhone", onMain: false, median: 5_200_000, spread: 0.35),
        .init(name: "playHaptic", onMain: true, median: 400_000, spread: 0.1),
        .init(name: "updateComplication", onMain: false, median: 28_000_000, spread: 0.3),
    ]

    func run(arguments: [String]) throws(BenchUsageError) -> BenchReport {
        let options = try BenchArguments(arguments, allowed: ["megabytes", "seed"])
        let megabytes = try options.int("megabytes", default: 100, in: 1...10_000)
        let seed = try options.int("seed", default: 1, in: 0...Int.max)
        let path = NSTemporaryDirectory() + "wristsim-bench-calibrate-\(getpid()).xml"
        defer { unlink(path) }
        let written = try writeExport(path, bytes: megabytes * 1_000_000, seed: UInt64(seed))

        let residentBefore = ProcessPeak.kilobytes("VmRSS")
        ProcessPeak.reset()
        let clock = Stopwatch()
        let cpuStart = ProcessPeak.cpuSeconds()
        let calibration: Calibration
        do {
            calibration = try Calibration.read(xml: try ByteInput(path: path), options: CalibrationOptions(chip: .s9))
        } catch {
            throw BenchUsageError(message: "calibrate failed: \(error.description)")
        }
        let seconds = clock.elapsedSeconds
        let cpuSeconds = ProcessPeak.cpuSeconds() - cpuStart
        let peak = ProcessPeak.kilobytes("VmHWM")

        var report = BenchReport()
        report.add("fileMegabytes", .decimal(Int64(written / 1_000), scale: 3))
        report.add("intervals", .int(Int64(calibration.sampleCount)))
        report.add("seconds", .decimal(Int64((seconds * 1_000).rounded()), scale: 3))
        report.add("cpuSeconds", .decimal(Int64((cpuSeconds * 1_000).rounded()), scale: 3))
        report.add("megabytesPerSecond", .decimal(Int64((Double(written) / 1e6 / seconds * 10).rounded()), scale: 1))
        report.add("residentBeforeKilobytes", .int(Int64(residentBefore)))
        report.add("peakKilobytes", .int(Int64(peak)))
        let recovered = zip(calibration.steps, CalibrateWorkload.steps).allSatisfy { step, known in
            step.name == known.name && abs(Double(step.cost.median) / Double(known.median) - 1) < 0.05
        }
        report.addCheckValues(recovered ? .match : .mismatch)
        return report
    }

    /// Writes check-offs until the file holds `bytes`; returns the bytes written.
    private func writeExport(_ path: String, bytes: Int, seed: UInt64) throws(BenchUsageError) -> Int {
        guard FileManager.default.createFile(atPath: path, contents: nil),
            let handle = FileHandle(forWritingAtPath: path)
        else { throw BenchUsageError(message: "cannot create \(path)") }
        defer { try? handle.close() }
        var writer = SignpostExportWriter()
        let recording = SimulatedRecording(steps: CalibrateWorkload.steps, checkOffs: Int.max, seed: seed)
        var pending = writer.header()
        var written = 0
        var tap = 0
        var identifier = 1
        while written + pending.utf8.count < bytes {
            for interval in recording.intervals(ofCheckOff: tap) {
                pending += writer.row(interval, identifier: identifier)
                identifier += 1
            }
            tap += 1
            if pending.utf8.count >= 1 << 20 {
                handle.write(Data(pending.utf8))
                written += pending.utf8.count
                pending = ""
            }
        }
        pending += writer.footer()
        handle.write(Data(pending.utf8))
        return written + pending.utf8.count
    }
}

/// This process's peak memory and CPU time (Linux /proc; 0 elsewhere).
private enum ProcessPeak {
    /// Resets `VmHWM` to the current resident size.
    static func reset() {
        let descriptor = open("/proc/self/clear_refs", O_WRONLY)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        _ = write(descriptor, "5", 1)
    }

    /// The value of `field` (`"VmHWM"`, `"VmRSS"`) in /proc/self/status, in kilobytes.
    static func kilobytes(_ field: String) -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
            return Int(line.split(separator: " ").dropFirst().first { !$0.isEmpty }.map(String.init) ?? "") ?? 0
        }
        return 0
    }

    static func cpuSeconds() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) * 1e-9
    }
}
