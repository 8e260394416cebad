/// Gathers the errors of one scenario file, so a file with many mistakes reports many of them
/// at once — but never more than ``limit``: the rest are only counted ("and 80 more errors").
///
/// The decoder reads each independent part of a file (each item, each script step, each
/// expectation, each section) inside its own `do`/`catch`, records what fails and goes on with
/// the next part; a mistake that makes the rest meaningless (a root that is not an object, an
/// unsupported format) still ends decoding at once.
///
/// ```swift
/// var errors = ScenarioErrorCollector()
/// for element in elements {
///     do throws(ScenarioError) { steps.append(try decodeStep(element)) } catch { errors.record(error) }
/// }
/// try errors.check()  // throws the first error, carrying the others
/// ```
///
/// - Complexity: O(1) per recorded error; at most ``limit`` errors are kept, however many occur.
package struct ScenarioErrorCollector: Sendable {
    /// The most errors reported for one file.
    package static let limit = 20

    /// The errors kept, in the order they were found (at most ``limit``).
    package private(set) var kept: [ScenarioError] = []
    /// How many further errors were found and not kept.
    package private(set) var omitted = 0

    package init() {}

    /// Whether the next error would only be counted; decoders may then skip costly details
    /// (suggestions) in the messages nobody will read.
    package var isFull: Bool { kept.count >= ScenarioErrorCollector.limit }

    /// Records `error` and the errors it carries (``ScenarioError/more``, ``ScenarioError/omitted``).
    package mutating func record(_ error: ScenarioError) {
        let all = error.all
        let room = max(0, ScenarioErrorCollector.limit - kept.count)
        kept += all.prefix(room)
        omitted += max(0, all.count - room) + error.omitted
    }

    /// Every error found so far as one error: the first, carrying the others and the count of
    /// those left out; `nil` when there is none.
    package var combined: ScenarioError? {
        guard var first = kept.first else { return nil }
        first.more = Array(kept.dropFirst())
        first.omitted = omitted
        return first
    }

    /// Throws ``combined`` when any error was recorded.
    package func check() throws(ScenarioError) {
        if let combined { throw combined }
    }
}
