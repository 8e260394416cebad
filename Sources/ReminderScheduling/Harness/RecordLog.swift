import SimulationKernel

/// A log of records in time order that keeps the first ``limit`` in full and counts every one:
/// the harness's deliveries, misses and app runs.
///
/// Work and memory follow what a report lists, not the simulated span: ten years of minutely
/// app runs record five million runs, of which a report lists the first ``defaultLimit`` and says
/// how many more there were (``droppedCount``). Totals and verdicts are kept for every record by
/// whoever reads them as they are made: the records past the kept ones are held until the
/// embedding has read them (``records(from:)``) and says so (``release()``); until then they are
/// all there, so a harness nobody releases (a test) holds every record.
///
/// As a collection it is the kept records (the first ``limit``), in order.
///
/// Its reading API is `@inlinable`: the log is generic and read from other modules (the world
/// reads every delivery as it is made), where only an inlinable body is specialised; unspecialised,
/// each read cost about 3,000 instructions of generic-metadata lookups (callgrind, reminders-weekday).
public struct RecordLog<Record: Sendable>: Sendable, RandomAccessCollection {
    /// The records a log keeps in full unless told otherwise: the first thousand.
    public static var defaultLimit: Int { 1_000 }

    /// How many records are kept in full.
    public let limit: Int
    /// The first ``limit`` records.
    @usableFromInline var kept: [Record] = []
    /// The records after the kept ones that are not released yet; the first has number ``heldStart``.
    @usableFromInline var held: [Record] = []
    /// The number of the first record in ``held`` (every record before it is kept or released).
    @usableFromInline var heldStart = 0
    /// Every record made, kept or not.
    public private(set) var recordedCount = 0

    /// An empty log keeping the first `limit` records (at least one).
    public init(limit: Int = RecordLog.defaultLimit) {
        self.limit = Swift.max(1, limit)
    }

    /// The records made but not kept in full: the number a report names as not listed.
    @inlinable public var droppedCount: Int { recordedCount - kept.count }

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { kept.count }
    @inlinable public subscript(position: Int) -> Record { kept[position] }

    /// Records `record`: kept in full while fewer than ``limit`` are, else held until ``release()``.
    /// The record is taken (`consuming`): a record made for the log is moved in, not copied.
    ///
    /// - Complexity: O(1) amortized.
    public mutating func append(_ record: consuming Record) {
        if kept.count < limit {
            kept.append(record)
        } else {
            if held.isEmpty { heldStart = recordedCount }
            held.append(record)
        }
        recordedCount += 1
    }

    /// The records numbered `start` and later (0 is the first ever made) that are still here:
    /// kept, or made since the last ``release()``. A reader that keeps its own count of the records
    /// it has seen, and reads before each release, sees every record exactly once.
    ///
    /// - Complexity: O(1); iterating is O(*k*) for the *k* records returned.
    @inlinable
    public func records(from start: Int) -> Records {
        Records(
            kept: kept[Swift.min(Swift.max(start, 0), kept.count)...],
            held: held[Swift.min(Swift.max(start - heldStart, 0), held.count)...])
    }

    /// Some of a log's records in order: kept ones, then held ones (``records(from:)``).
    public struct Records: Sequence {
        @usableFromInline let kept: ArraySlice<Record>
        @usableFromInline let held: ArraySlice<Record>

        @inlinable init(kept: ArraySlice<Record>, held: ArraySlice<Record>) {
            self.kept = kept
            self.held = held
        }

        @inlinable public func makeIterator() -> Iterator {
            Iterator(kept: kept.makeIterator(), held: held.makeIterator())
        }

        /// Reads the kept records, then the held ones.
        public struct Iterator: IteratorProtocol {
            @usableFromInline var kept: ArraySlice<Record>.Iterator
            @usableFromInline var held: ArraySlice<Record>.Iterator

            @inlinable init(kept: ArraySlice<Record>.Iterator, held: ArraySlice<Record>.Iterator) {
                self.kept = kept
                self.held = held
            }

            @inlinable public mutating func next() -> Record? { kept.next() ?? held.next() }
        }
    }

    /// Forgets the records past the kept ones: every reader has seen them.
    ///
    /// - Complexity: O(1) (keeps the room for the next ones).
    public mutating func release() {
        if !held.isEmpty { held.removeAll(keepingCapacity: true) }
        heldStart = recordedCount
    }

    /// Reserves room for `count` kept records (at most ``limit``).
    ///
    /// - Complexity: O(`count`).
    public mutating func reserveCapacity(_ count: Int) {
        kept.reserveCapacity(Swift.min(count, limit))
    }
}

extension RecordLog: StorageAdopting {
    /// Keeps this log exactly, moving its records into `old`'s storage where that has room.
    ///
    /// - Complexity: O(*n*) for the *n* records held, plus emptying `old`'s.
    public mutating func adoptStorage(of old: inout RecordLog) {
        kept.adoptStorage(of: &old.kept)
        held.adoptStorage(of: &old.held)
    }
}

extension RecordLog: Equatable where Record: Equatable {
    /// Whether two logs made as many records and hold the same ones (kept, then not yet released).
    ///
    /// - Complexity: O(*n*) for the *n* records held.
    public static func == (lhs: RecordLog, rhs: RecordLog) -> Bool {
        lhs.recordedCount == rhs.recordedCount && lhs.kept == rhs.kept && lhs.held == rhs.held
            && (lhs.held.isEmpty || lhs.heldStart == rhs.heldStart)
    }
}
