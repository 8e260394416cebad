import Foundation

/// Reads scenario files from disk and finds them in folders.
package enum ScenarioLoader {
    /// The largest scenario file read (a larger one is an error, not an out-of-memory).
    package static let maximumFileSize = 16 * 1024 * 1024

    /// Reads and decodes the scenario at `path`.
    ///
    /// - Throws: ``ScenarioError`` when the file cannot be read or is not a valid scenario.
    package static func load(_ path: String) throws(ScenarioError) -> Scenario {
        try ScenarioDecoder.decode(try read(path), file: path)
    }

    /// The bytes of `path` (`-`: standard input), or an error saying why they cannot be read.
    /// Only a regular file or standard input is read; a FIFO, device or folder is refused at
    /// once, never waited on (see ``InputFile``).
    package static func read(_ path: String) throws(ScenarioError) -> [UInt8] {
        try InputFile.read(path, limit: maximumFileSize)
    }

    /// What a search of files and folders found.
    package struct Search: Sendable {
        /// The scenario files, in order: files as given, then each folder's sorted by path.
        package var scenarios: [String] = []
        /// JSON files found in folders that are not scenarios (an object without the scenario
        /// `"format"` key, or not an object), sorted by path: skipped, with a note.
        package var skipped: [String] = []
    }

    /// The scenario files under `paths`: files as given; folders searched recursively for
    /// `*.json`, skipping JSON Schema files, `schema` folders and JSON files that are not
    /// scenarios (no top-level `"format"` key). A file found in a folder that is not valid JSON
    /// is kept, so that checking it reports why.
    package static func search(_ paths: [String]) throws(ScenarioError) -> Search {
        var search = Search()
        for path in paths {
            guard let isFolder = InputFile.isFolder(path) else {
                throw ScenarioError(file: path, message: "no such file or folder")
            }
            guard isFolder else {
                search.scenarios.append(path)
                continue
            }
            for file in jsonFiles(under: path) {
                if isScenario(file) { search.scenarios.append(file) } else { search.skipped.append(file) }
            }
        }
        return search
    }

    /// Whether the file at `path` may be a scenario: it is not JSON whose top level is something
    /// other than an object with a `"format"` key.
    static func isScenario(_ path: String) -> Bool {
        guard let bytes = try? read(path), let root = try? JSONParser.parse(bytes, file: path) else { return true }
        guard case .object(let members) = root.value else { return false }
        return members.contains { $0.key == "format" }
    }

    /// The `*.json` files under the folder `path` (no JSON Schema files, no `schema` folders), sorted.
    private static func jsonFiles(under path: String) -> [String] {
        let base = path.hasSuffix("/") ? String(path.dropLast()) : path
        let enumerator = FileManager.default.enumerator(atPath: base)
        var found: [String] = []
        while let relative = enumerator?.nextObject() as? String {
            let components = relative.split(separator: "/")
            guard relative.hasSuffix(".json"), !relative.hasSuffix(".schema.json"),
                !components.dropLast().contains("schema")
            else { continue }
            found.append(base + "/" + relative)
        }
        return found.sorted()
    }
}
