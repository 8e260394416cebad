/// One input of `wristsim-bench scale`: a generator of a scenario file of size *n*, whose run
/// (decode + simulate, or the latency profile) is measured at growing *n*.
struct ScaleInput: Sendable {
    /// The input's name (`--input NAME`).
    var name: String
    /// What grows with *n*.
    var summary: String
    /// The sizes measured by default.
    var sizes: [Int]
    /// Whether the run is the latency profile (`wristsim latency`) rather than `wristsim run`.
    var profilesLatency = false
    /// Whether the run keeps its trace, as `wristsim run --trace` does (the trace is not printed);
    /// otherwise it runs as `wristsim run` without `--trace` (``UntracedRun``).
    var recordsTrace = false
    /// What is measured: the whole run, or only loading the file (parse and decode).
    var stage = Stage.run

    /// What a measurement covers.
    enum Stage: Sendable {
        /// Decode and run (or profile).
        case run
        /// Parse and decode only; the file is valid.
        case load
        /// Parse and decode only; the file is invalid and its errors are reported.
        case loadErrors
        /// `wristsim sweep` of the file over *n* cells (*n* values of `pipeline.jitter`), one
        /// seed each: *n* is the number of cells, not the file's size.
        case sweepCells
        /// `wristsim explore`'s shrink of a failing run of the file (*n* taps; the phone's planted
        /// sequence bug makes runs fail): only the shrink is timed, not the search for the failure.
        case exploreShrink
        /// `wristsim report` of *n* small files: each run and drawn, and the one page built.
        case report
    }
    /// The scenario file of size `n`, as JSON text.
    var scenario: @Sendable (Int) -> String

    static let header = #""format": 1, "name": "scale", "start": "2026-11-21T09:00:00Z", "eventLimit": 10000000"#

    static func items(_ count: Int, due: ((Int) -> String)? = nil) -> String {
        "["
            + (0..<count).map { index in
                let dueText = due.map { #", "due": "\#($0(index))""# } ?? ""
                return #"{"id": "i\#(index)", "title": "Item \#(index)"\#(dueText)}"#
            }.joined(separator: ",") + "]"
    }

    /// `n` taps on the list (check, uncheck), 2 s apart.
    static func taps(_ n: Int) -> String {
        let steps =
            [#"{"at": "+0s", "do": "raiseWrist"}"#]
            + (0..<n).map { #"{"at": "+\#(2 * $0 + 1)s", "do": "tap", "item": "i0"}"# }
        return "{\(header), \"items\": \(items(2)), \"script\": [\(steps.joined(separator: ","))]}"
    }

    static let standard = [1_000, 10_000, 100_000]
    /// Up to the most cells a sweep may have (``SweepPlan/maximumCells``).
    static let cells = [100, 1_000, 10_000]
    static let small = [1_000, 10_000, 100_000, 1_000_000]

    /// Every input the issue lists, in print order.
    static let all: [ScaleInput] = [
        ScaleInput(
            name: "loader", summary: "items and tap steps naming them, parsed and decoded", sizes: small, stage: .load
        ) {
            n in
            let steps = (0..<n).map { #"{"at": "+\#($0)s", "do": "tap", "item": "i\#($0)"}"# }
            return "{\(header), \"items\": \(items(n)), \"script\": [\(steps.joined(separator: ","))]}"
        },
        ScaleInput(
            name: "loaderErrors", summary: "script steps of an unknown kind (20 reported, the rest counted)",
            sizes: small, stage: .loadErrors
        ) { n in
            let steps = (0..<n).map { #"{"at": "+\#($0)s", "do": "tapp", "item": "i\#($0 % 2)"}"# }
            return "{\(header), \"items\": \(items(2)), \"script\": [\(steps.joined(separator: ","))]}"
        },
        ScaleInput(name: "scriptRaises", summary: "script steps: wrist raises and drops, 1 s apart", sizes: small) {
            n in
            let steps = (0..<n).map { #"{"at": "+\#($0)s", "do": "\#($0 % 2 == 0 ? "raiseWrist" : "lowerWrist")"}"# }
            return "{\(header), \"items\": \(items(2)), \"script\": [\(steps.joined(separator: ","))]}"
        },
        ScaleInput(name: "taps", summary: "taps on the list (check, uncheck), 2 s apart", sizes: standard) { n in
            taps(n)
        },
        ScaleInput(
            name: "tracedTaps", summary: "taps, 2 s apart, with the trace recorded as by 'run --trace'",
            sizes: standard, recordsTrace: true
        ) { n in
            taps(n)
        },
        ScaleInput(name: "unreachable", summary: "link unreachable windows of 1 s, 2 s apart", sizes: standard) { n in
            let windows = (0..<n).map { #"{"from": "+\#(2 * $0 + 1)s", "to": "+\#(2 * $0 + 2)s"}"# }
            return
                "{\(header), \"items\": \(items(2)), \"script\": [], \"end\": \"+\(2 * n + 10)s\", \"link\": {\"unreachable\": [\(windows.joined(separator: ","))]}}"
        },
        ScaleInput(
            name: "terminations", summary: "phone app terminations, relaunched 1 s later, 2 s apart", sizes: standard
        ) { n in
            let kills = (0..<n).map { #"{"app": "phone", "at": "+\#(2 * $0 + 1)s", "relaunchAfter": "1s"}"# }
            return
                "{\(header), \"items\": \(items(2)), \"script\": [], \"end\": \"+\(2 * n + 10)s\", \"link\": {\"terminations\": [\(kills.joined(separator: ","))]}}"
        },
        ScaleInput(name: "historyTrips", summary: "past trips of one item each", sizes: standard) { n in
            let trips = (0..<n).map { #"["i\#($0)"]"# }
            return "{\(header), \"items\": \(items(2)), \"history\": [\(trips.joined(separator: ","))], \"script\": []}"
        },
        ScaleInput(name: "tripItems", summary: "items in one past trip", sizes: standard) { n in
            let trip = (0..<n).map { #""i\#($0)""# }
            return
                "{\(header), \"items\": \(items(2)), \"history\": [[\(trip.joined(separator: ","))]], \"script\": []}"
        },
        ScaleInput(name: "repeating", summary: "occurrences of a reminder repeating every minute", sizes: standard) {
            n in
            "{\(header), \"items\": \(items(2)), \"script\": [], \"end\": \"+\(n)m\", \"reminders\": {\"repeating\": [{\"id\": \"r\", \"title\": \"R\", \"start\": \"+1m\", \"every\": \"1m\"}]}}"
        },
        ScaleInput(name: "deliveries", summary: "items due one minute apart, each delivered", sizes: standard) { n in
            "{\(header), \"items\": \(items(n) { "+\($0 + 1)m" }), \"script\": [], \"end\": \"+\(n + 2)m\", \"reminders\": {\"appRuns\": {\"every\": \"1h\"}}}"
        },
        ScaleInput(name: "pushes", summary: "phone complication pushes, 1 s apart", sizes: standard) { n in
            let series = (0..<((n + 9_999) / 10_000)).map { index in
                #"{"at": "+\#(index * 10_000 + 1)s", "do": "phoneComplicationUpdate", "count": \#(min(10_000, n - index * 10_000)), "every": "1s"}"#
            }
            return
                "{\(header), \"items\": \(items(2)), \"script\": [\(series.joined(separator: ","))], \"end\": \"+\(n + 10)s\"}"
        },
        ScaleInput(name: "refreshes", summary: "complication background refreshes every 15 minutes", sizes: standard) {
            n in
            "{\(header), \"items\": \(items(2)), \"script\": [], \"end\": \"+\(15 * n)m\", \"complication\": {\"backgroundRefresh\": {\"every\": \"15m\"}}}"
        },
        ScaleInput(
            name: "complicationCheckOffs",
            summary: "items, each checked off 2 s apart, with a complication on the face (half of them due)",
            sizes: standard
        ) { n in
            let steps = (0..<n).map { #"{"at": "+\#(2 * $0 + 1)s", "do": "tap", "item": "i\#($0)"}"# }
            return
                "{\(header), \"items\": \(items(n) { $0 % 2 == 0 ? "+\($0 % 500 + 1)m" : "+\(2 * n + 60)s" }), "
                + "\"script\": [\(steps.joined(separator: ","))], \"complication\": {}}"
        },
        ScaleInput(
            name: "sweepCells", summary: "cells of a sweep (values of one --set), one seed each, of 10 taps",
            sizes: cells, stage: .sweepCells
        ) { _ in
            let steps = (0..<10).map { #"{"at": "+\#(2 * $0 + 1)s", "do": "tap", "item": "i0"}"# }
            return
                "{\(header), \"pipeline\": \"optimized\", \"items\": \(items(2)), "
                + "\"script\": [\(steps.joined(separator: ","))]}"
        },
        ScaleInput(
            name: "phoneRemovals", summary: "items the phone removes in list order, 1 s apart", sizes: standard
        ) { n in
            let steps = (0..<n).map { #"{"at": "+\#($0 + 1)s", "do": "phoneRemoveItem", "item": "i\#($0)"}"# }
            return
                "{\(header), \"items\": \(items(n + 1)), \"script\": [\(steps.joined(separator: ","))], "
                + "\"end\": \"+\(n + 60)s\"}"
        },
        ScaleInput(
            name: "undeliverableThenAppStops",
            summary:
                "a check-off the link never delivers (phone out of range), then watch app stops and starts, 1 s apart",
            sizes: standard
        ) { n in
            let steps =
                [#"{"at": "+0s", "do": "phoneOutOfRange"}"#, #"{"at": "+1s", "do": "tap", "item": "i0"}"#]
                + (0..<n).map {
                    #"{"at": "+\#($0 + 2)s", "do": "\#($0 % 2 == 0 ? "terminateWatchApp" : "relaunchWatchApp")"}"#
                }
            return
                "{\(header), \"items\": \(items(2)), \"script\": [\(steps.joined(separator: ","))], "
                + "\"end\": \"+\(n + 60)s\"}"
        },
        ScaleInput(
            name: "checkOffsOutOfRangeThenAppCycles",
            summary:
                "check-offs that wait in flight (phone out of range), then as many watch app stops and starts, "
                + "each app start running it (wrist raised)",
            sizes: standard
        ) { n in
            let taps = (0..<n).map { #"{"at": "+\#($0 + 1)s", "do": "tap", "item": "i\#($0 % 2)"}"# }
            let cycles = (0..<n).flatMap { cycle in
                let at = n + 2 + 3 * cycle
                return [
                    #"{"at": "+\#(at)s", "do": "terminateWatchApp"}"#,
                    #"{"at": "+\#(at + 1)s", "do": "relaunchWatchApp"}"#,
                    #"{"at": "+\#(at + 2)s", "do": "raiseWrist"}"#,
                ]
            }
            let steps =
                [#"{"at": "+0s", "do": "phoneOutOfRange"}"#, #"{"at": "+0s", "do": "raiseWrist"}"#] + taps + cycles
            return
                "{\(header), \"items\": \(items(2)), \"script\": [\(steps.joined(separator: ","))], "
                + "\"end\": \"+\(4 * n + 60)s\"}"
        },
        ScaleInput(
            name: "exploreShrink",
            summary: "explore's shrink of a failing run of n taps (bounded: 400 runs, 2*10^7 events)", sizes: standard,
            stage: .exploreShrink
        ) { n in
            let steps = (0..<n).map { #"{"at": "+\#(20 * $0 + 1)s", "do": "tap", "item": "i\#($0 % 3)"}"# }
            return
                "{\(header), \"seed\": 3, \"pipeline\": \"instant\", \"items\": \(items(3)), "
                + "\"script\": [\(steps.joined(separator: ","))]}"
        },
        ScaleInput(
            name: "reportFiles", summary: "files in one 'wristsim report' page, each of 3 taps",
            sizes: [100, 1_000, 10_000, 100_000],
            stage: .report
        ) { _ in
            let steps = (0..<3).map { #"{"at": "+\#(2 * $0 + 1)s", "do": "tap", "item": "i\#($0)"}"# }
            return "{\(header), \"items\": \(items(3)), \"script\": [\(steps.joined(separator: ","))]}"
        },
        ScaleInput(
            name: "latencyTaps", summary: "taps profiled by 'wristsim latency', 2 s apart", sizes: standard,
            profilesLatency: true
        ) { n in
            let steps =
                [#"{"at": "+0s", "do": "raiseWrist"}"#]
                + (0..<n).map { #"{"at": "+\#(2 * $0 + 1)s", "do": "tap", "item": "i0"}"# }
            return "{\(header), \"items\": \(items(2)), \"script\": [\(steps.joined(separator: ","))]}"
        },
    ]
}
