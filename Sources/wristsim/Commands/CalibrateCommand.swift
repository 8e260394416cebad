import Calibration
import CompanionModel
import ScenarioRunner

/// `wristsim calibrate`: a pipeline section from signpost intervals measured on one watch.
enum CalibrateCommand: Command {
    static let name = "calibrate"
    static let summary =
        "Make a \"pipeline\" section from an Instruments signpost export (or CSV) measured on one chip."
    static let usage =
        "wristsim calibrate EXPORT --chip CHIP [--map SIGNPOST=STEP]... [--subsystem S] [--category C] "
        + "[--name NAME] [-o FILE]"
    static let help = """
        Reads the signpost intervals of a check-off handler measured on one watch and writes the
        scenario's "pipeline" section: one step per signpost name, in the order the intervals
        start within each check-off, on the queue where it ran (the main thread: "main"; any other
        thread: "background"), its cost the median measured on CHIP ("on": CHIP), and the jitter
        (spread and pauses) fitted to all steps. Prints what it found: steps, samples, median,
        p90, spread, pauses, and what it ignored. See docs/calibrate.md.

        EXPORT is the output of
          xctrace export --input TRACE --xpath '/trace-toc/run/data/table[@schema="os-signpost-interval"]'
        or, when its name ends in .csv, lines name,start_ns,duration_ns,thread (thread "main"
        for the main thread).

        OPTIONS:
          --chip CHIP            the chip the recording was made on (S1 … S10; 'wristsim watches')
          --map SIGNPOST=STEP    name the step of a signpost (repeatable), e.g. --map "Remove row=removeRow"
          --subsystem S          keep only intervals of this subsystem
          --category C           keep only intervals of this category
          --name NAME            the pipeline's name (default "calibrated")
          -o, --output FILE      write the section there (the summary goes to standard output);
                                 without it the section goes to standard output, the summary to stderr
          -h, --help             show this help

        EXIT CODES:
          0   written
          64  usage error
          65  the export is malformed or makes no pipeline (FILE:LINE:COLUMN: error: …); nothing written
          74  the output could not be written

        EXAMPLES:
          wristsim calibrate Scenarios/calibration/checkoff-s9.xml --chip S9 --map "Remove row=removeRow" -o pipeline.json
          wristsim calibrate Scenarios/calibration/checkoff-s9.xml --chip S9 --subsystem com.example.grocery.watchkitapp --map "Remove row=removeRow" --map "Save item=updateTableModel"
          wristsim calibrate Scenarios/calibration/checkoff-s9.xml --chip S9  # exit 65
        """
    static let flags: [String] = []
    static let options = ["chip", "map", "subsystem", "category", "name", "o", "output"]
    static let repeatableOptions = ["map"]

    static func run(_ arguments: Arguments) throws(UsageError) -> ExitCode {
        guard arguments.positionals.count == 1 else {
            throw UsageError(
                command: name,
                message: arguments.positionals.isEmpty
                    ? "expected an export file" : "unexpected argument \(ArgumentText.quoted(arguments.positionals[1]))"
            )
        }
        let path = arguments.positionals[0]
        let options = try calibrationOptions(arguments)
        let calibration: Calibration
        do {
            let input = try ByteInput(path: path)
            calibration =
                path.lowercased().hasSuffix(".csv")
                ? try Calibration.read(csv: input, options: options)
                : try Calibration.read(xml: input, options: options)
        } catch {
            Console.error(error.description)
            return .invalidScenario
        }
        let json = calibration.pipelineSection.pretty() + "\n"
        if let problem = scenarioError(reading: json, of: path) {
            Console.error(
                "\(FileName.display(path)): error: the intervals make no pipeline a scenario can run: \(problem)")
            return .invalidScenario
        }
        guard let output = arguments.value("o") ?? arguments.value("output") else {
            Console.error(calibration.summary)
            Console.out(String(json.dropLast()))
            return .success
        }
        do {
            try OutputFile(output).write(json)
        } catch {
            Console.error("Error: \(error)")
            return .ioError
        }
        Console.out(calibration.summary + "\nwrote " + FileName.display(output))
        return .success
    }

    /// Why a scenario would refuse `section`, read as every scenario reads its `"pipeline"`
    /// (``PipelineSettings/decode(_:_:)``, the one reader): a step longer than a scenario may span,
    /// or a tap's pipeline beyond the scenario range on the slowest watch. `nil` when it runs.
    /// A section every scenario refuses is not written (it was, with exit 0).
    static func scenarioError(reading section: String, of path: String) -> String? {
        do {
            let root = try JSONParser.parse(Array(section.utf8), file: path)
            guard case .object(let members) = root.value, let pipeline = members.first(where: { $0.key == "pipeline" })
            else { return "the section has no \"pipeline\"" }
            _ = try PipelineSettings.decode(pipeline.value, file: path)
            return nil
        } catch {
            return error.message
        }
    }

    private static func calibrationOptions(_ arguments: Arguments) throws(UsageError) -> CalibrationOptions {
        guard let chipName = arguments.value("chip") else {
            throw UsageError(
                command: name, message: "--chip is required: the chip the recording was made on, such as S9")
        }
        guard let chip = WatchChip(rawValue: chipName.uppercased()) else {
            throw UsageError(
                command: name,
                message: Suggestion.unknown(
                    "chip", chipName, among: WatchChip.allCases.map(\.name), quote: ArgumentText.quoted))
        }
        var names: [String: String] = [:]
        for mapping in arguments.allValues("map") {
            guard let equals = mapping.firstIndex(of: "="), equals != mapping.startIndex,
                mapping.index(after: equals) != mapping.endIndex
            else {
                throw UsageError(
                    command: name,
                    message:
                        "--map expects SIGNPOST=STEP, such as 'Remove row=removeRow'; found \(ArgumentText.quoted(mapping))"
                )
            }
            let signpost = String(mapping[..<equals])
            guard names[signpost] == nil else {
                throw UsageError(command: name, message: "--map names signpost \(ArgumentText.quoted(signpost)) twice")
            }
            names[signpost] = String(mapping[mapping.index(after: equals)...])
        }
        let pipelineName = arguments.value("name") ?? "calibrated"
        guard !pipelineName.isEmpty else { throw UsageError(command: name, message: "--name expects a name") }
        return CalibrationOptions(
            chip: chip, names: names,
            filter: SignpostFilter(subsystem: arguments.value("subsystem"), category: arguments.value("category")),
            pipelineName: pipelineName)
    }
}
