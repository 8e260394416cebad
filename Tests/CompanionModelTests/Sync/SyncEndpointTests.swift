import CompanionModel
import SimulationKernel
import Testing

@Suite struct SyncEndpointTests {
    private let items = [ShoppingItem(id: "kale", title: "Kale"), ShoppingItem(id: "milk", title: "Milk")]
    /// The loaded items, then the one a test adds.
    private let catalog = ItemCatalog(["kale", "milk"], adding: ["bread"])

    /// The operations `effects` of `endpoint` send, read from its log.
    private func sent(_ effects: [SyncEndpoint.Effect], by endpoint: SyncEndpoint) -> [ListOperation] {
        effects.compactMap { effect in
            switch effect {
            case .sendMessage(let position), .transferUserInfo(let position):
                return endpoint.replica.appliedLog[position]
            default: return nil
            }
        }
    }

    /// The trail lines `effects` note for the host's trace: each trace event's kind, with the
    /// fields that follow the five every line has (device, item, operation, edit, version).
    private func notes(_ effects: [SyncEndpoint.Effect]) -> [String] {
        effects.compactMap { effect in
            guard case .note(let entry) = effect else { return nil }
            let event = entry.traceEvent
            return ([event.kind] + event.fields.dropFirst(5).map { "\($0.key)=\($0.value.text)" }).joined(
                separator: " ")
        }
    }

    /// The items `effects` of `endpoint` report changed.
    private func changes(_ effects: [SyncEndpoint.Effect], of endpoint: SyncEndpoint) -> [ItemID] {
        effects.compactMap { effect in
            if case .itemChanged(let change) = effect { return endpoint.replica.items[change.slot].id }
            return nil
        }
    }

    @Test func anEditChangesTheItemAndPicksTheChannelByReachability() {
        var phone = SyncEndpoint(device: .phone, items: items, catalog: catalog)
        let added = phone.reduce(
            .edit(phone.key(of: "bread"), .add(title: "Bread"), reachability: .reachable), at: .zero)
        #expect(changes(added, of: phone) == ["bread"])
        #expect(added.contains { if case .sendMessage = $0 { return true } else { return false } })
        let checked = phone.reduce(
            .edit(phone.key(of: "kale"), .check, reachability: .unreachable(.outOfRange)), at: .zero)
        #expect(checked.contains { if case .transferUserInfo = $0 { return true } else { return false } })
        #expect(
            notes(added) + notes(checked) == [
                "sync.made title=Bread", "sync.applied", "sync.sent channel=interactive", "sync.made",
                "sync.applied", "sync.sent channel=userInfo",
            ])
        #expect(
            phone.reduce(.edit(phone.key(of: "kale"), .check, reachability: .reachable), at: .zero) == [
                .refused("kale", .check, .unchanged)
            ])
    }

    @Test func deliveriesApplyOnceAndReleaseHeldOperations() {
        var phone = SyncEndpoint(device: .phone, items: items, catalog: catalog)
        var watch = SyncEndpoint(device: .watch, items: items, catalog: catalog)
        let first = sent(
            phone.reduce(
                .edit(phone.key(of: "kale"), .rename(title: "Curly kale"), reachability: .reachable), at: .zero),
            by: phone)
        let second = sent(
            phone.reduce(.edit(phone.key(of: "milk"), .check, reachability: .reachable), at: .zero), by: phone)
        let held = watch.reduce(.delivered(second[0], channel: .interactive), at: .zero)
        #expect(changes(held, of: watch).isEmpty)
        #expect(notes(held).contains("sync.held waitingFor=1"))
        let released = watch.reduce(.delivered(first[0], channel: .userInfo), at: .zero)
        #expect(changes(released, of: watch) == ["kale", "milk"])
        // Each change names the last operation merged into its item, by its place in the log.
        let changed = released.compactMap { if case .itemChanged(let change) = $0 { change } else { nil } }
        #expect(changed.map { watch.replica.appliedLog[$0.position] } == [first[0], second[0]])
        #expect(changes(watch.reduce(.delivered(first[0], channel: .userInfo), at: .zero), of: watch).isEmpty)
        #expect(watch.replica.list == phone.replica.list)
    }

    @Test func anOutcomeAcknowledgesOrFallsBack() {
        var phone = SyncEndpoint(device: .phone, items: items, catalog: catalog)
        let operation = sent(
            phone.reduce(.edit(phone.key(of: "kale"), .check, reachability: .reachable), at: .zero), by: phone)[0]
        let fallback = phone.reduce(
            .outcome(operation.id.sequence, channel: .interactive, .failed(.notReachable)), at: .zero)
        #expect(sent(fallback, by: phone) == [operation])
        #expect(fallback.contains { if case .transferUserInfo = $0 { true } else { false } })
        #expect(!phone.courier.isIdle)
        let finished = phone.reduce(.outcome(operation.id.sequence, channel: .userInfo, .transferFinished), at: .zero)
        #expect(notes(finished) == ["sync.acknowledged"])
        #expect(phone.courier.isIdle)
        #expect(phone.courier.inFlight.isEmpty)
    }
}
