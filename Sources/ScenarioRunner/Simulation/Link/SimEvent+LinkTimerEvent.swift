import CompanionModel

extension SimEvent: LinkTimerEvent {
    /// `.link(.timer(timer))`: the link's timers travel on the world's loop as link events.
    package static func linkTimer(_ timer: LinkTimer) -> SimEvent { .link(.timer(timer)) }
}
