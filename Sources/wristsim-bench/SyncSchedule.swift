import CompanionModel
import ScenarioRunner
import SimulationKernel

/// A small random scenario with list edits on both devices under faults, drawn from a seed: the
/// input of the whole-simulation two-way property test (`TwoWayWorldPropertyTests`) and of
/// `wristsim-bench link`. It is the bench's, not the simulation's: nothing in the core uses it.
///
/// Each seed draws its own fault *mix* first (swarm testing: one schedule has many duplicates
/// and no outages, another the reverse), then a script of 8–30 steps a few seconds apart:
/// - phone edits: add, remove, rename, check, uncheck, and a notification's Complete or
///   Remind-in-30-min (half the loaded items are due in the first minute or so, and the phone
///   app's reminders start at once);
/// - watch edits: check-off taps (the wrist is raised at the start) and items added by dictation;
/// - faults: unreachable windows (in the `"link"` section and as `phoneOutOfRange` steps),
///   duplicate deliveries, watch-app terminations and relaunches, phone-app kills and launches,
///   session flaps, wrist drops (the watch app returns to the clock, then is suspended).
///
/// Every edit names an item that can exist at that point (loaded, or added by an earlier step),
/// so the scenario decodes; an edit may still be refused at run time (removing an item the other
/// device already removed, checking a checked item), which is part of what is tested.
///
/// ```swift
/// let scenario = try SyncSchedule(seed: 7).scenario()
/// var simulation = ScenarioSimulation(scenario: scenario)
/// let outcome = simulation.run()   // outcome.invariantFailures: the sync invariant, with trails
/// ```
struct SyncSchedule: Sendable {
    /// The seed the schedule is drawn from (also the scenario's seed).
    let seed: UInt64
    /// The scenario as the JSON a user would write.
    let json: JSONValue

    /// Draws the schedule of `seed`.
    ///
    /// - Complexity: O(*s*) in the steps drawn (at most 30).
    init(seed: UInt64) {
        self.seed = seed
        var draw = Draw(seed: seed)
        json = draw.scenario()
    }

    /// The schedule decoded by the scenario loader, as a file would be.
    ///
    /// - Throws: ``ScenarioError`` if the generator produced something the loader refuses (a
    ///   defect of the generator, reported with the JSON path).
    func scenario() throws(ScenarioError) -> Scenario {
        try ScenarioDecoder.decode(Array(json.compact.utf8), file: "sync-schedule-\(seed).json")
    }
}

extension SyncSchedule {
    /// The drawing state: the generator, the fault mix, and the items known so far.
    private struct Draw {
        let seed: UInt64
        var rng: SplitMix64
        /// Every id an edit may name now: loaded, or added by an earlier step.
        var known: [ItemID] = []
        var added = 0
        /// How many items the scenario loads (a notification is about one of them).
        var loaded = 0
        /// Per-step weights of the fault mix, drawn once per schedule.
        var faultWeight = 0.0
        var phoneWeight = 0.0

        init(seed: UInt64) {
            self.seed = seed
            rng = SplitMix64(seed: seed)
        }

        mutating func pick<T>(_ options: [T]) -> T {
            options[Int.random(in: 0..<options.count, using: &rng)]
        }

        mutating func scenario() -> JSONValue {
            loaded = Int.random(in: 2...5, using: &rng)
            known = (0..<loaded).map { "i\($0)" }
            // Some loaded items are due early in the run, so their reminders fire and a
            // notification's Complete (handled by the phone app) is one more edit source.
            let items: [JSONValue] = known.map { id in
                var item: JSONObject = ["id": .string(id), "title": .string("Item \(id)")]
                if rng.bernoulli(0.5) { item["due"] = .string("+\(Int.random(in: 10...90, using: &rng))s") }
                return .object(item)
            }
            faultWeight = pick([0.1, 0.25, 0.45])
            phoneWeight = pick([0.2, 0.4, 0.6])
            var link: JSONObject = [
                "latency": pick([
                    "80ms", ["uniform": ["min": "10ms", "max": "2s"]],
                    ["exponential": ["mean": "1s", "floor": "20ms"]],
                ]),
                "duplicateProbability": pick([.int(0), .decimal(3, scale: 1), .decimal(6, scale: 1)]),
                "replyTimeout": pick(["1s", "5s", "30s"]),
                "phoneApp": pick(["notRunning", "background", "foreground"]),
            ]
            if rng.bernoulli(0.5) {
                let from = Int.random(in: 5...120, using: &rng)
                let length = Int.random(in: 5...90, using: &rng)
                link["unreachable"] = [["from": .string("+\(from)s"), "to": .string("+\(from + length)s")]]
            }
            var steps: [JSONValue] = [["at": "+1s", "do": "raiseWrist"]]
            for _ in 0..<Int.random(in: 8...30, using: &rng) {
                var step: JSONObject = ["after": .string("\(Int.random(in: 0...15, using: &rng))s")]
                for member in nextStep().members { step[member.key] = member.value }
                steps.append(.object(step))
            }
            return [
                "format": 1, "name": .string("sync schedule \(seed)"),
                // The scenario's seed drives the link's latency and duplicate draws; JSON numbers
                // here are signed, so the top bit is dropped.
                "seed": .int(Int64(seed & UInt64(Int64.max))),
                "start": "2026-11-21T09:00:00Z", "items": .array(items), "link": .object(link),
                "script": .array(steps), "reminders": ["launchAt": "+0s"],
            ]
        }

        mutating func nextStep() -> JSONObject {
            let roll = rng.uniform()
            if roll < faultWeight { return fault() }
            return rng.uniform() < phoneWeight ? phoneEdit() : watchEdit()
        }

        mutating func newItem() -> ItemID {
            defer { added += 1 }
            let id = "n\(added)"
            known.append(id)
            return id
        }

        mutating func phoneEdit() -> JSONObject {
            switch Int.random(in: 0..<6, using: &rng) {
            case 0:
                // Now and then an add names a known item: a re-add after a remove, or a refusal.
                let id = rng.bernoulli(0.25) ? pick(known) : newItem()
                return ["do": "phoneAddItem", "item": .string(id), "title": .string("New \(id)")]
            case 1: return ["do": "phoneRemoveItem", "item": .string(pick(known))]
            case 2:
                let id = pick(known)
                return ["do": "phoneRenameItem", "item": .string(id), "title": .string("\(id) v\(rng.next() % 4)")]
            case 3:
                return [
                    "do": "notificationAction", "item": .string(pick(Array(known.prefix(loaded)))),
                    "action": .string(pick(["complete", "complete", "snooze"])),
                ]
            case 4: return ["do": "phoneCheckItem", "item": .string(pick(known))]
            default: return ["do": "phoneUncheckItem", "item": .string(pick(known))]
            }
        }

        mutating func watchEdit() -> JSONObject {
            if rng.bernoulli(0.2) {
                let id = newItem()
                return ["do": "watchAddItem", "item": .string(id), "title": .string("Dictated \(id)")]
            }
            return ["do": "tap", "item": .string(pick(known))]
        }

        mutating func fault() -> JSONObject {
            let step = pick([
                "phoneOutOfRange", "phoneInRange", "killPhoneApp", "launchPhoneApp", "phoneAppToBackground",
                "terminateWatchApp", "relaunchWatchApp", "sessionBecomeInactive", "activateSession", "lowerWrist",
                "raiseWrist",
            ])
            return ["do": .string(step)]
        }
    }
}
