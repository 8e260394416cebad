import CompanionModel
import SimulationKernel

/// Turns a scenario file's bytes into a validated ``Scenario``, or the first precise error.
///
/// Checks, in file order: well-formed UTF-8 JSON, the format version, every key known, every
/// value of the expected type, unique item identifiers, item references that exist, step times
/// in order and not negative, and durations well formed.
public enum ScenarioDecoder {
    /// Decodes a scenario.
    ///
    /// - Parameters:
    ///   - bytes: the file's contents.
    ///   - file: the file name used in errors.
    /// - Complexity: O(*n*) in the file size, plus O(*s* log *s*) for *s* steps.
    public static func decode(_ bytes: [UInt8], file: String) throws(ScenarioError) -> Scenario {
        try decode(root: try JSONParser.parse(bytes, file: file), file: file)
    }

    /// Decodes a scenario from its parsed JSON (`wristsim sweep --set` edits the tree first).
    ///
    /// - Complexity: O(*n*) in the tree's size, plus O(*s* log *s*) for *s* steps.
    public static func decode(root: JSONNode, file: String) throws(ScenarioError) -> Scenario {
        var context = DecodingContext(file: file)
        var object = try ObjectReader(root, context, what: "a JSON object describing a scenario")

        _ = try object.optional("$schema")?.string(context)
        let formatNode = try object.required("format", "the scenario format version, 1")
        let format = try formatNode.int(context, in: 0...Int.max)
        guard format == Scenario.currentFormat else {
            throw context.error(
                formatNode, "unsupported format \(format); this wristsim reads format \(Scenario.currentFormat)")
        }
        let name = try object.required("name", "a short title").string(context)
        let summary = try object.optional("description")?.string(context, allowEmpty: true)
        let seed = try object.optional("seed")?.uint64(context) ?? 1
        let startNode = try object.required("start", "an ISO 8601 date-time such as \"2026-11-21T09:00:00Z\"")
        let startText = try startNode.string(context)
        do {
            context.start = try EpochTime.parse(startText)
        } catch {
            throw context.error(startNode, error.description)
        }
        let watchNode = object.optional("watch")
        let watch = try watchNode?.string(context) ?? defaultWatch
        try validateWatch(watch, watchNode, context)

        let items = try decodeItems(try object.required("items", "an array of items"), &context)
        let history =
            try object.optional("history").map { node throws(ScenarioError) in try decodeHistory(node, context) } ?? []
        let scriptNode = try object.required("script", "an array of steps")
        let script = try decodeScript(scriptNode, context)
        let finalExpectations =
            try object.optional("expect").map { node throws(ScenarioError) in
                try decodeExpectations(node, context)
            } ?? []
        let lastStep = script.last?.time ?? .zero
        var end = lastStep + Scenario.defaultDrain
        if let endNode = object.optional("end") {
            end = try endNode.time(context)
            guard end >= lastStep else {
                throw context.error(endNode, "expected \"end\" at or after the last step (\(lastStep)), found \(end)")
            }
        }
        let sections = try decodeSections(&object, context)
        let eventLimit = try decodeEventLimit(object.optional("eventLimit"), script: script, scriptNode, context)
        let wrist = try object.optional("wrist").map { node throws(ScenarioError) in
            try decodeInitialWrist(node, context)
        }
        try object.finish()

        guard let start = context.start else { throw context.error(startNode, "missing start") }
        var scenario = Scenario(
            file: file, name: name, summary: summary, seed: seed, start: start, watch: watch,
            watchLocation: watchNode?.location, items: items, history: history, storeOrder: StoreOrder(trips: history),
            script: script,
            finalExpectations: finalExpectations, end: end, sections: sections, eventLimit: eventLimit)
        if let wrist { scenario.wrist = wrist }
        return scenario
    }

    /// The `"eventLimit"` (default ``EventLimit/default``), checked against what is known at
    /// load time: every action step is one event, so a script with more actions than the limit
    /// is an error here (exit 65) rather than a run stopped part-way.
    static func decodeEventLimit(
        _ node: JSONNode?, script: [ScriptStep], _ scriptNode: JSONNode, _ context: DecodingContext
    ) throws(ScenarioError) -> EventLimit {
        let limit =
            try node.map { node throws(ScenarioError) in
                EventLimit(try node.int(context, in: 1...ScenarioLimits.maximumEventLimit))
            } ?? .default
        var actions = 0
        for step in script {
            if case .action = step.content { actions += 1 }
        }
        guard actions <= limit.maximum else {
            throw context.error(
                node ?? scriptNode,
                "the script has \(actions) action steps, more than the event limit of \(limit); "
                    + "expected at most \(limit.maximum) (raise \"eventLimit\" to run it)")
        }
        return limit
    }

    /// The watch model used when a scenario names none: 45 mm, PLATFORM.md §6.
    public static let defaultWatch = "series7-45mm"

    /// Decodes the feature sections. A feature adds one line here.
    static func decodeSections(_ object: inout ObjectReader, _ context: DecodingContext) throws(ScenarioError)
        -> ScenarioSections
    {
        var sections = ScenarioSections()
        sections.pipeline = try object.optional("pipeline").map { node throws(ScenarioError) in
            try PipelineSettings.decode(node, context)
        }
        sections.complication = try object.optional("complication").map { node throws(ScenarioError) in
            try ComplicationSettings.decode(node, context)
        }
        sections.reminders = try object.optional("reminders").map { node throws(ScenarioError) in
            try RemindersSettings.decode(node, context)
        }
        sections.link = try object.optional("link").map { node throws(ScenarioError) in
            try LinkSettings.decode(node, context)
        }
        return sections
    }

    static func decodeItems(_ node: JSONNode, _ context: inout DecodingContext) throws(ScenarioError) -> [ShoppingItem]
    {
        var items: [ShoppingItem] = []
        var firstSeen: [ItemID: SourceLocation] = [:]
        for element in try node.array(context, nonEmpty: true) {
            var object = try ObjectReader(element, context, what: "an item object with \"id\" and \"title\"")
            let idNode = try object.required("id", "a unique identifier such as \"kale\"")
            let id = try idNode.string(context)
            if let first = firstSeen[id] {
                throw context.error(
                    idNode,
                    "duplicate item id \(Excerpt.quoted(id)) (first used at line \(first.line), column \(first.column)); expected unique ids"
                )
            }
            firstSeen[id] = idNode.location
            let title = try object.required("title", "the text shown in the list").string(context)
            let due = try object.optional("due")?.time(context)
            let notes = try object.optional("notes")?.string(context, allowEmpty: true)
            try object.finish()
            items.append(ShoppingItem(id: id, title: title, due: due, notes: notes))
        }
        context.itemIDs = Set(items.map(\.id))
        return items
    }

    static func decodeHistory(_ node: JSONNode, _ context: DecodingContext) throws(ScenarioError) -> [[ItemID]] {
        var trips: [[ItemID]] = []
        for tripNode in try node.array(context) {
            var trip: [ItemID] = []
            var inTrip: Set<ItemID> = []
            for itemNode in try tripNode.array(context, nonEmpty: true) {
                let id = try itemNode.string(context)
                if !inTrip.insert(id).inserted {
                    throw context.error(
                        itemNode,
                        "item \(Excerpt.quoted(id)) appears twice in this trip; expected each item once per trip")
                }
                trip.append(id)
            }
            trips.append(trip)
        }
        return trips
    }

    static func decodeScript(_ node: JSONNode, _ context: DecodingContext) throws(ScenarioError) -> [ScriptStep] {
        var steps: [ScriptStep] = []
        var cursor = SimTime.zero
        for element in try node.array(context) {
            var object = try ObjectReader(element, context, what: "a step object")
            let atNode = object.optional("at")
            let afterNode = object.optional("after")
            _ = try object.optional("note")?.string(context, allowEmpty: true)
            let time: SimTime
            switch (atNode, afterNode) {
            case (let at?, nil):
                time = try at.time(context)
                guard time >= cursor else {
                    throw context.error(
                        at, "step time \(time) is before the previous step (\(cursor)); expected steps in time order")
                }
            case (nil, let after?):
                time = try context.adding(try after.duration(context), to: cursor, after)
            case (nil, nil):
                time = cursor
            case (_?, let after?):
                throw context.error(after, "a step has either \"at\" or \"after\", not both")
            }
            let doNode = object.optional("do")
            let expectNode = object.optional("expect")
            switch (doNode, expectNode) {
            case (let doNode?, nil):
                let kindName = try doNode.string(context)
                if kindName == "wait" {
                    let forNode = try object.required("for", "how long to wait, such as \"5m\"")
                    let duration = try forNode.duration(context)
                    try object.finish()
                    cursor = try context.adding(duration, to: time, forNode)
                    continue
                }
                guard let kind = Registry.stepKinds.first(where: { $0.name == kindName }) else {
                    let names = ["wait"] + Registry.stepKinds.map(\.name)
                    var message = "unknown step \(Excerpt.quoted(kindName))"
                    if let suggestion = Suggestion.closest(to: kindName, in: names) {
                        message += "; did you mean \"\(suggestion)\"?"
                    }
                    throw context.error(doNode, message + " expected one of: " + names.joined(separator: ", "))
                }
                let action = try kind.decode(&object, context)
                try object.finish()
                steps.append(
                    ScriptStep(time: time, location: element.location, path: element.path, content: .action(action)))
            case (nil, let expectNode?):
                try object.finish()
                let expectations = try decodeExpectations(expectNode, context)
                steps.append(
                    ScriptStep(
                        time: time, location: element.location, path: element.path, content: .expectations(expectations)
                    ))
            case (nil, nil):
                throw context.error(
                    element, "a step needs \"do\" (an action such as \"tap\") or \"expect\" (expectations)")
            case (_?, let expectNode?):
                throw context.error(
                    expectNode, "a step has either \"do\" or \"expect\", not both; split it into two steps")
            }
            cursor = time
        }
        return steps
    }

    static func decodeExpectations(_ node: JSONNode, _ context: DecodingContext) throws(ScenarioError)
        -> [LocatedExpectation]
    {
        guard case .object(let members) = node.value else {
            throw context.error(
                node, "expected an object of expectations such as {\"remaining\": 3}, found \(node.kindDescription)")
        }
        if members.isEmpty { throw context.error(node, "expected at least one expectation, found an empty object") }
        var result: [LocatedExpectation] = []
        for member in members {
            guard let kind = Registry.expectationKinds.first(where: { $0.key == member.key }) else {
                let keys = Registry.expectationKinds.map(\.key)
                var message = "unknown expectation \(Excerpt.quoted(member.key))"
                if let suggestion = Suggestion.closest(to: member.key, in: keys) {
                    message += "; did you mean \"\(suggestion)\"?"
                }
                throw context.error(key: member, message + " expected one of: " + keys.joined(separator: ", "))
            }
            let expectation = try kind.decode(member.value, context)
            result.append(
                LocatedExpectation(expectation: expectation, location: member.keyLocation, path: member.value.path))
        }
        return result
    }
}
