import CompanionModel

extension ScenarioDecoder {
    /// Checks that `name` is a known watch model (`wristsim watches`); the error lists every name.
    static func validateWatch(_ name: String, _ node: JSONNode?, _ context: DecodingContext) throws(ScenarioError) {
        do {
            _ = try WatchModel.named(name)
        } catch {
            guard let node else { throw ScenarioError(file: context.file, path: "$.watch", message: error.description) }
            throw context.error(node, error.description)
        }
    }
}
