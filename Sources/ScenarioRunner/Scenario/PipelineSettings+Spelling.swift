import CompanionModel

extension PipelineSettings {
    /// The pipeline section's spellings of its enumerated values: the current camelCase names, in
    /// `--help` order. The old spellings, still read with a warning, are the values' raw names
    /// (`main-async`, `processor-sharing`, `main-priority`: the names reports print).
    enum Spelling {
        /// `"queue"`: `main`, `mainAsync`, `background` (old: `main-async`).
        static let queue: KeyValuePairs<String, PipelineQueue> = [
            "main": .main, "mainAsync": .mainAsync, "background": .background,
        ]

        /// `"cpuSharing"`: `processorSharing`, `mainPriority` (old: the hyphenated names).
        static let sharing: KeyValuePairs<String, CPUSharing> = [
            "processorSharing": .processorSharing, "mainPriority": .mainPriority,
        ]
    }

    /// A located warning: the section was read, but says something in a way that will change.
    package struct Warning: Hashable, Sendable, CustomStringConvertible {
        /// The file as the user named it.
        package var file: String
        /// Where in the file.
        package var location: SourceLocation
        /// The JSON path of the value (`$.pipeline.steps[2].queue`).
        package var path: String
        /// What to write instead, lower-case, no trailing period.
        package var message: String

        /// `FILE:LINE:COLUMN: warning: message (at $.path)`.
        package var description: String {
            "\(FileName.display(file)):\(location.line):\(location.column): warning: \(message) (at \(path))"
        }
    }
}
