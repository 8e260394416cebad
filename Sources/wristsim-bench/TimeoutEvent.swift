/// A resumption in workload B (the timeouts micro-benchmark): process `process` woke from its
/// `completed`-th timeout (1-based). Every event is counted.
enum TimeoutEvent {
    case timeoutElapsed(process: Int32, completed: Int32)
}
