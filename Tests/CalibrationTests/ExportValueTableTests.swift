import Testing

@testable import Calibration

/// The id/ref table keeps every value in 8 bytes and gives it back unchanged.
@Suite struct ExportValueTableTests {
    static let values: [ExportValue] = [
        .sentinel,
        ExportValue(number: 0, text: -1, isMainThread: false, isSentinel: false),
        ExportValue(number: 2_000_000_123, text: -1, isMainThread: false, isSentinel: false),
        ExportValue(number: (1 << 62) - 1, text: -1, isMainThread: false, isSentinel: false),
        ExportValue(number: nil, text: 0, isMainThread: false, isSentinel: false),
        ExportValue(number: nil, text: 41, isMainThread: true, isSentinel: false),
        ExportValue(number: nil, text: -1, isMainThread: true, isSentinel: false),
        ExportValue(number: nil, text: Int32.max - 1, isMainThread: false, isSentinel: false),
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

    @Test func aNegativeNumberIsKeptAsNoNumber() {
        var table = ExportValueTable()
        table.define(1, ExportValue(number: -5, text: -1, isMainThread: false, isSentinel: false))
        #expect(table.value(1)?.number == nil)
        #expect(table.value(1)?.isSentinel == false)
    }
}
