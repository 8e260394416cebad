/// Reads a partial-result file (JSON Lines written by `--shard`) record by record, for
/// `wristsim merge`: blank lines are skipped, and an error in a record is reported at the record's
/// line of the file.
enum PartFileReader {
    /// Calls `read` for each record of `bytes` in order, with the state it builds up.
    ///
    /// - Throws: ``SweepError/parts(_:)`` with the located message of the first record `read`
    ///   rejects (or that is not JSON).
    /// - Complexity: O(*n*) in the file's size, plus what `read` costs.
    static func read<State>(
        _ bytes: [UInt8], file: String, into state: inout State,
        _ read: (JSONNode, inout State, DecodingContext) throws(ScenarioError) -> Void
    ) throws(SweepError) {
        var lineNumber = 0
        for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNumber += 1
            if line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") }) { continue }
            do {
                let node = try JSONParser.parse(Array(line), file: file)
                try read(node, &state, DecodingContext(file: file))
            } catch {
                var located = error
                if var location = located.location {
                    location.line = lineNumber
                    located.location = location
                }
                throw .parts(located.description)
            }
        }
    }
}
