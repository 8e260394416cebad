import CompanionModel
import SimulationKernel

/// What decoders need to know beyond the node they read: the file name for errors, the
/// scenario's start (to turn ISO 8601 dates into offsets) and the item identifiers (to
/// check references).
package struct DecodingContext: Sendable {
    /// The file as the user named it.
    package var file: String
    /// The scenario's start date, once decoded.
    package var start: EpochTime?
    /// Each item's key in the scenario's ``ItemCatalog`` (`Scenario.itemCatalog`): the items in
    /// file order, then the items steps add, in script order, each identifier once. A tap step
    /// keeps it (``CoreSteps/Tap``), so a run finds the item by key. Its identifiers are every
    /// item a value may name so far: the list's, then those the steps before it add.
    package var itemKeys: [ItemID: Int] = [:]
    /// Whether error messages look for a "did you mean" (off once a file's error report is
    /// full, so errors that are only counted cost O(1) each).
    package var suggests = true

    /// An error located at `node`.
    package func error(_ node: JSONNode, _ message: String) -> ScenarioError {
        ScenarioError(file: file, location: node.location, path: node.path, message: message)
    }

    /// An error located at a member's key (for unknown or duplicate keys).
    package func error(key member: JSONNode.Member, _ message: String) -> ScenarioError {
        ScenarioError(file: file, location: member.keyLocation, path: member.value.path, message: message)
    }

    /// `body`'s value, or what it threw as an error located at `node` (a parse or check of the
    /// model, whose messages say what was expected), its message put in context by `message`.
    package func located<T, Failure: Error & CustomStringConvertible>(
        _ node: JSONNode, _ message: (String) -> String = { $0 }, _ body: () throws(Failure) -> T
    ) throws(ScenarioError) -> T {
        do throws(Failure) {
            return try body()
        } catch {
            throw self.error(node, message(error.description))
        }
    }
}

extension ScenarioErrorCollector {
    /// `body`'s value, or `nil` with its error recorded: one independent part of a file (a
    /// top-level key, an item, an expectation, a section) decoded on its own.
    @discardableResult
    mutating func attempt<T>(_ body: () throws(ScenarioError) -> T) -> T? {
        do throws(ScenarioError) { return try body() } catch {
            record(error)
            return nil
        }
    }
}
