import SimulationKernel

/// The interactive messages awaiting an outcome, by ID.
///
/// IDs increase, so the messages sit in a window of slots indexed by `id - base`: every operation
/// is O(1) amortized (no hashing), and walking goes in send order. The window starts at the
/// oldest message still waiting (compacted when more than half of it lies before that).
struct InteractiveMessages: Sendable {
    /// `slots[index]` holds message `base + index`, if it still waits; `slots[..<head]` are empty.
    private var slots: [InteractiveMessage?] = []
    private var head = 0
    private var base: MessageID = 0
    /// How many messages wait.
    private(set) var count = 0

    /// Whether no message waits.
    var isEmpty: Bool { count == 0 }

    /// Message `id`, if it waits.
    subscript(id: MessageID) -> InteractiveMessage? {
        guard let index = index(of: id) else { return nil }
        return slots[index]
    }

    /// Adds `message` as `id`, which must be greater than the ID of every message added before.
    mutating func insert(_ message: consuming InteractiveMessage, id: MessageID) {
        if slots.isEmpty {
            // Nothing waits (the storage is emptied when the last message ends): start here.
            head = 0
            base = id
        }
        guard id >= base + MessageID(slots.count) else { return }
        while base + MessageID(slots.count) < id { slots.append(nil) }
        slots.append(consume message)
        count += 1
    }

    /// The state and route of message `id`, if it waits (its payload is not copied).
    func stateAndRoute(of id: MessageID) -> (state: InteractiveMessageState, route: LinkRoute)? {
        guard let index = index(of: id), let state = slots[index]?.state, let route = slots[index]?.message.route else {
            return nil
        }
        return (state, route)
    }

    /// Sets the state of message `id`, if it waits.
    mutating func setState(_ state: InteractiveMessageState, of id: MessageID) {
        guard let index = index(of: id) else { return }
        slots[index]?.state = state
    }

    /// Hands over waiting message `id` for its delivery: while its sender waits for an outcome,
    /// a copy of it (the table keeps it, now ``InteractiveMessageState/awaitingReply``); otherwise
    /// the message itself, moved out of the table. `nil` if it does not wait.
    mutating func deliver(_ id: MessageID) -> LinkMessage? {
        guard let index = index(of: id) else { return nil }
        return Self.deliver(&slots[index]) ?? take(at: index)?.message
    }

    /// The delivery of the message in `slot`: a copy of it if its sender waits (marked as awaiting
    /// the reply, in place), else `nil` (the caller moves it out).
    private static func deliver(_ slot: inout InteractiveMessage?) -> LinkMessage? {
        guard slot?.state.senderIsWaiting == true else { return nil }
        slot?.state = .awaitingReply
        return slot?.message
    }

    /// Removes message `id` and returns it (moved out of its slot, not copied), if it waits in a
    /// state for which `condition` holds (any state by default).
    mutating func take(
        _ id: MessageID, if condition: (InteractiveMessageState) -> Bool = { _ in true }
    ) -> InteractiveMessage? {
        guard let index = index(of: id), let state = slots[index]?.state, condition(state) else { return nil }
        return take(at: index)
    }

    /// Removes the message in slot `index` and returns it (moved out), if the slot holds one.
    private mutating func take(at index: Int) -> InteractiveMessage? {
        guard let message = slots[index].take() else { return nil }
        count -= 1
        dropEmptyHead()
        return message
    }

    /// The IDs of the waiting messages, in send order.
    var ids: [MessageID] {
        var ids: [MessageID] = []
        ids.reserveCapacity(count)
        for index in head..<slots.endIndex {
            if case .some = slots[index] { ids.append(base + MessageID(index)) }
        }
        return ids
    }

    /// The slot of `id`, when it lies in the window.
    private func index(of id: MessageID) -> Int? {
        guard id >= base + MessageID(head), id - base < MessageID(slots.count) else { return nil }
        return Int(id - base)
    }

    /// Moves the window's start past ended messages, compacting the storage when most is behind it.
    private mutating func dropEmptyHead() {
        if count == 0 {
            // The common case (one message at a time): nothing waits, every slot is empty.
            base += MessageID(slots.count)
            head = 0
            slots.shrinkKeepingCapacity()
            return
        }
        while head < slots.endIndex, case .none = slots[head] { head += 1 }
        if head == slots.endIndex {
            slots.shrinkKeepingCapacity()
            base += MessageID(head)
            head = 0
        } else if head > 64, head * 2 > slots.count {
            slots.removeFirst(head)
            base += MessageID(head)
            head = 0
        }
    }
}

extension InteractiveMessages: StorageAdopting {
    /// Keeps these messages in `old`'s slots (``StorageAdopting``).
    mutating func adoptStorage(of old: inout InteractiveMessages) {
        slots.adoptStorage(of: &old.slots)
    }
}
