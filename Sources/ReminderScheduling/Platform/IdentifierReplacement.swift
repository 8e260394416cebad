/// What adding a request whose identifier is already pending does to its place in the
/// "most recently added" order (it always replaces the pending one; the count is unchanged).
///
/// Sources read two ways: the header says the add "will replace an existing notification request
/// with the same identifier" (in place); the `identifier` documentation says the system "removes the
/// previously scheduled notification … and replaces it with the new one" (a new addition).
public enum IdentifierReplacement: String, Hashable, Sendable, CaseIterable {
    /// The replacement keeps the original's place in the addition order (default).
    case inPlace
    /// The replacement counts as the newest addition.
    case newAddition
}
