#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Every workload, in `--help` order. Add a workload by adding it here.
let workloads: [any BenchWorkload] = [
    ShopWorkload(),
    TimeoutsWorkload(),
    TapsWorkload(),
    RemindersWorkload(),
    LinkWorkload(),
    SweepWorkload(),
    ScaleWorkload(),
    ComplicationWorkload(),
    CalibrateWorkload(),
    DoubleWorkload(),
]

func printHelp(_ workloads: [any BenchWorkload]) {
    print(
        """
        OVERVIEW: WristSim benchmarks (build with -c release for meaningful figures).

        USAGE: wristsim-bench <workload> [options] [--json]

        WORKLOADS:
        """)
    for workload in workloads {
        print("  " + workload.name + String(repeating: " ", count: max(1, 12 - workload.name.count)) + workload.summary)
    }
    print(
        """

        OPTIONS:
          --json      print one JSON object instead of a table
          -h, --help  show this help (after a workload: its options)
        """)
}

var arguments = Array(CommandLine.arguments.dropFirst())
guard let name = arguments.first, name != "-h", name != "--help" else {
    printHelp(workloads)
    exit(arguments.isEmpty ? 64 : 0)
}
guard let workload = workloads.first(where: { $0.name == name }) else {
    writeToStandardError(
        "error: unknown workload '\(name)'; expected one of: \(workloads.map(\.name).joined(separator: ", "))\n")
    exit(64)
}
arguments.removeFirst()
if arguments.contains("--help") || arguments.contains("-h") {
    print(
        "USAGE: wristsim-bench \(workload.name) [options] [--json]\n\n\(workload.summary)\n\nOPTIONS:\n\(workload.optionsHelp)"
    )
    exit(0)
}
let json = arguments.contains("--json")
arguments.removeAll { $0 == "--json" }
do {
    let report = try workload.run(arguments: arguments)
    print(json ? report.json : report.text)
    for failure in report.failures { writeToStandardError("error: \(failure)\n") }
    if report.checkValues == .mismatch || !report.failures.isEmpty { exit(1) }
} catch {
    writeToStandardError("error: \(error.message)\n")
    exit(64)
}

/// Writes `text` to standard error (file descriptor 2).
func writeToStandardError(_ text: String) {
    var bytes = Array(text.utf8)
    _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
}
