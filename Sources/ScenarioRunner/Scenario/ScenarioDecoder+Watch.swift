import CompanionModel

extension ScenarioDecoder {
    /// Checks that `name` is a known watch model (`wristsim watches`); the error suggests the
    /// closest names rather than listing the whole catalogue.
    static func validateWatch(_ name: String, _ node: JSONNode?, _ context: DecodingContext) throws(ScenarioError) {
        guard (try? WatchModel.named(name)) == nil else { return }
        let message = WatchNameSuggestion.message(for: name, quote: "\"")
        guard let node else { throw ScenarioError(file: context.file, path: "$.watch", message: message) }
        throw context.error(node, message)
    }
}
