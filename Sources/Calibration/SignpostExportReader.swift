/// Reads the `os-signpost-interval` table of an `xctrace export` (XML), streaming: each row
/// becomes a ``SignpostInterval`` handed to the caller as soon as it ends.
///
/// The shape (`xctrace export --xpath '/trace-toc/run/data/table[@schema="os-signpost-interval"]'`):
///
/// ```xml
/// <trace-query-result>
///   <node xpath="//trace-toc[1]/run[1]/data[1]/table[7]">
///     <schema name="os-signpost-interval">
///       <col><mnemonic>start</mnemonic><name>Start</name><engineering-type>start-time</engineering-type></col>
///       <col><mnemonic>duration</mnemonic>…</col> <col><mnemonic>name</mnemonic>…</col> …
///     </schema>
///     <row><start-time id="1" fmt="00:01.250.000">1250000000</start-time><duration id="2" fmt="1.70 ms">1700000</duration>
///          <string id="3" fmt="removeRow">removeRow</string> … <thread id="9" fmt="Main Thread 0x1a2 (Grocery, pid: 31)">…</thread> …</row>
///     <row><start-time id="12" …>…</start-time><duration ref="2"/><string ref="3"/> … <sentinel/> …</row>
///   </node>
/// </trace-query-result>
/// ```
///
/// Columns are found by their `<mnemonic>` (`start`, `duration`, `name`, `start-thread`, and
/// `subsystem`/`category` for the filter), never by position: the set and order of columns
/// differ between Xcode versions. A cell is one child element of `<row>`, in column order; a
/// value given with `id="N"` is kept for later `ref="N"` cells; `<sentinel/>` is an empty cell.
/// Durations and times are the elements' text, in nanoseconds (the `fmt` attribute is only
/// what Instruments shows); a thread is the main thread when its `fmt` begins "Main Thread".
///
/// Memory: one input chunk, the values given with an id (8 bytes each, see
/// ``ExportValueTable``: a later `ref` may name any of them) and the texts of the name, subsystem
/// and category columns (each once).
package struct SignpostExportReader {
    /// The table calibrate reads.
    package static let schemaName = "os-signpost-interval"

    private var scanner: XMLScanner
    private let filter: SignpostFilter
    private var values = ExportValueTable()
    private var strings: [String] = []
    private var stringIndex: [String: Int32] = [:]
    /// The tally of what was read and not kept.
    package private(set) var tally = ReadTally()

    package init(_ input: ByteInput, filter: SignpostFilter = SignpostFilter()) {
        scanner = XMLScanner(input)
        self.filter = filter
    }

    /// Bytes read so far.
    package var offset: Int { scanner.offset }

    /// The columns calibrate reads, by their index in the table's schema.
    private struct Columns {
        var start: Int
        var duration: Int
        var name: Int
        var thread: Int
        var subsystem: Int?
        var category: Int?
        var count: Int

        /// Whether calibrate needs the column's text (the thread column needs only its `fmt`).
        func isKept(_ column: Int) -> Bool {
            column == name || column == subsystem || column == category
        }
    }

    /// Reads the whole export, calling `body` with each interval that passes the filter.
    ///
    /// - Throws: ``CalibrationError`` at the first malformed place: XML that is not
    ///   well-formed, no `os-signpost-interval` table, a column calibrate needs missing from the
    ///   schema, a row with more cells than columns, a `ref` to no earlier `id`, a start or
    ///   duration that is not a whole number of nanoseconds.
    package mutating func read(_ body: (SignpostInterval) -> Void) throws(CalibrationError) {
        var columns: Columns?
        var tableDepth: Int?
        var foundTable = false
        var rootLine = 1
        var rootColumn = 1
        while true {
            let token = try scanner.next()
            switch token {
            case .finished:
                guard foundTable else {
                    throw CalibrationError(
                        file: scanner.file, line: rootLine, column: rootColumn,
                        message: "no \(SignpostExportReader.schemaName) table in the export; expected the output of "
                            + "xctrace export --xpath '/trace-toc/run/data/table[@schema=\"os-signpost-interval\"]'")
                }
                return
            case .start:
                if scanner.depth == 1 {
                    rootLine = scanner.line
                    rootColumn = scanner.column
                }
                if scanner.nameIs("schema") {
                    let isOurs = scanner.attribute("name").map {
                        $0.elementsEqual(SignpostExportReader.schemaName.utf8)
                    }
                    if isOurs == true {
                        columns = try readSchema()
                        tableDepth = scanner.depth
                        foundTable = true
                    } else {
                        columns = nil
                        tableDepth = scanner.depth - 1
                    }
                } else if scanner.nameIs("row"), let depth = tableDepth, scanner.depth == depth + 1 {
                    guard let columns else {
                        tally.otherTables += 1
                        try skipElement()
                        continue
                    }
                    if let interval = try readRow(columns) { body(interval) }
                }
            case .end:
                if let depth = tableDepth, scanner.depth < depth {
                    tableDepth = nil
                    columns = nil
                }
            case .text:
                continue
            }
        }
    }

    // MARK: - Schema

    /// After `<schema name="os-signpost-interval">`: the mnemonics of its columns, in order.
    private mutating func readSchema() throws(CalibrationError) -> Columns {
        let schemaLine = scanner.line
        let schemaColumn = scanner.column
        let depth = scanner.depth
        var mnemonics: [String] = []
        var inMnemonic = false
        var current: String?
        while true {
            switch try scanner.next() {
            case .start:
                if scanner.nameIs("col"), scanner.depth == depth + 1 { current = nil }
                inMnemonic = scanner.nameIs("mnemonic") && scanner.depth == depth + 2
            case .text:
                if inMnemonic {
                    current = (current ?? "") + String(decoding: scanner.text, as: UTF8.self).trimmingSpaces
                }
            case .end:
                inMnemonic = false
                if scanner.nameIs("col"), scanner.depth == depth { mnemonics.append(current ?? "") }
                if scanner.depth < depth {
                    return try columns(from: mnemonics, line: schemaLine, column: schemaColumn)
                }
            case .finished:
                throw scanner.error("the file ends inside the schema")
            }
        }
    }

    private func columns(from mnemonics: [String], line: Int, column: Int) throws(CalibrationError) -> Columns {
        func index(_ names: [String], required: Bool) throws(CalibrationError) -> Int? {
            for name in names { if let found = mnemonics.firstIndex(of: name) { return found } }
            guard required else { return nil }
            throw CalibrationError(
                file: scanner.file, line: line, column: column,
                message: "the \(SignpostExportReader.schemaName) schema has no \"\(names[0])\" column; found: "
                    + (mnemonics.isEmpty ? "no columns" : mnemonics.joined(separator: ", ")))
        }
        return Columns(
            start: try index(["start"], required: true) ?? 0,
            duration: try index(["duration"], required: true) ?? 0,
            name: try index(["name"], required: true) ?? 0,
            thread: try index(["start-thread", "thread"], required: true) ?? 0,
            subsystem: try index(["subsystem"], required: filter.subsystem != nil),
            category: try index(["category"], required: filter.category != nil),
            count: mnemonics.count)
    }

    // MARK: - Rows

    /// After `<row>`: its cells, the interval they make (or `nil` when it is not kept).
    private mutating func readRow(_ columns: Columns) throws(CalibrationError) -> SignpostInterval? {
        tally.rows += 1
        let rowDepth = scanner.depth
        var cells = [ExportValue](repeating: .empty, count: columns.count)
        var index = 0
        while true {
            switch try scanner.next() {
            case .start:
                guard index < columns.count else {
                    throw scanner.error(
                        "the row has more values than the schema's \(columns.count) columns")
                }
                cells[index] = try readCell(keepsText: columns.isKept(index))
                index += 1
            case .text:
                guard scanner.text.allSatisfy(XMLScanner.isSpace) else {
                    throw scanner.error("text directly inside <row>; expected one element per column")
                }
            case .end:
                if scanner.depth < rowDepth { return interval(cells, columns) }
            case .finished:
                throw scanner.error("the file ends inside a row")
            }
        }
    }

    private mutating func interval(_ cells: [ExportValue], _ columns: Columns) -> SignpostInterval? {
        let nameCell = cells[columns.name]
        guard let start = number(cells[columns.start]), let duration = number(cells[columns.duration]),
            duration >= 0, let name = text(nameCell) ?? nameCell.number.map(String.init)
        else {
            tally.incomplete += 1
            return nil
        }
        if let wanted = filter.subsystem, text(columns.subsystem.map { cells[$0] }) != wanted {
            tally.filteredOut += 1
            return nil
        }
        if let wanted = filter.category, text(columns.category.map { cells[$0] }) != wanted {
            tally.filteredOut += 1
            return nil
        }
        return SignpostInterval(
            name: name, start: start, duration: duration, onMainThread: cells[columns.thread].isMainThread)
    }

    /// A value's number: its own, or its kept text's (a start or name column sharing an element).
    private func number(_ value: ExportValue) -> Int64? {
        value.number ?? text(value).flatMap { Int64(decimal: Array($0.utf8)) }
    }

    private func text(_ value: ExportValue?) -> String? {
        guard let index = value?.textIndex else { return nil }
        return strings[Int(index)]
    }

    /// After a cell's start tag: its value (from `ref`, or read and kept under its `id`),
    /// with any nested values (a thread's process) kept under their ids too.
    private mutating func readCell(keepsText: Bool) throws(CalibrationError) -> ExportValue {
        let depth = scanner.depth
        if scanner.nameIs("sentinel") {
            try skipElement()
            return .empty
        }
        if let reference = scanner.attribute("ref") {
            let line = scanner.line
            let column = scanner.column
            guard let id = Int(decimal: reference) else {
                throw scanner.error("ref=\"\(String(decoding: reference, as: UTF8.self))\" is not a whole number")
            }
            try skipElement()
            guard let value = values.value(id) else {
                throw CalibrationError(
                    file: scanner.file, line: line, column: column,
                    message: "unknown ref=\"\(id)\": no earlier value has id=\"\(id)\"")
            }
            if keepsText, case .other = value {
                throw CalibrationError(
                    file: scanner.file, line: line, column: column,
                    message: "ref=\"\(id)\" points to a value of a column calibrate does not read")
            }
            return value
        }
        return try readValue(depth: depth, keepsText: keepsText)
    }

    /// Reads the element just opened at `depth` (and its children), keeping each id'd value.
    private mutating func readValue(depth: Int, keepsText: Bool) throws(CalibrationError) -> ExportValue {
        let id = scanner.attribute("id").flatMap { Int(decimal: $0) }
        let isMain = scanner.attribute("fmt").map { $0.starts(with: "Main Thread".utf8) } ?? false
        var raw: [UInt8] = []
        while true {
            switch try scanner.next() {
            case .start:
                if let reference = scanner.attribute("ref") {
                    let line = scanner.line
                    let column = scanner.column
                    try skipElement()
                    guard let nested = Int(decimal: reference), values.value(nested) != nil else {
                        throw CalibrationError(
                            file: scanner.file, line: line, column: column,
                            message: "unknown ref=\"\(String(decoding: reference, as: UTF8.self))\": "
                                + "no earlier value has that id")
                    }
                } else {
                    _ = try readValue(depth: scanner.depth, keepsText: keepsText)
                }
            case .text:
                if raw.count < 4096 { raw.append(contentsOf: scanner.text.prefix(4096 - raw.count)) }
            case .end:
                guard scanner.depth < depth else { continue }
                let value = ExportValue(raw: raw, textIndex: keepsText ? intern(raw) : nil, isMainThread: isMain)
                if let id { values.define(id, value) }
                return value
            case .finished:
                throw scanner.error("the file ends inside a value")
            }
        }
    }

    private mutating func intern(_ raw: [UInt8]) -> Int32 {
        let text = String(decoding: raw, as: UTF8.self).trimmingSpaces
        if let index = stringIndex[text] { return index }
        let index = Int32(strings.count)
        strings.append(text)
        stringIndex[text] = index
        return index
    }

    /// Skips the element just opened, with everything inside it.
    private mutating func skipElement() throws(CalibrationError) {
        let depth = scanner.depth
        while scanner.depth >= depth {
            if try scanner.next() == .finished { throw scanner.error("the file ends inside an element") }
        }
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs and line breaks.
    var trimmingSpaces: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !" \t\r\n".unicodeScalars.contains($0) }),
            let last = scalars.lastIndex(where: { !" \t\r\n".unicodeScalars.contains($0) })
        else { return "" }
        return String(scalars[first...last])
    }
}

extension Int {
    /// A decimal number from ASCII digits (an optional leading '-'), or `nil`.
    init?(decimal bytes: [UInt8]) {
        guard let value = Int64(decimal: bytes) else { return nil }
        self.init(value)
    }
}

extension Int64 {
    /// A decimal number from ASCII digits with optional surrounding whitespace and a leading
    /// '-', or `nil` when the bytes are not one or it overflows.
    init?(decimal bytes: [UInt8]) {
        var index = bytes.startIndex
        var end = bytes.endIndex
        while index < end, XMLScanner.isSpace(bytes[index]) { index += 1 }
        while end > index, XMLScanner.isSpace(bytes[end - 1]) { end -= 1 }
        var negative = false
        if index < end, bytes[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        guard index < end else { return nil }
        var value: Int64 = 0
        while index < end {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times.addingReportingOverflow(Int64(digit))
            guard !overflow1, !overflow2 else { return nil }
            value = sum
            index += 1
        }
        self = negative ? -value : value
    }
}
