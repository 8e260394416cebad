/// Which pending requests the system keeps when an app has more than the limit (PLATFORM.md §1.1).
///
/// Sources disagree: the legacy `UILocalNotification` documentation says the soonest-firing 64
/// are kept; a radar on iOS 11.2 and a probe on the iOS 18.5 simulator saw the last 64 added kept.
/// ``SimulatedNotificationCenter`` defaults to ``mostRecentlyAdded`` (PLATFORM.md §6, the
/// `UNUserNotificationCenter` model).
public enum OverflowRetention: String, Hashable, Sendable, CaseIterable {
    /// Keep the requests that fire soonest; drop the latest-firing (legacy documentation).
    case soonestFiring
    /// Keep the requests added most recently; drop the oldest addition (observed iOS 11.2+).
    case mostRecentlyAdded
}
