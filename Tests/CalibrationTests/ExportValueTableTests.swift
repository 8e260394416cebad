import Testing

@testable import Calibration

/// The id/ref table keeps every value in 8 bytes and gives it back unchanged.
@Suite struct ExportValueTableTests {
    static let values: [ExportValue] = [
        .empty,
        .number(0),
        .number(2_000_000_123),
        .number(ExportValue.largestNumber),
        .text(index: 0, isMainThread: false),
        .text(index: 41, isMainThread: true),
        .text(index: Int32.max - 1, isMainThread: false),
        .other(isMainThread: true),
        .other(isMainThread: false),
    ]

    @Test(arguments: values)
    func aValueComesBackUnderItsID(value: ExportValue) {
        var table = ExportValueTable()
        for id in [1, 2, 70_000, 1 << 40] {
            table.define(id, value)
            #expect(table.value(id) == value, "id \(id)")
        }
        #expect(table.value(3) == nil)
        #expect(table.value(-1) == nil)
    }

    @Test(arguments: ["-5", "4611686018427387904", "12ms", ""])
    func aTextThatIsNoUsableNumberIsNeitherNumberNorText(raw: String) {
        let value = ExportValue(raw: Array(raw.utf8), textIndex: nil, isMainThread: false)
        #expect(value == .other(isMainThread: false))
        #expect(value.number == nil)
    }

    @Test func aKeptTextIsTextEvenWhenItIsANumber() {
        let value = ExportValue(raw: Array("42".utf8), textIndex: 7, isMainThread: true)
        #expect(value == .text(index: 7, isMainThread: true))
        #expect(value.number == nil)
        #expect(value.isMainThread)
    }
}
