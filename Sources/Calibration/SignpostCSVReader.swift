/// Reads intervals logged as CSV, one a line: `name,start_ns,duration_ns,thread`, where
/// `thread` is `main` for the main thread (anything else: a background thread). A first line
/// `name,start_ns,duration_ns,thread` is a header; empty lines and lines starting with `#` are
/// skipped. Names may be quoted (`"add, then sort"`, `""` for a quote inside).
///
/// ```text
/// name,start_ns,duration_ns,thread
/// updateTableModel,1000000000,1650000,main
/// sendMessageToPhone,1001700000,5200000,com.apple.root.utility-qos
/// ```
package struct SignpostCSVReader {
    private var input: ByteInput
    /// The tally of what was read and not kept.
    package private(set) var tally = ReadTally()
    /// The longest line read (a longer one is an error).
    package static let maximumLineLength = 1 << 16

    package init(_ input: ByteInput) {
        self.input = input
    }

    /// Bytes read so far.
    package var offset: Int { input.offset }

    /// Reads every line, calling `body` with each interval.
    ///
    /// - Throws: ``CalibrationError`` at the first line that does not parse (located at the
    ///   field that is wrong).
    package mutating func read(_ body: (SignpostInterval) -> Void) throws(CalibrationError) {
        var fields: [(text: [UInt8], column: Int)] = []
        var lineNumber = 0
        while try input.peek() != nil {
            lineNumber += 1
            let line = input.line
            try readLine(into: &fields)
            if fields.count == 1, fields[0].text.allSatisfy(XMLScanner.isSpace) { continue }
            if fields[0].text.first == UInt8(ascii: "#") { continue }
            if lineNumber == 1, fields[0].text.elementsEqual("name".utf8) { continue }
            tally.rows += 1
            guard fields.count == 4 else {
                throw CalibrationError(
                    file: input.file, line: line, column: 1,
                    message: "expected 4 fields (name,start_ns,duration_ns,thread), found \(fields.count)")
            }
            let name = String(decoding: fields[0].text, as: UTF8.self).trimmingSpaces
            guard !name.isEmpty else {
                throw CalibrationError(
                    file: input.file, line: line, column: fields[0].column, message: "expected a signpost name")
            }
            guard let start = Int64(decimal: fields[1].text) else {
                throw fieldError(fields[1], line: line, "start_ns: expected a whole number of nanoseconds")
            }
            // Bounded as an export's numbers are (ExportValue.largestNumber), so a median rounds
            // without overflow.
            guard let duration = Int64(decimal: fields[2].text), (0...ExportValue.largestNumber).contains(duration)
            else {
                throw fieldError(
                    fields[2], line: line,
                    "duration_ns: expected a whole number of nanoseconds from 0 to \(ExportValue.largestNumber)")
            }
            let thread = String(decoding: fields[3].text, as: UTF8.self).trimmingSpaces
            guard !thread.isEmpty else {
                throw fieldError(fields[3], line: line, "thread: expected \"main\" or a background thread's name")
            }
            body(SignpostInterval(name: name, start: start, duration: duration, onMainThread: thread == "main"))
        }
    }

    private func fieldError(_ field: (text: [UInt8], column: Int), line: Int, _ message: String) -> CalibrationError {
        CalibrationError(
            file: input.file, line: line, column: field.column,
            message: "\(message), found \"\(String(decoding: field.text.prefix(40), as: UTF8.self))\"")
    }

    /// Reads one line (through its line break) into `fields`, splitting at commas outside quotes.
    private mutating func readLine(into fields: inout [(text: [UInt8], column: Int)]) throws(CalibrationError) {
        fields.removeAll(keepingCapacity: true)
        fields.append(([], input.column))
        var quoted = false
        var length = 0
        while let byte = try input.peek() {
            length += 1
            guard length <= SignpostCSVReader.maximumLineLength else {
                throw input.error("a line longer than \(SignpostCSVReader.maximumLineLength) bytes")
            }
            if quoted {
                _ = try input.next()
                if byte == UInt8(ascii: "\"") {
                    if try input.peek() == UInt8(ascii: "\"") {
                        _ = try input.next()
                        fields[fields.count - 1].text.append(byte)
                    } else {
                        quoted = false
                    }
                } else {
                    fields[fields.count - 1].text.append(byte)
                }
                continue
            }
            if byte == UInt8(ascii: "\n") {
                _ = try input.next()
                return
            }
            if byte == UInt8(ascii: "\r") {
                _ = try input.next()
                continue
            }
            if byte == UInt8(ascii: ",") {
                _ = try input.next()
                fields.append(([], input.column))
                continue
            }
            if byte == UInt8(ascii: "\""), fields[fields.count - 1].text.isEmpty {
                _ = try input.next()
                quoted = true
                continue
            }
            _ = try input.next()
            fields[fields.count - 1].text.append(byte)
        }
        if quoted { throw input.error("the file ends inside a quoted field; expected a closing '\"'") }
    }
}
