import SimulationKernel

/// Workload B, the engine micro-benchmark (`shared/bench/WORKLOAD.md` §3), on the kernel's
/// `EventQueue<Double, TimeoutEvent>`: P processes each loop L times over
/// `yield env.timeout(rng.expovariate(1.0))`, drawing each delay from one shared
/// `MersenneTwister` just before suspending. The processes start at time 0 in order, so the
/// first P draws go to processes 0..P-1; after that draws follow the order of resumptions.
struct TimeoutsSimulation {
    private let timeoutsPerProcess: Int32
    private var rng: MersenneTwister
    private var queue: EventQueue<Double, TimeoutEvent>
    private var now = 0.0
    private var outcome = TimeoutsOutcome()

    /// Starts the processes at time 0: each draws its first delay and suspends.
    ///
    /// - Complexity: O(*P* log *P*).
    init(_ parameters: TimeoutsParameters) {
        rng = MersenneTwister(seed: parameters.seed)
        timeoutsPerProcess = Int32(parameters.timeoutsPerProcess)
        queue = EventQueue(capacity: parameters.processes + 1)
        for process in 0..<Int32(parameters.processes) {
            queue.schedule(.timeoutElapsed(process: process, completed: 1), at: now + rng.expovariate(1.0))
        }
    }

    /// Runs workload B with `parameters` until no events remain.
    ///
    /// - Complexity: O(*P* × *L* × log *P*).
    static func run(_ parameters: TimeoutsParameters) -> TimeoutsOutcome {
        var simulation = TimeoutsSimulation(parameters)
        return simulation.run()
    }

    /// Handles events until none remain; returns the count and the final clock.
    mutating func run() -> TimeoutsOutcome {
        while let next = queue.popNext() {
            now = next.time
            switch next.event {
            case .timeoutElapsed(let process, let completed):
                outcome.events += 1
                if completed < timeoutsPerProcess {
                    let delay = rng.expovariate(1.0)
                    queue.schedule(.timeoutElapsed(process: process, completed: completed + 1), at: now + delay)
                }
            }
        }
        outcome.simulatedSeconds = now
        return outcome
    }
}
