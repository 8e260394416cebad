/// Why a watch model could not be chosen.
package enum WatchModelError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No model has this name; `known` lists every name, in catalogue order.
    case unknownModel(String, known: [String])

    package var description: String {
        switch self {
        case .unknownModel(let name, let known):
            return "unknown watch model \"\(name)\"; expected one of: \(known.joined(separator: ", "))"
        }
    }
}
