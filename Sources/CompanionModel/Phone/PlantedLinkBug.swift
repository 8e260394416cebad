/// A deliberately broken link rule, switched on only by tests (through `package` access and a
/// task-local value, never by a scenario file), so a test can prove that `wristsim explore`
/// finds a real bug and shrinks it to a reproduction that fails the same way.
///
/// ```swift
/// PlantedLinkBug.$current.withValue(.phoneIgnoresSequence) {
///     // every simulation run in here has the broken phone
/// }
/// ```
package enum PlantedLinkBug: Hashable, Sendable {
    /// The real rules.
    case none
    /// The phone applies every operation it receives without checking its sequence, so a
    /// duplicate delivery or a late, older operation changes the list again.
    case phoneIgnoresSequence

    /// The rule in force for the current task (default: the real rules). A scenario run reads it
    /// once, when its phone starts, so every run started in `withValue` has the broken phone.
    @TaskLocal package static var current: PlantedLinkBug = .none
}
