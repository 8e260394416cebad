/// What the user did to one item on the watch: checked it off or put it back.
package enum CheckOffKind: String, Hashable, Sendable {
    case check
    case uncheck
}
