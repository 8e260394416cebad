import SimulationKernel
import Testing

@testable import CompanionModel

/// A payload is one reference whatever its case, and a list operation is held as it is (not
/// boxed a second time) with the same value semantics as the boxed cases.
@Suite struct LinkPayloadTests {
    private static let operation = ListOperation(
        id: OperationID(origin: .watch, sequence: 2), item: "kale", key: 0, edit: .check,
        version: SyncVersion(counter: 3, device: .watch))

    @Test func everyPayloadIsOneReference() {
        #expect(MemoryLayout<LinkPayload>.size == MemoryLayout<AnyObject>.size)
        #expect(MemoryLayout<LinkMessage>.size <= 32, "a message stays small to copy through the event queue")
    }

    @Test func eachCaseKeepsItsValueThroughCopies() {
        let payloads: [LinkPayload] = [
            .listOperation(Self.operation), .complicationUpdate(remaining: 3), .data(label: "ping", bytes: 10),
        ]
        let copies = payloads.map { $0 }
        #expect(copies == payloads)
        #expect(Set(copies).count == 3)
        #expect(copies[0].listOperation == Self.operation)
        #expect(copies[1].listOperation == nil && copies[2].listOperation == nil)
        #expect(copies.map(\.byteCount) == [Self.operation.byteCount, 40, 10])
        #expect(copies.map(\.summary) == ["list watch#2 check kale v3@watch", "complication remaining=3", "ping 10B"])
    }

    @Test func equalityAndHashingFollowTheValue() {
        let same = ListOperation(
            id: OperationID(origin: .watch, sequence: 2), item: "kale", key: 0, edit: .check,
            version: SyncVersion(counter: 3, device: .watch))
        #expect(LinkPayload.listOperation(same) == .listOperation(Self.operation))
        #expect(LinkPayload.listOperation(same).hashValue == LinkPayload.listOperation(Self.operation).hashValue)
        #expect(LinkPayload.complicationUpdate(remaining: 3) != .complicationUpdate(remaining: 4))
        #expect(LinkPayload.data(label: "a", bytes: 1) != .data(label: "b", bytes: 1))
        #expect(LinkPayload.complicationUpdate(remaining: 40) != .data(label: "", bytes: 40))
    }
}
