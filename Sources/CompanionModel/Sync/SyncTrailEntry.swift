import SimulationKernel

/// One thing that happened to one list operation on one device: a line of an item's message
/// trail.
public struct SyncTrailEntry: Hashable, Sendable, CustomStringConvertible {
    /// What happened.
    public enum Step: Hashable, Sendable {
        /// The user's edit made the operation (on its origin).
        case made
        /// Handed to the link on `channel`.
        case sent(LinkChannel)
        /// The link lost this copy (a drop-out or a failed send); a resend must follow.
        case dropped(LinkChannel)
        /// A copy reached the device over `channel`.
        case delivered(LinkChannel)
        /// Merged into the device's list.
        case applied(ReplicaItem.Outcome)
        /// Ignored: already applied or held.
        case duplicate
        /// Held until the origin's operation `waitingFor` arrives.
        case held(waitingFor: Int)
        /// The origin learned that the other device has it.
        case acknowledged
        /// The link refused it for good (payload too large, cancelled): it will never arrive.
        case undeliverable(LinkError)

        /// `"sent userInfo"`, `"applied (lost to 4@watch)"`, …
        public var name: String {
            switch self {
            case .made: return "made"
            case .sent(let channel): return "sent \(channel.name)"
            case .dropped(let channel): return "dropped \(channel.name)"
            case .delivered(let channel): return "delivered \(channel.name)"
            case .applied(.won): return "applied"
            case .applied(.superseded(let version)): return "applied (lost to \(version))"
            case .duplicate: return "duplicate"
            case .held(let sequence): return "held (waiting for #\(sequence))"
            case .acknowledged: return "acknowledged"
            case .undeliverable(let error): return "undeliverable \(error)"
            }
        }
    }

    /// When.
    public var time: SimTime
    /// The device it happened on.
    public var device: LinkSide
    /// The operation.
    public var operation: OperationID
    /// The item the operation edits.
    public var item: ItemID
    /// What happened.
    public var step: Step

    /// Creates an entry.
    public init(time: SimTime, device: LinkSide, operation: OperationID, item: ItemID, step: Step) {
        self.time = time
        self.device = device
        self.operation = operation
        self.item = item
        self.step = step
    }

    /// `"+12.500s phone phone#3 kale sent userInfo"`.
    public var description: String { "\(time) \(device.name) \(operation) \(item) \(step.name)" }
}
