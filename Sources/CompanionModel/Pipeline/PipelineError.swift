/// Why a pipeline definition was rejected; each message says what was expected.
package enum PipelineError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The pipeline has no `removeRow` step, so tap-to-removal latency is undefined.
    case missingRemoveRow
    /// A built-in step kind appears more than once.
    case duplicateStep(String)
    /// A UI step was put on the background queue.
    case uiStepOffMain(String)
    /// A step with an empty name.
    case emptyStepName
    /// A negative cost or wait.
    case negativeDuration(step: String)

    package var description: String {
        switch self {
        case .missingRemoveRow:
            return "expected the pipeline to contain a \"removeRow\" step (tap-to-removal latency is measured to it)"
        case .duplicateStep(let name):
            return "step \"\(name)\" appears more than once; expected each built-in step at most once"
        case .uiStepOffMain(let name):
            return "step \"\(name)\" updates the UI; expected queue \"main\" or \"main-async\", found \"background\""
        case .emptyStepName:
            return "expected a non-empty step name"
        case .negativeDuration(let step):
            return "step \"\(step)\" has a negative cost or wait; expected durations of 0 or more"
        }
    }
}
