import SimulationKernel

extension PipelineSession {
    /// What every run of one pipeline on one watch with the same settings shares, worked out once:
    /// the pipeline and the watch, the step plan, the jitter's constants on the chip. Immutable
    /// and shared by reference, so a session copied for a new run of a prepared scenario copies
    /// one reference instead of the plan.
    final class Prepared: Sendable {
        /// The pipeline the session runs.
        let pipeline: CheckOffPipeline
        /// The watch it runs on.
        let watch: WatchModel
        /// Each step's plan, in pipeline order.
        let plan: [StepPlan]
        /// The session's ``PipelineJitter`` on this watch's chip: what a step start draws with.
        let jitterOnChip: PipelineJitter.OnChip
        let stepCount: Int
        let removeRowIndex: Int
        /// Whether `removeRow` runs inside the handler (its removal commits when the handler
        /// returns) rather than in a `main-async` block of its own.
        let removesRowInHandler: Bool
        let cores: Int
        let sharing: CPUSharing
        /// Whether it records any ``PipelineEffect`` (not with ``PipelineEffectSelection/nothing``).
        let recordsEffects: Bool

        /// - Complexity: O(*s*) for *s* steps.
        init(
            pipeline: CheckOffPipeline, watch: WatchModel, sharing: CPUSharing, jitter: PipelineJitter,
            roles: PipelineStepRoles, selection: PipelineEffectSelection
        ) {
            self.pipeline = pipeline
            self.watch = watch
            let speed = watch.relativeSpeed
            jitterOnChip = PipelineJitter.OnChip(jitter, speed: speed)
            let drawsCosts = !jitter.isExact
            let plan = pipeline.steps.indices.map { index in
                let step = pipeline.steps[index]
                let role = roles.byStep[index]
                let scaledCost = step.scaledCost(speed: speed)
                let isHeld = roles.synchronousSend == index
                let recordsEnd = selection.recordsEnd(of: role)
                return StepPlan(
                    scaledCost: scaledCost, wait: isHeld ? .untilRelease : .fixed(step.wait), queue: step.queue,
                    recordsStart: selection.recordsStart(of: role), recordsEnd: recordsEnd,
                    endsUnseen: !recordsEnd && !isHeld && step.wait == .zero,
                    isDrawn: drawsCosts && scaledCost.nanoseconds > 0)
            }
            self.plan = plan
            stepCount = pipeline.steps.count
            removeRowIndex = pipeline.removeRowIndex
            removesRowInHandler = pipeline.steps[removeRowIndex].queue == .main
            cores = watch.cores
            self.sharing = sharing
            recordsEffects = selection != .nothing
        }

        /// The CPU time step `step` of tap `tap` takes with jitter seed `seed`: drawn
        /// (``PipelineJitter``: a pure function of the seed, the tap and the step) for a drawn
        /// step, else the step's scaled cost.
        ///
        /// - Complexity: O(1).
        func cost(ofStep step: Int, tap: Int, seed: UInt64) -> SimDuration {
            guard plan[step].isDrawn else { return plan[step].scaledCost }
            return jitterOnChip.cost(plan[step].scaledCost, seed: seed, tap: tap, step: step)
        }
    }
}
