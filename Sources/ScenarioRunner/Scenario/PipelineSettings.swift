import CompanionModel
import SimulationKernel

/// The scenario's `"pipeline"` section: which check-off handler the watch app runs, and the
/// watch-screen settings that go with it.
///
/// ```json
/// "pipeline": "naive"
/// "pipeline": {"preset": "optimized", "cpuSharing": "mainPriority", "returnToClock": "1h", "rowHeight": 56}
/// "pipeline": {"preset": "naive", "jitter": 0}
/// "pipeline": {"preset": "naive", "jitter": {"spread": 0.3, "pauseProbability": 0.01, "pause": "200ms"}}
/// "pipeline": {"name": "deferred-complication", "steps": [
///     {"step": "updateTableModel", "queue": "main", "cost": "12ms"},
///     {"step": "removeRow", "queue": "main", "cost": "18ms"},
///     {"step": "sendMessageToPhone", "queue": "background", "cost": "40ms"},
///     {"step": "updateComplication", "queue": "mainAsync", "cost": "200ms"}]}
/// "pipeline": {"name": "calibrated", "steps": [
///     {"step": "removeRow", "queue": "main", "cost": "2.6ms", "on": "S9"}],
///     "jitter": {"spread": 0.25, "pauseProbability": 0.01, "pause": "20ms", "on": "S9"}}
/// ```
///
/// A step's `"on"` names the chip its cost was measured on, and the jitter's `"on"` the chip its
/// pause was measured on (default: the S1 reference chip). Both are converted here, at decode
/// time, to the reference chip by the models' relative speeds (``WatchChip/relativeSpeed``, the
/// table complication reload costs use), so the engine only ever sees reference-chip figures.
///
/// Spellings follow the rest of the format (camelCase): `"mainAsync"`, `"processorSharing"`,
/// `"mainPriority"`. The old spellings (`"main-async"`, …) are still read, each with a located
/// warning naming the new one (``warnings``).
/// Without the section a scenario runs the `optimized` preset with ``PipelineJitter/standard``
/// cost jitter, returns to the clock 120 s after the wrist drops and lays out 44 pt rows.
/// `"jitter": 0` keeps every step's cost exactly its preset figure.
package struct PipelineSettings: Sendable {
    /// The handler.
    package var pipeline: CheckOffPipeline = .optimized
    /// How a single-core chip shares its CPU between the queues.
    package var sharing: CPUSharing = .processorSharing
    /// How long the app stays frontmost after the wrist drops (PLATFORM.md §5: 2 minutes).
    package var returnToClock = WristAppMachine.defaultFrontmostTimeout
    /// List row height in points (PLATFORM.md §6: 44 pt).
    package var rowHeight = WatchModel.defaultRowHeight
    /// How step costs vary from tap to tap (default ``PipelineJitter/standard``).
    package var jitter: PipelineJitter = .standard
    /// What the section still reads but should be written differently (old spellings), in file
    /// order; the command line prints them to stderr.
    package var warnings: [Warning] = []

    /// The settings of a scenario without a `"pipeline"` section.
    package static let defaults = PipelineSettings()

    /// Decodes a `"pipeline"` value outside a scenario (`wristsim calibrate` reads the section it
    /// writes back this way, so it never writes one a scenario refuses).
    package static func decode(_ node: JSONNode, file: String) throws(ScenarioError) -> PipelineSettings {
        try decode(node, DecodingContext(file: file))
    }

    /// Decodes a preset name or a settings object.
    package static func decode(_ node: JSONNode, _ context: DecodingContext) throws(ScenarioError) -> PipelineSettings {
        if case .string = node.value {
            return PipelineSettings(pipeline: try preset(named: node.string(context)) { context.error(node, $0) })
        }
        var object = try ObjectReader(
            node, context, what: "a preset name (\(presetList)) or an object with \"preset\" or \"steps\"")
        let presetNode = object.optional("preset")
        let nameNode = object.optional("name")
        let stepsNode = object.optional("steps")
        var settings = PipelineSettings()
        var warnings: [Warning] = []
        switch (presetNode, stepsNode) {
        case (let presetNode?, nil):
            if let nameNode {
                throw context.error(nameNode, "\"name\" names a custom pipeline; a preset keeps its own name")
            }
            settings.pipeline = try preset(named: presetNode.string(context)) { context.error(presetNode, $0) }
        case (nil, let stepsNode?):
            let name = try nameNode?.string(context) ?? "custom"
            settings.pipeline = try customPipeline(name: name, stepsNode, context, &warnings)
        case (_?, let stepsNode?):
            throw context.error(stepsNode, "a pipeline has either \"preset\" or \"steps\", not both")
        case (nil, nil):
            throw context.error(node, "expected \"preset\" (\(presetList)) or \"steps\" (a custom pipeline)")
        }
        if let sharingNode = object.optional("cpuSharing") {
            settings.sharing = try spelled(sharingNode, context, Spelling.sharing, key: "cpuSharing", &warnings)
        }
        if let timeoutNode = object.optional("returnToClock") {
            settings.returnToClock = try timeoutNode.duration(context)
        }
        if let rowNode = object.optional("rowHeight") { settings.rowHeight = try rowNode.double(context, in: 1...500) }
        if let jitterNode = object.optional("jitter") { settings.jitter = try jitter(jitterNode, context) }
        try object.finish()
        settings.warnings = warnings.sorted { $0.location < $1.location }
        return settings
    }

    /// The presets as the section's messages list them: `"naive", "optimized", "instant"`
    /// (``CheckOffPipeline/presets``).
    static let presetList = CheckOffPipeline.presets.map { "\"\($0.name)\"" }.joined(separator: ", ")

    /// `"jitter"`: a spread (a number, with the standard pauses; 0 for exact costs) or an object
    /// `{"spread": 0.3, "pauseProbability": 0.01, "pause": "200ms", "on": "S9"}` (missing keys:
    /// standard values; `"on"`: the chip the pause was measured on, converted to the reference).
    private static func jitter(_ node: JSONNode, _ context: DecodingContext) throws(ScenarioError) -> PipelineJitter {
        let standard = PipelineJitter.standard
        if case .number = node.value {
            let spread = try node.double(context, in: 0...PipelineJitter.maximumSpread)
            return spread == 0
                ? .exact
                : PipelineJitter(spread: spread, pauseProbability: standard.pauseProbability, pause: standard.pause)
        }
        var object = try ObjectReader(
            node, context,
            what: "a spread such as 0.2 (0: exact costs) or an object with \"spread\", \"pauseProbability\", \"pause\"")
        let spread =
            try object.optional("spread")?.double(context, in: 0...PipelineJitter.maximumSpread) ?? standard.spread
        let probability =
            try object.optional("pauseProbability")?.double(context, in: 0...1) ?? standard.pauseProbability
        let pauseNode = object.optional("pause")
        var pause = try pauseNode?.duration(context) ?? standard.pause
        if let chipNode = object.optional("on") {
            pause = try onReferenceChip(pause, measuredOn: chipNode, pauseNode ?? chipNode, context)
        }
        try object.finish()
        return PipelineJitter(spread: spread, pauseProbability: probability, pause: pause)
    }

    /// The preset called `name`, or the caller's error (`failure`) made from the one wording of
    /// an unknown preset: `unknown pipeline "fast"; expected one of: "naive", "optimized",
    /// "instant"`, with a "did you mean" when a name is close, names quoted by `quote` (as in a
    /// scenario file, or ``ArgumentText/quoted(_:)`` on the command line). A scenario's
    /// `"pipeline"`, `wristsim latency --pipeline` and a sweep's `--pipeline` all look presets up
    /// here.
    ///
    /// - Complexity: O(*p*) for *p* presets.
    package static func preset<Failure: Error>(
        named name: String, quote: (String) -> String = { Excerpt.quoted($0) }, else failure: (String) -> Failure
    ) throws(Failure) -> CheckOffPipeline {
        guard let preset = CheckOffPipeline.presets.first(where: { $0.name == name }) else {
            throw failure(
                Suggestion.unknown("pipeline", name, among: CheckOffPipeline.presets.map(\.name), quote: quote))
        }
        return preset
    }

    private static func customPipeline(
        name: String, _ node: JSONNode, _ context: DecodingContext, _ warnings: inout [Warning]
    ) throws(ScenarioError) -> CheckOffPipeline {
        var total = SimDuration.zero
        let steps = try node.array(context, nonEmpty: true).map { (element) throws(ScenarioError) in
            var object = try ObjectReader(element, context, what: "a step object with \"step\", \"queue\" and \"cost\"")
            let kind = PipelineStepKind(
                name: try object.required("step", "a step name such as \"removeRow\"").string(context))
            let queueNode = try object.required("queue", "\"main\", \"mainAsync\" or \"background\"")
            let queue = try spelled(queueNode, context, Spelling.queue, key: "queue", &warnings)
            let costNode = try object.required(
                "cost", "the CPU cost, such as \"18ms\" (on the S1 reference chip, or on the chip \"on\" names)")
            var cost = try costNode.duration(context)
            if let chipNode = object.optional("on") {
                cost = try onReferenceChip(cost, measuredOn: chipNode, costNode, context)
            }
            let wait = try object.optional("wait")?.duration(context) ?? .zero
            try object.finish()
            let step = PipelineStep(kind, on: queue, cost: cost, wait: wait)
            total = try worstCase(adding: step, to: total, costNode, context)
            return step
        }
        return try context.located(node) { () throws(PipelineError) in try CheckOffPipeline(name: name, steps: steps) }
    }

    /// The slowest chip's speed relative to the reference: a step costs the most there.
    static let slowestSpeed = WatchModel.catalog.map(\.relativeSpeed).min() ?? 1

    /// `total` plus `step`'s cost on the slowest watch (doubled: a shared core runs it at half
    /// speed) and its wait, or a located error when a tap's worst case leaves the scenario range.
    ///
    /// - Complexity: O(1).
    static func worstCase(
        adding step: PipelineStep, to total: SimDuration, _ node: JSONNode, _ context: DecodingContext
    ) throws(ScenarioError) -> SimDuration {
        let sum = try context.located(node, { "the pipeline's cost on the slowest watch: \($0)" }) {
            () throws(TimeOverflow) in
            let cost = try step.cost.checkedScaled(by: 1 / slowestSpeed).multiplied(by: 2)
            return try total.adding(cost).adding(step.wait)
        }
        guard sum <= ScenarioLimits.maximumSpan else {
            throw context.error(
                node,
                "a tap's pipeline would take \(sum) on the slowest watch (×\(1 / slowestSpeed), twice that on a "
                    + "shared core); expected the steps' costs and waits to total at most "
                    + ScenarioLimits.maximumSpanText)
        }
        return sum
    }

    /// `duration` measured on the chip `chipNode` names, converted to the reference chip (S1):
    /// × the chip's relative speed. The chip is read as complication work reads its `"on"`
    /// (``JSONNode/chip(_:)``); overflow is a located error at `node`.
    ///
    /// - Complexity: O(1).
    static func onReferenceChip(
        _ duration: SimDuration, measuredOn chipNode: JSONNode, _ node: JSONNode, _ context: DecodingContext
    ) throws(ScenarioError) -> SimDuration {
        let chip = try chipNode.chip(context)
        return try context.located(node, { "converting \(duration) on \(chip.name) to the reference chip S1: \($0)" }) {
            () throws(TimeOverflow) in try duration.checkedScaled(by: chip.relativeSpeed / WatchChip.s1.relativeSpeed)
        }
    }

    /// The value `node` spells from `table`: an old spelling's value, read with a warning naming
    /// the new one, or else a current name's (``JSONNode/choice(_:_:_:)``: a located error listing
    /// the current spellings for any other value).
    static func spelled<Value>(
        _ node: JSONNode, _ context: DecodingContext, _ table: Spelling.Table<Value>, key: String,
        _ warnings: inout [Warning]
    ) throws(ScenarioError) -> Value {
        guard case .string(let text) = node.value, let old = table.old.first(where: { $0.name == text }) else {
            return try node.choice(key, context, table.current)
        }
        warnings.append(
            Warning(
                file: context.file, location: node.location, path: node.path,
                message: "\"\(text)\" is the old spelling of \"\(key)\"; write \"\(old.current)\""))
        return old.value
    }
}
