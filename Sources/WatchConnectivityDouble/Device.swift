import CompanionModel

/// One end of a ``SessionPair``: the watch or the phone.
public enum Device: Hashable, Sendable, CaseIterable {
    /// The Apple Watch.
    case watch
    /// The iPhone.
    case phone

    /// The link model's side.
    var side: LinkSide { self == .watch ? .watch : .phone }

    /// The device of the link model's `side`.
    init(_ side: LinkSide) {
        self = side == .watch ? .watch : .phone
    }
}
