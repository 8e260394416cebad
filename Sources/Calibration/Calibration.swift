import CompanionModel
import SimulationKernel

/// A check-off pipeline calibrated from measured intervals: one step per signpost name, in the
/// order the intervals start within each check-off, on the queue where it ran, with its cost
/// on the recording chip, and the pooled jitter (spread and pauses) of all steps.
///
/// ```swift
/// var input = try ByteInput(path: "checkoff.xml")
/// let calibration = try Calibration.read(xml: input, options: CalibrationOptions(chip: .s9))
/// print(calibration.summary)
/// let json = calibration.pipelineSection.pretty()
/// ```
package struct Calibration: Sendable {
    /// The options it was made with.
    package var options: CalibrationOptions
    /// The steps, in handler order.
    package var steps: [CalibratedStep]
    /// What the reader saw and did not keep.
    package var tally: ReadTally
    /// Check-offs found (the fewest intervals of any step).
    package var checkOffs: Int

    /// Calibrates from an `xctrace export` of an `os-signpost-interval` table.
    ///
    /// - Throws: ``CalibrationError`` for a malformed export (located) or intervals that make
    ///   no pipeline.
    package static func read(xml input: ByteInput, options: CalibrationOptions) throws(CalibrationError)
        -> Calibration
    {
        var reader = SignpostExportReader(input, filter: options.filter)
        var collector = Collector()
        try reader.read { collector.add($0) }
        return try Calibration(collector, tally: reader.tally, options: options, file: input.file)
    }

    /// Calibrates from a CSV file (`name,start_ns,duration_ns,thread`).
    ///
    /// - Throws: ``CalibrationError`` for a line that does not parse (located) or intervals that
    ///   make no pipeline.
    package static func read(csv input: ByteInput, options: CalibrationOptions) throws(CalibrationError)
        -> Calibration
    {
        var reader = SignpostCSVReader(input)
        var collector = Collector()
        try reader.read { collector.add($0) }
        return try Calibration(collector, tally: reader.tally, options: options, file: input.file)
    }

    /// The intervals grouped by signpost name as they arrive.
    struct Collector {
        var byName: [String: Int] = [:]
        var samples: [StepSamples] = []

        mutating func add(_ interval: SignpostInterval) {
            if let index = byName[interval.name] {
                samples[index].add(interval)
            } else {
                byName[interval.name] = samples.count
                var step = StepSamples(name: interval.name, firstSeen: samples.count)
                step.add(interval)
                samples.append(step)
            }
        }
    }

    private init(_ collector: Collector, tally: ReadTally, options: CalibrationOptions, file: String)
        throws(CalibrationError)
    {
        self.options = options
        self.tally = tally
        var samples = collector.samples
        guard !samples.isEmpty else {
            throw CalibrationError(
                file: file, line: 0, column: 0,
                message: "no signpost intervals to calibrate from (\(tally.rows) rows read, "
                    + "\(tally.filteredOut) of another subsystem or category, \(tally.incomplete) incomplete)")
        }
        checkOffs = samples.map(\.starts.count).min() ?? 0
        let order = Calibration.handlerOrder(samples, checkOffs: checkOffs)
        steps = order.map { index in
            let name = samples[index].name
            let main = samples[index].onMainThread
            return CalibratedStep(
                name: options.names[name] ?? name, signpost: name,
                queue: 2 * main >= samples[index].durations.count ? .main : .background, onMainThread: main,
                cost: CostFit(durations: &samples[index].durations))
        }
        do {
            _ = try CheckOffPipeline(name: options.pipelineName, steps: pipelineSteps)
        } catch {
            // At most 20 names, each cut at 40 characters: 100,000 signposts stay a short message.
            let names =
                steps.prefix(20).map { Excerpt.truncated($0.name) }.joined(separator: ", ")
                + (steps.count > 20 ? " and \(steps.count - 20) more" : "")
            throw CalibrationError(
                file: file, line: 0, column: 0,
                message: "the intervals make no valid pipeline (steps: \(names)): \(error.description); "
                    + "name the signpost that removes the row with --map SIGNPOST=removeRow")
        }
    }

    /// The steps' order in the handler: in each check-off (the *k*-th interval of every name)
    /// the names are ranked by start; a name's place is its mean rank over the check-offs, ties
    /// kept in the order the names were first seen.
    ///
    /// - Complexity: O(*c* · *s* log *s*) for *c* check-offs of *s* steps.
    static func handlerOrder(_ samples: [StepSamples], checkOffs: Int) -> [Int] {
        var rankSum = [Int](repeating: 0, count: samples.count)
        var order = Array(samples.indices)
        for checkOff in 0..<checkOffs {
            order.sort { (samples[$0].starts[checkOff], $0) < (samples[$1].starts[checkOff], $1) }
            for (rank, index) in order.enumerated() { rankSum[index] += rank }
        }
        return samples.indices.sorted { (rankSum[$0], samples[$0].firstSeen) < (rankSum[$1], samples[$1].firstSeen) }
    }

    /// The steps as a scenario reads them from ``pipelineSection``: the median to the
    /// microsecond, converted to the reference chip (S1) by the chip's relative speed.
    package var pipelineSteps: [PipelineStep] {
        steps.map { step in
            let written = SimDuration(nanoseconds: (step.cost.median + 500) / 1000 * 1000)
            let factor = options.chip.relativeSpeed / WatchChip.s1.relativeSpeed
            return PipelineStep(
                PipelineStepKind(name: step.name), on: step.queue,
                cost: (try? written.checkedScaled(by: factor)) ?? written.scaled(by: factor))
        }
    }

    /// All samples of all steps.
    package var sampleCount: Int { steps.reduce(0) { $0 + $1.cost.samples } }

    /// The pooled spread: the root of the sample-weighted mean of the steps' squared spreads.
    package var pooledSpread: Double {
        let total = sampleCount
        guard total > 0 else { return 0 }
        let sum = steps.reduce(0.0) { $0 + Double($1.cost.samples) * $1.cost.spread * $1.cost.spread }
        return (sum / Double(total)).squareRoot()
    }

    /// The pooled pauses: their share of all samples, and the median pause (on the recording chip).
    package var pooledPauses: (probability: Double, pause: Int64) {
        let pauses = steps.flatMap(\.cost.pauses).sorted()
        let total = sampleCount
        guard total > 0, !pauses.isEmpty else { return (0, 0) }
        return (Double(pauses.count) / Double(total), CostFit.median(pauses[...]))
    }
}
