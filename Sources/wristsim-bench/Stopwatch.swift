#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Monotonic wall-clock time for benchmarks only (the simulation itself never reads a clock).
struct Stopwatch {
    private let start: Double

    init() {
        start = Stopwatch.now()
    }

    /// Seconds since the stopwatch was created.
    var elapsedSeconds: Double { Stopwatch.now() - start }

    private static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) * 1e-9
    }
}
