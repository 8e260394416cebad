import SimulationKernel

@testable import CompanionModel

/// Two replicas joined by a simulated transport for the model-level property test: per
/// direction two FIFO channels (interactive and userInfo) that may drop a message (then the
/// sender's resend brings it again), deliver a copy twice, and interleave with each other in any
/// order. Acknowledgements (the receiver's count of operations applied from the sender) travel
/// back the same way and may be lost too.
struct LossyTransport {
    /// What travels: an operation, or an acknowledgement of the sender's operations so far.
    enum Wire: Hashable {
        case operation(ListOperation)
        case acknowledgement(through: Int)
    }

    /// A channel in one direction.
    struct Lane: Hashable {
        var from: LinkSide
        var channel: LinkChannel
    }

    static let lanes: [Lane] = [
        Lane(from: .watch, channel: .interactive), Lane(from: .watch, channel: .userInfo),
        Lane(from: .phone, channel: .interactive), Lane(from: .phone, channel: .userInfo),
    ]
    static let pool: [ItemID] = ["kale", "milk", "eggs", "bread", "apples", "rice"]
    static let titles = ["A", "B", "C"]

    var watch: ListReplica
    var phone: ListReplica
    /// What happened to each operation, in order (printed with a failure).
    var trail: [SyncTrailEntry] = []
    var queues: [Lane: [Wire]] = [:]
    var rng: SplitMix64
    var time = SimTime.zero
    /// Every operation either device made.
    var made: [ListOperation] = []
    /// Each device's operations the other has not acknowledged, by sequence number (resent
    /// until it does).
    var outboxes: [LinkSide: [Int: ListOperation]] = [.watch: [:], .phone: [:]]
    /// Counts of what happened, to show that the schedules exercise the hard paths.
    var coverage: [String: Int] = [:]

    let lossProbability: Double
    let duplicateProbability: Double

    init(seed: UInt64) {
        rng = SplitMix64(seed: seed)
        let loaded = [ShoppingItem(id: "kale", title: "Kale"), ShoppingItem(id: "milk", title: "Milk")]
        let catalog = ItemCatalog(loaded.map(\.id), adding: Self.pool)
        watch = ListReplica(device: .watch, items: loaded, catalog: catalog)
        phone = ListReplica(device: .phone, items: loaded, catalog: catalog)
        lossProbability = rng.bernoulli(0.2) ? 0 : rng.uniform(in: 0...0.5)
        duplicateProbability = rng.bernoulli(0.2) ? 0 : rng.uniform(in: 0...0.4)
    }

    /// A random run of `steps` steps (edits, deliveries, drops, duplicates, resends), then the
    /// healing phase: no more loss, resends until nothing is in flight or unacknowledged.
    ///
    /// - Returns: whether it settled within the bound.
    mutating func run(steps: Int) -> Bool {
        for _ in 0..<steps {
            time = time + .seconds(1)
            let roll = rng.uniform()
            if roll < 0.4 {
                randomEdit()
            } else if roll < 0.9 {
                deliverOne(lossy: true)
            } else {
                resend(rng.bernoulli(0.5) ? .watch : .phone)
            }
        }
        for _ in 0..<10_000 {
            time = time + .seconds(1)
            if queues.values.allSatisfy(\.isEmpty) {
                if outboxes.values.allSatisfy(\.isEmpty) { return true }
                resend(.watch)
                resend(.phone)
            }
            deliverOne(lossy: false)
        }
        return false
    }

    // MARK: - Steps

    private mutating func randomEdit() {
        let device: LinkSide = rng.bernoulli(0.5) ? .watch : .phone
        let item = Self.pool[Int.random(in: 0..<Self.pool.count, using: &rng)]
        let title = Self.titles[Int.random(in: 0..<Self.titles.count, using: &rng)]
        // The watch adds (dictation), checks and unchecks; the phone does everything.
        let edits: [ListEdit] =
            device == .watch
            ? [.add(title: title), .check, .check, .uncheck]
            : [.add(title: title), .remove, .rename(title: title), .check, .uncheck]
        let edit = edits[Int.random(in: 0..<edits.count, using: &rng)]
        let key = watch.catalog.key(of: item)!
        let result = device == .watch ? watch.edit(key, edit) : phone.edit(key, edit)
        if case .made(let merge) = result {
            let operation = (device == .watch ? watch : phone).appliedLog[merge.position]
            note(.made, operation, on: device)
            note(.applied(merge.outcome), operation, on: device)
            made.append(operation)
            outboxes[device]?[operation.id.sequence] = operation
            send(operation, from: device)
        }
    }

    private mutating func resend(_ device: LinkSide) {
        let pending = (outboxes[device] ?? [:]).sorted { $0.key < $1.key }
        if !pending.isEmpty { coverage["resend", default: 0] += 1 }
        for (_, operation) in pending { send(operation, from: device) }
    }

    private mutating func send(_ operation: ListOperation, from device: LinkSide) {
        let channel: LinkChannel = rng.bernoulli(0.5) ? .interactive : .userInfo
        note(.sent(channel), operation, on: device)
        queues[Lane(from: device, channel: channel), default: []].append(.operation(operation))
    }

    /// Takes the head of a random non-empty lane: drops it (lossy phase), delivers it and keeps
    /// a copy at the head (a duplicate), or delivers it.
    private mutating func deliverOne(lossy: Bool) {
        let busy = Self.lanes.filter { !(queues[$0]?.isEmpty ?? true) }
        guard !busy.isEmpty else { return }
        let lane = busy[Int.random(in: 0..<busy.count, using: &rng)]
        guard let wire = queues[lane]?.first else { return }
        if lossy && rng.bernoulli(lossProbability) {
            queues[lane]?.removeFirst()
            coverage["dropped", default: 0] += 1
            if case .operation(let operation) = wire {
                note(.dropped(lane.channel), operation, on: lane.from)
            }
            return
        }
        if rng.bernoulli(duplicateProbability) {
            coverage["duplicateCopy", default: 0] += 1
        } else {
            queues[lane]?.removeFirst()
        }
        let receiver = lane.from.counterpart
        switch wire {
        case .operation(let operation):
            note(.delivered(lane.channel), operation, on: receiver)
            let receipts = receiver == .watch ? watch.deliver(operation) : phone.deliver(operation)
            for (operation, receipt) in receipts {
                switch receipt {
                case .duplicate:
                    coverage["ignoredDuplicate", default: 0] += 1
                    note(.duplicate, operation, on: receiver)
                case .held(let missing):
                    coverage["held", default: 0] += 1
                    note(.held(waitingFor: missing), operation, on: receiver)
                case .merged(let merge):
                    if case .superseded = merge.outcome { coverage["superseded", default: 0] += 1 }
                    note(.applied(merge.outcome), operation, on: receiver)
                }
            }
            let through = (receiver == .watch ? watch : phone).passedThrough(from: lane.from)
            let back: LinkChannel = rng.bernoulli(0.5) ? .interactive : .userInfo
            queues[Lane(from: receiver, channel: back), default: []].append(.acknowledgement(through: through))
        case .acknowledgement(let through):
            outboxes[receiver] = outboxes[receiver]?.filter { $0.key > through }
        }
    }

    private mutating func note(_ step: SyncTrailEntry.Step, _ operation: ListOperation, on device: LinkSide) {
        trail.append(SyncTrailEntry(time: time, device: device, operation: operation, step: step))
    }
}
