import CompanionModel
import SimulationKernel

/// Turns a scenario file's bytes into a validated ``Scenario``, or the first precise error.
///
/// Checks, in file order: well-formed UTF-8 JSON, the format version, every key known, every
/// value of the expected type, unique item identifiers, item references that exist, step times
/// in order and not negative, and durations well formed.
package enum ScenarioDecoder {
    /// Decodes a scenario.
    ///
    /// - Parameters:
    ///   - bytes: the file's contents.
    ///   - file: the file name used in errors.
    /// - Complexity: O(*n*) in the file size, plus O(*s* log *s*) for *s* steps.
    package static func decode(_ bytes: [UInt8], file: String) throws(ScenarioError) -> Scenario {
        try decode(root: try JSONParser.parse(bytes, file: file), file: file)
    }

    /// Decodes a scenario from its parsed JSON (`wristsim sweep --set` edits the tree first).
    ///
    /// Each independent part (the top-level keys, each item, trip, script step, expectation and
    /// feature section) is decoded on its own, so one run reports up to
    /// ``ScenarioErrorCollector/limit`` errors, each located, and counts the rest. A root that
    /// is not an object, an unsupported format or an unusable `"items"` array end decoding at
    /// once, since nothing after them could be checked meaningfully.
    ///
    /// - Throws: the first error, carrying the others (``ScenarioError/more``).
    /// - Complexity: O(*n*) in the tree's size, plus O(*s* log *s*) for *s* steps.
    package static func decode(root: JSONNode, file: String) throws(ScenarioError) -> Scenario {
        var context = DecodingContext(file: file)
        var errors = ScenarioErrorCollector()
        var object = try ObjectReader(root, context, what: "a JSON object describing a scenario")

        let schemaNode = object.optional("$schema")
        let formatNode = try object.required("format", "the scenario format version, 1")
        let format = try formatNode.int(context, in: 0...Int.max)
        guard format == Scenario.currentFormat else {
            throw context.error(
                formatNode, "unsupported format \(format); this wristsim reads format \(Scenario.currentFormat)")
        }
        errors.attempt { () throws(ScenarioError) in _ = try schemaNode?.string(context) }
        let name =
            errors.attempt { () throws(ScenarioError) in try object.required("name", "a short title").string(context) }
            ?? ""
        let summary =
            errors.attempt { () throws(ScenarioError) in
                try object.optional("description")?.string(context, allowEmpty: true)
            } ?? nil
        let seed =
            errors.attempt { () throws(ScenarioError) in
                try object.optional("seed")?.int(context, in: 0...UInt64.max) ?? 1
            } ?? 1
        errors.attempt { () throws(ScenarioError) in
            let node = try object.required("start", "an ISO 8601 date-time such as \"2026-11-21T09:00:00Z\"")
            let startText = try node.string(context)
            let start = try context.located(node) { () throws(EpochTime.Failure) in try EpochTime.parse(startText) }
            let latest = ScenarioLimits.latestStart(utcOffsetSeconds: start.utcOffsetSeconds)
            guard start.secondsSinceEpoch <= latest.secondsSinceEpoch else {
                throw context.error(
                    node,
                    "the start \"\(startText)\" is too late: times run up to \(ScenarioLimits.maximumSpanText) after it "
                        + "and must stay within the year 9999; expected at most \"\(latest.iso8601)\"")
            }
            context.start = start
        }
        let watch =
            errors.attempt { () throws(ScenarioError) in
                guard let node = object.optional("watch") else { return defaultWatch }
                let watch = try node.string(context)
                // An unknown model: the error suggests the closest names, not the whole catalogue.
                guard (try? WatchModel.named(watch)) != nil else {
                    throw context.error(node, WatchNameSuggestion.message(for: watch))
                }
                return watch
            } ?? defaultWatch

        // Without a usable items array every item reference would be reported as unknown.
        let items: [ShoppingItem]
        do throws(ScenarioError) {
            let elements = try object.required("items", "an array of items").array(context, nonEmpty: true)
            items = decodeItems(elements, &context, &errors)
        } catch {
            errors.record(error)
            throw errors.combined ?? error
        }
        let storeOrder = StoreOrder(trips: object.optional("history").map { decodeHistory($0, context, &errors) } ?? [])
        var script: [ScriptStep] = []
        var scriptNode = object.node
        do throws(ScenarioError) {
            scriptNode = try object.required("script", "an array of steps")
            script = try decodeScript(scriptNode, &context, &errors)
        } catch {
            errors.record(error)
        }
        // The top-level expectations are checked at the end: they may name every item a step added.
        let finalExpectations = object.optional("expect").map { decodeExpectations($0, context, &errors) } ?? []
        let lastStep = script.last?.time ?? .zero
        var end = lastStep + Scenario.defaultDrain
        if let endNode = object.optional("end") {
            errors.attempt { () throws(ScenarioError) in
                end = try endNode.time(context)
                guard end >= lastStep else {
                    throw context.error(
                        endNode, "expected \"end\" at or after the last step (\(lastStep)), found \(end)")
                }
            }
        }
        let sections = decodeSections(&object, context, &errors)
        let work = KnownWork(
            script: script, reminders: sections.reminders, complication: sections.complication, end: end)
        let workSection = sections.reminders != nil ? "reminders" : work.policyReloads > 0 ? "complication" : nil
        let eventLimit =
            errors.attempt { () throws(ScenarioError) in
                try decodeEventLimit(
                    object.optional("eventLimit"), work: work,
                    at: workSection.flatMap { object.optional($0) } ?? scriptNode, context)
            } ?? .default
        let wrist =
            errors.attempt { () throws(ScenarioError) in
                try object.optional("wrist")?.named("wrist position", context) ?? InitialWrist.raised
            } ?? .raised
        object.finish(into: &errors)
        try errors.check()

        // A start that could not be read was recorded: `check()` has thrown.
        guard let start = context.start else { throw context.error(object.node, "missing start") }
        var scenario = Scenario(
            file: file, name: name, summary: summary, seed: seed, start: start, watch: watch,
            items: items, storeOrder: storeOrder, script: script,
            finalExpectations: finalExpectations, end: end, sections: sections, eventLimit: eventLimit, wrist: wrist)
        // Reports of a run over several calendar days print every time with its date.
        if TraceFormatter(start: start, end: end).showsDates {
            scenario.sections.complication?.configuration.clock.showsDates = true
        }
        return scenario
    }

    /// The `"eventLimit"` (default ``EventLimit/default``, at most
    /// ``ScenarioLimits/maximumEventLimit``), checked against the work known at load time
    /// (``KnownWork``): every action step is one event, every app run and every repeating
    /// reminder's delivery before the end one more, so a scenario that asks for more than the
    /// limit is an error here (exit 65), located at `"eventLimit"` if given, else at `node` (the
    /// reminders section when there is one, else the script), rather than a run stopped part-way.
    static func decodeEventLimit(
        _ limitNode: JSONNode?, work: KnownWork, at node: JSONNode, _ context: DecodingContext
    ) throws(ScenarioError) -> EventLimit {
        let limit =
            try limitNode.map { node throws(ScenarioError) in
                EventLimit(try node.int(context, in: 1...ScenarioLimits.maximumEventLimit))
            } ?? .default
        guard work.total > limit.maximum else { return limit }
        if work.appRuns == 0, work.repeatingDeliveries == 0, work.policyReloads == 0 {
            throw context.error(
                limitNode ?? node,
                "the script has \(work.actions) action steps, more than the event limit of \(limit); "
                    + "expected at most \(limit.maximum) (raise \"eventLimit\" to run it)")
        }
        throw context.error(
            limitNode ?? node,
            "the scenario asks for \(work.total) events before its end (\(work.description)), more than the event "
                + "limit of \(limit); expected at most \(limit.maximum) (raise \"eventLimit\", at most "
                + "\(ScenarioLimits.maximumEventLimit), or repeat less often)")
    }

    /// The watch model used when a scenario names none: 45 mm, PLATFORM.md §6.
    package static let defaultWatch = "series7-45mm"

    /// Decodes the feature sections, each on its own (an error in one is recorded and the
    /// others are still read). A feature adds one line here.
    static func decodeSections(
        _ object: inout ObjectReader, _ context: DecodingContext, _ errors: inout ScenarioErrorCollector
    ) -> ScenarioSections {
        var sections = ScenarioSections()
        func section<T>(_ key: String, _ decode: (JSONNode, DecodingContext) throws(ScenarioError) -> T) -> T? {
            object.optional(key).flatMap { node in
                errors.attempt { () throws(ScenarioError) in try decode(node, context) }
            }
        }
        sections.pipeline = section("pipeline", PipelineSettings.decode)
        sections.complication = section("complication", ComplicationSettings.decode)
        sections.reminders = section("reminders", RemindersSettings.decode)
        sections.link = section("link", LinkSettings.decode)
        return sections
    }

    /// Decodes each item on its own. An item whose `"id"` could be read counts as on the list
    /// even when the rest of it is wrong, so references to it are not reported as unknown too.
    ///
    /// - Complexity: O(*n*) for *n* items.
    static func decodeItems(
        _ elements: [JSONNode], _ context: inout DecodingContext, _ errors: inout ScenarioErrorCollector
    ) -> [ShoppingItem] {
        var firstSeen: [ItemID: SourceLocation] = [:]
        // The ids in the order they were read; they join `context` after the loop, as an item's
        // `ObjectReader` holds a copy of the context (an insert would copy the table per item).
        var ids: [ItemID] = []
        let items = elements.compactMap { element in
            errors.attempt { () throws(ScenarioError) in
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
                ids.append(id)
                let title = try object.required("title", "the text shown in the list").string(context)
                let due = try object.optional("due")?.time(context)
                let notes = try object.optional("notes")?.string(context, allowEmpty: true)
                try object.finish()
                return ShoppingItem(id: id, title: title, due: due, notes: notes)
            }
        }
        for id in ids { context.itemKeys[id] = context.itemKeys.count }
        return items
    }

    /// Decodes each past trip on its own.
    ///
    /// - Complexity: O(*n*) for *n* item ids in all trips.
    static func decodeHistory(_ node: JSONNode, _ context: DecodingContext, _ errors: inout ScenarioErrorCollector)
        -> [[ItemID]]
    {
        let tripNodes = errors.attempt { () throws(ScenarioError) in try node.array(context) } ?? []
        return tripNodes.compactMap { tripNode in
            errors.attempt { () throws(ScenarioError) in
                var inTrip: Set<ItemID> = []
                return try tripNode.array(context, nonEmpty: true).map { (itemNode) throws(ScenarioError) in
                    let id = try itemNode.string(context)
                    if !inTrip.insert(id).inserted {
                        throw context.error(
                            itemNode,
                            "item \(Excerpt.quoted(id)) appears twice in this trip; expected each item once per trip")
                    }
                    return id
                }
            }
        }
    }

    /// Decodes each step on its own; a step that fails is left out and the next is read from
    /// the last time known (a step whose time was read moves the cursor even when the rest of it
    /// is wrong, so later relative times are not shifted).
    ///
    /// An item a step adds (phone or watch) goes into `context`, so the steps after it and the
    /// top-level `"expect"` may name it.
    ///
    /// - Throws: only when `node` is not an array; errors in steps are recorded in `errors`.
    /// - Complexity: O(*s*) for *s* steps.
    static func decodeScript(
        _ node: JSONNode, _ context: inout DecodingContext, _ errors: inout ScenarioErrorCollector
    ) throws(ScenarioError) -> [ScriptStep] {
        var steps: [ScriptStep] = []
        var cursor = SimTime.zero
        for (index, element) in try node.array(context).enumerated() {
            // Once the report is full, further errors are only counted: skip their suggestions.
            context.suggests = !errors.isFull
            do throws(ScenarioError) {
                if let step = try decodeStep(element, index: index, cursor: &cursor, context, &errors) {
                    if let added = step.addedItem, context.itemKeys[added] == nil {
                        context.itemKeys[added] = context.itemKeys.count
                    }
                    steps.append(step)
                }
            } catch {
                errors.record(error)
            }
        }
        return steps
    }

    /// One script step, element `index` of the script (`nil` for `"wait"`, which only moves the
    /// cursor).
    static func decodeStep(
        _ element: JSONNode, index: Int, cursor: inout SimTime, _ context: DecodingContext,
        _ errors: inout ScenarioErrorCollector
    ) throws(ScenarioError) -> ScriptStep? {
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
        cursor = time
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
                return nil
            }
            guard let kind = Registry.stepKinds.first(where: { $0.name == kindName }) else {
                let names = ["wait"] + Registry.stepKinds.map(\.name)
                throw context.error(
                    doNode, Suggestion.unknown("step", kindName, among: names, suggests: context.suggests))
            }
            let action = try kind.decode(&object, context)
            try object.finish()
            return ScriptStep(time: time, element: index, content: .action(action))
        case (nil, let expectNode?):
            try object.finish()
            let expectations = decodeExpectations(expectNode, context, &errors)
            return ScriptStep(time: time, element: index, content: .expectations(expectations))
        case (nil, nil):
            throw context.error(element, "a step needs \"do\" (an action such as \"tap\") or \"expect\" (expectations)")
        case (_?, let expectNode?):
            throw context.error(expectNode, "a step has either \"do\" or \"expect\", not both; split it into two steps")
        }
    }

    /// Decodes an expectations object, each expectation on its own; errors go to `errors`.
    ///
    /// - Complexity: O(*m*) for *m* expectations.
    static func decodeExpectations(
        _ node: JSONNode, _ context: DecodingContext, _ errors: inout ScenarioErrorCollector
    ) -> [LocatedExpectation] {
        guard case .object(let members) = node.value else {
            errors.record(
                context.error(
                    node, "expected an object of expectations such as {\"remaining\": 3}, found \(node.kindDescription)"
                ))
            return []
        }
        if members.isEmpty {
            errors.record(context.error(node, "expected at least one expectation, found an empty object"))
            return []
        }
        return members.compactMap { member in
            errors.attempt { () throws(ScenarioError) in
                guard let kind = Registry.expectationKinds.first(where: { $0.key == member.key }) else {
                    let keys = Registry.expectationKinds.map(\.key)
                    throw context.error(
                        key: member,
                        Suggestion.unknown("expectation", member.key, among: keys, suggests: context.suggests))
                }
                let expectation = try kind.decode(member.value, context)
                return LocatedExpectation(
                    expectation: expectation, location: member.keyLocation, path: member.value.path)
            }
        }
    }
}
