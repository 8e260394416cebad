/// Reads a partial-result file (JSON Lines written by `--shard`) record by record, for
/// `wristsim merge`: blank lines are skipped, and an error in a record is reported at the record's
/// line of the file.
enum PartFileReader {
    /// Reads each record of `bytes` in order: its `"schema"` must be `schema` and its `"record"`
    /// `"plan"` (the first, read by `plan` into the state returned) or `record` (read by `read`
    /// into the state the plan began). `writer` names what writes such files, for the message of
    /// a file without a plan record.
    ///
    /// - Throws: ``SweepError/parts(_:)`` with the located message of the first record that is
    ///   not JSON, has another schema or kind, is a second plan or comes before the plan, or
    ///   that `plan` or `read` rejects, or when there is no plan record.
    /// - Complexity: O(*n*) in the file's size, plus what `plan` and `read` cost.
    static func read<State>(
        _ bytes: [UInt8], file: String, schema: String, record: String, writer: String,
        plan: (inout ObjectReader, DecodingContext) throws(ScenarioError) -> State,
        _ read: (inout ObjectReader, JSONNode, inout State, DecodingContext) throws(ScenarioError) -> Void
    ) throws(SweepError) -> State {
        var state: State?
        var lineNumber = 0
        for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNumber += 1
            if line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") }) { continue }
            do throws(ScenarioError) {
                let node = try JSONParser.parse(Array(line), file: file)
                let context = DecodingContext(file: file)
                var object = try ObjectReader(node, context, what: "a \(schema) record")
                let schemaNode = try object.required("schema", "\"\(schema)\"")
                guard try schemaNode.string(context) == schema else {
                    throw context.error(schemaNode, "expected schema \"\(schema)\"")
                }
                let recordNode = try object.required("record", "\"plan\" or \"\(record)\"")
                switch try recordNode.string(context) {
                case "plan":
                    guard state == nil else { throw context.error(node, "a second plan record; expected one per file") }
                    state = try plan(&object, context)
                case record:
                    guard var current = state else {
                        throw context.error(node, "a \(record) record before the plan record")
                    }
                    state = nil  // `current` alone holds the state, so it grows in place
                    try read(&object, node, &current, context)
                    state = current
                default:
                    throw context.error(recordNode, "expected \"plan\" or \"\(record)\"")
                }
            } catch {
                var located = error
                if var location = located.location {
                    location.line = lineNumber
                    located.location = location
                }
                throw .parts(located.description)
            }
        }
        guard let state else {
            throw .parts("\(FileName.display(file)): error: no plan record; expected a file written by \(writer)")
        }
        return state
    }
}
