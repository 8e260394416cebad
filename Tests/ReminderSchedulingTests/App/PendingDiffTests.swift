import Testing

@testable import ReminderScheduling

@Suite struct PendingDiffTests {
    private func request(_ id: String, minute: Int64, badge: Int? = nil) -> NotificationRequest {
        NotificationRequest(
            identifier: id, content: NotificationContent(title: id, badge: badge),
            trigger: .once(at: ReminderTime(seconds: minute * 60)))
    }

    @Test func unchangedRequestsAreNeitherRemovedNorAdded() {
        let pending = [request("r.a", minute: 1, badge: 1), request("r.b", minute: 2, badge: 2)]
        let diff = PendingDiff(pending: pending, wanted: pending, at: .zero) { $0.hasPrefix("r.") }
        #expect(diff.isEmpty)
    }

    @Test func aChangedBadgeIsOneAddWithoutARemove() {
        let pending = [request("r.a", minute: 1, badge: 1)]
        let wanted = [request("r.a", minute: 1, badge: 2)]
        let diff = PendingDiff(pending: pending, wanted: wanted, at: .zero) { $0.hasPrefix("r.") }
        #expect(diff.removals.isEmpty)
        #expect(diff.additions == wanted)
    }

    @Test func foreignRequestsAreNeverRemoved() {
        let pending = [request("other", minute: 1), request("r.gone", minute: 2)]
        let diff = PendingDiff(pending: pending, wanted: [], at: .zero) { $0.hasPrefix("r.") }
        #expect(diff.removals == ["r.gone"])
        #expect(diff.additions.isEmpty)
    }

    @Test func aForeignRequestWithAWantedIdentifierIsNotTakenAsOurs() {
        let pending = [request("x", minute: 1)]
        let wanted = [request("x", minute: 1)]
        let diff = PendingDiff(pending: pending, wanted: wanted, at: .zero) { $0.hasPrefix("r.") }
        #expect(diff.additions == wanted)
    }
}
