import Testing

@testable import ReminderScheduling

/// The harness's bounded logs: the first records kept in full, every one counted, and every one
/// read once by a reader that reads before each release.
@Suite struct RecordLogTests {
    @Test func keepsTheFirstRecordsAndCountsEveryOne() {
        var log = RecordLog<Int>(limit: 3)
        for value in 0..<10 { log.append(value) }
        #expect(Array(log) == [0, 1, 2])
        #expect(log.recordedCount == 10)
        #expect(log.droppedCount == 7)
        // Nobody released them: every record is still there to read.
        #expect(Array(log.records(from: 0)) == Array(0..<10))
        log.release()
        #expect(Array(log) == [0, 1, 2])
        #expect(Array(log.records(from: 3)).isEmpty)
        #expect(log.recordedCount == 10)
    }

    @Test(arguments: [1, 2, 5]) func aReaderThatReadsBeforeEachReleaseSeesEveryRecordOnce(batch: Int) {
        var log = RecordLog<Int>(limit: 4)
        var seen: [Int] = []
        var read = 0
        var next = 0
        for _ in 0..<7 {
            for _ in 0..<batch {
                log.append(next)
                next += 1
            }
            seen += log.records(from: read)
            read = log.recordedCount
            log.release()
        }
        #expect(seen == Array(0..<next))
        #expect(Array(log) == Array(0..<min(4, next)))
    }
}
