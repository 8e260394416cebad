import SimulationKernel

/// A scenario file for one exploration run: the base scenario's JSON with its expectations
/// taken out (an exploration checks invariants, not the file's expectations, which faults may
/// legitimately break), every script step at its absolute time, some steps possibly removed
/// (shrinking), the run's faults written in as `"link"` settings and script steps, and the
/// run's seed. Decoding it gives the run; rendering it gives the standalone reproduction.
struct ExploreVariant: Sendable {
    /// The base scenario's parsed file.
    let root: JSONNode
    /// The script's action steps: their element index in the file's `"script"` and their time.
    let actions: [(element: Int, time: SimTime)]
    /// When the base scenario ends.
    let end: SimTime

    init(root: JSONNode, scenario: Scenario) {
        self.root = root
        end = scenario.end
        actions = scenario.script.compactMap { step in
            guard case .action = step.content else { return nil }
            return (step.element, step.time)
        }
    }

    /// The run's file as a tree: `seed`, `faults`, and without the action steps at `removed`
    /// (indices into ``actions``). `withHistory: false` leaves out the `"history"` (an exploration
    /// run takes the base scenario's learned store order instead of learning it again).
    ///
    /// - Complexity: O(*n* log *n*) in the steps and faults, plus the size of the file.
    func tree(
        seed: UInt64, faults: [ExploreFault], removed: Set<Int> = [], description: String? = nil,
        withHistory: Bool = true
    ) -> JSONNode {
        guard case .object(let members) = root.value else { return root }
        let script = members.first { $0.key == "script" }?.value.value
        let elements: [JSONNode] = if case .array(let list)? = script { list } else { [] }
        var steps: [(time: SimTime, order: Int, step: JSONNode)] = []
        for (index, action) in actions.enumerated() where !removed.contains(index) && action.element < elements.count {
            steps.append((action.time, index, retimed(elements[action.element], at: action.time)))
        }
        let existingLink = members.first { $0.key == "link" }?.value.value
        var link: [JSONNode.Member] = if case .object(let list)? = existingLink { list } else { [] }
        var unreachable: [JSONNode] = []
        var terminations: [JSONNode] = []
        func step(_ name: String, _ time: SimTime) {
            steps.append(
                (
                    min(time, end), actions.count + steps.count,
                    object([
                        ("at", text(min(time, end).description)), ("do", text(name)), ("note", text("explore fault")),
                    ])
                ))
        }
        for fault in faults {
            switch fault {
            case .unreachable(let from, let to):
                unreachable.append(object([("from", text(from.description)), ("to", text(min(to, end).description))]))
            case .latency(let mean):
                set("latency", object([("exponential", object([("mean", text(mean.description))]))]), in: &link)
            case .duplicates(let perMille):
                set("duplicateProbability", number(TraceValue.decimalText(Int64(perMille), scale: 3)), in: &link)
            case .termination(let phone, let at, let relaunch):
                var fields = [("app", text(phone ? "phone" : "watch")), ("at", text(at.description))]
                if let relaunch { fields.append(("relaunchAfter", text(relaunch.description))) }
                terminations.append(object(fields))
            case .sessionFlap(let at, let length):
                step("sessionBecomeInactive", at)
                step("activateSession", at + length)
            case .wristDown(let at, let length):
                step("lowerWrist", at)
                step("raiseWrist", at + length)
            case .appRun(let kind, let at):
                step(kind, at)
            }
        }
        if !unreachable.isEmpty { append(unreachable, to: "unreachable", in: &link) }
        if !terminations.isEmpty { append(terminations, to: "terminations", in: &link) }
        steps.sort { ($0.time, $0.order) < ($1.time, $1.order) }
        var result: [JSONNode.Member] = []
        for kept in members
        where !["expect", "script", "link", "seed", "end", "description"].contains(kept.key)
            && (withHistory || kept.key != "history")
        {
            result.append(kept)
            if kept.key == "name" {
                result.append(member("description", text(description ?? "")))
                result.append(member("seed", number(String(seed))))
            }
        }
        result.append(member("end", text(end.description)))
        if !link.isEmpty { result.append(member("link", node(.object(link)))) }
        result.append(member("script", node(.array(steps.map(\.step)))))
        var tree = root
        tree.value = .object(result)
        return tree
    }

    /// A script element with `"at"` set to `time` (no `"after"`), expectations never reach here.
    private func retimed(_ element: JSONNode, at time: SimTime) -> JSONNode {
        guard case .object(let members) = element.value else { return element }
        var result = [JSONNode.Member(key: "at", keyLocation: element.location, value: text(time.description))]
        result += members.filter { $0.key != "at" && $0.key != "after" }
        var copy = element
        copy.value = .object(result)
        return copy
    }

    private func set(_ key: String, _ value: JSONNode, in members: inout [JSONNode.Member]) {
        if let index = members.firstIndex(where: { $0.key == key }) {
            members[index].value = value
        } else {
            members.append(member(key, value))
        }
    }

    private func append(_ values: [JSONNode], to key: String, in members: inout [JSONNode.Member]) {
        if let index = members.firstIndex(where: { $0.key == key }),
            case .array(let existing) = members[index].value.value
        {
            members[index].value = node(.array(existing + values))
        } else {
            set(key, node(.array(values)), in: &members)
        }
    }

    private func node(_ value: JSONNode.Value) -> JSONNode {
        JSONNode(value: value, location: root.location, jsonPath: root.jsonPath)
    }

    private func text(_ value: String) -> JSONNode { node(.string(value)) }

    private func number(_ value: String) -> JSONNode { node(.number(value)) }

    /// A member `key`: `value` (located at the root, as everything the variant adds).
    private func member(_ key: String, _ value: JSONNode) -> JSONNode.Member {
        JSONNode.Member(key: key, keyLocation: root.location, value: value)
    }

    /// An object of `fields`, in order.
    private func object(_ fields: [(String, JSONNode)]) -> JSONNode { node(.object(fields.map(member))) }
}

extension JSONNode {
    /// The node as a ``JSONValue`` for writing (a reproduction file), or `nil` when a number
    /// cannot be written exactly as a JSON value of this project (an exponent form, or a whole
    /// number beyond 64 bits).
    ///
    /// - Complexity: O(*n*) in the tree's size.
    var jsonValue: JSONValue? {
        switch value {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .string(let text): return .string(text)
        case .number(let text):
            if let whole = Int64(text) { return .int(whole) }
            let parts = text.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 2, let scaled = Int64(parts[0] + parts[1]), parts[1].allSatisfy(\.isNumber) else {
                return nil
            }
            return .decimal(scaled, scale: parts[1].count)
        case .array(let elements):
            let values = elements.compactMap(\.jsonValue)
            return values.count == elements.count ? .array(values) : nil
        case .object(let members):
            let values = members.compactMap { member in member.value.jsonValue.map { (member.key, $0) } }
            return values.count == members.count ? .object(JSONObject(values)) : nil
        }
    }
}
