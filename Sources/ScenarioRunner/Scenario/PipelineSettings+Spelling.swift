import CompanionModel

extension PipelineSettings {
    /// The pipeline section's spellings of its enumerated values: the current camelCase names,
    /// and the old ones still read with a warning.
    enum Spelling {
        /// One enumerated key's spellings.
        struct Table<Value: Sendable>: Sendable {
            /// The names written today, in `--help` order.
            var current: KeyValuePairs<String, Value>
            /// Old names, each with its value and the current name that replaces it.
            var old: [(name: String, value: Value, current: String)]
        }

        /// `"queue"`: `main`, `mainAsync`, `background` (old: `main-async`).
        static let queue = Table<PipelineQueue>(
            current: ["main": .main, "mainAsync": .mainAsync, "background": .background],
            old: [("main-async", .mainAsync, "mainAsync")])

        /// `"cpuSharing"`: `processorSharing`, `mainPriority` (old: the hyphenated names).
        static let sharing = Table<CPUSharing>(
            current: ["processorSharing": .processorSharing, "mainPriority": .mainPriority],
            old: [
                ("processor-sharing", .processorSharing, "processorSharing"),
                ("main-priority", .mainPriority, "mainPriority"),
            ])
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
