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

    /// Every scenario file under `paths` (files as given; folders searched recursively for
    /// `*.json`, skipping JSON Schema files and `schema` folders), sorted by path.
    package static func scenarioFiles(under paths: [String]) throws(ScenarioError) -> [String] {
        var result: [String] = []
        for path in paths {
            guard let isDirectory = InputFile.isFolder(path) else {
                throw ScenarioError(file: path, message: "no such file or folder")
            }
            guard isDirectory else {
                result.append(path)
                continue
            }
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
            result.append(contentsOf: found.sorted())
        }
        return result
    }
}
