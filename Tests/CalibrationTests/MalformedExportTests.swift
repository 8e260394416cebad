import Foundation
import Testing

@testable import Calibration

/// Every malformed export or CSV is one located error (`FILE:LINE:COLUMN: error:`).
@Suite struct MalformedExportTests {
    static let schema =
        #"<schema name="os-signpost-interval"><col><mnemonic>name</mnemonic></col>"#
        + #"<col><mnemonic>start</mnemonic></col><col><mnemonic>duration</mnemonic></col>"#
        + #"<col><mnemonic>start-thread</mnemonic></col></schema>"#

    static func error(xml: String) -> String? {
        do {
            _ = try Calibration.read(
                xml: ByteInput(bytes: Array(xml.utf8), file: "t.xml"), options: CalibrationOptions(chip: .s9))
            return nil
        } catch {
            return error.description
        }
    }

    static func error(csv: String) -> String? {
        do {
            _ = try Calibration.read(
                csv: ByteInput(bytes: Array(csv.utf8), file: "t.csv"), options: CalibrationOptions(chip: .s9))
            return nil
        } catch {
            return error.description
        }
    }

    static let row =
        #"<row><string id="1">removeRow</string><start-time id="2">5</start-time><duration id="3">2000000</duration>"#
        + #"<thread id="4" fmt="Main Thread 0x1"/></row>"#

    @Test(
        arguments: [
            ("", "t.xml:1:1: error: the file has no XML element"),
            ("<a><b></a>", "t.xml:1:7: error: </a> does not close <b>; expected </b>"),
            ("<a>", "t.xml:1:4: error: the file ends inside <a>; expected </a>"),
            ("<a x=1></a>", "t.xml:1:6: error: expected a quoted attribute value"),
            ("<a>&nbsp;</a>", "t.xml:1:10: error: unknown entity '&nbsp;'"),
            ("<a></a><b/>", "t.xml:1:8: error: a second root element"),
            ("<a/>\nhello", "t.xml:1:5: error: text outside the root element"),
            (
                "<r><node><schema name=\"cpu-profile\"></schema></node></r>",
                "t.xml:1:1: error: no os-signpost-interval table"
            ),
            (
                "<r><node>\n<schema name=\"os-signpost-interval\"><col><mnemonic>name</mnemonic></col></schema></node></r>",
                "t.xml:2:1: error: the os-signpost-interval schema has no \"start\" column; found: name"
            ),
            (
                "<r><node>" + schema + "\n<row><string ref=\"9\"/>",
                "t.xml:2:6: error: unknown ref=\"9\": no earlier value has id=\"9\""
            ),
            (
                "<r><node>" + schema + "\n" + row.replacingOccurrences(of: "</row>", with: "<extra/></row>"),
                "t.xml:2:145: error: the row has more values than the schema's 4 columns"
            ),
            ("<r><node>" + schema + row + "</node></r>", nil),
        ] as [(String, String?)])
    func malformedExportsAreLocated(xml: String, expected: String?) {
        let message = Self.error(xml: xml)
        if let expected {
            #expect(message?.hasPrefix(expected) == true, "\(message ?? "no error")")
        } else {
            #expect(message == nil)
        }
    }

    @Test(arguments: [
        ("removeRow,1,2\n", "t.csv:1:1: error: expected 4 fields (name,start_ns,duration_ns,thread), found 3"),
        (
            "name,start_ns,duration_ns,thread\nremoveRow,x,2,main\n",
            "t.csv:2:11: error: start_ns: expected a whole number"
        ),
        ("removeRow,1,-2,main\n", "t.csv:1:13: error: duration_ns: expected a whole number of nanoseconds from 0 to"),
        ("removeRow,1,2,\n", "t.csv:1:15: error: thread: expected"),
        ("\"removeRow,1,2,main\n", "t.csv:2:1: error: the file ends inside a quoted field"),
        ("removeRow,1,99999999999999999999,main\n", "t.csv:1:13: error: duration_ns"),
        ("", "t.csv: error: no signpost intervals"),
    ])
    func malformedCSVLinesAreLocated(csv: String, expected: String) {
        let message = Self.error(csv: csv)
        #expect(message?.hasPrefix(expected) == true, "\(message ?? "no error")")
    }

    /// A UTF-8 byte-order mark is legal before an XML document (and common before a CSV): the
    /// file reads as without it, from memory or from a file, and places stay where an editor shows them.
    @Test(arguments: [
        ("<r><node>" + schema + row + "</node></r>", "t.xml"), ("removeRow,5,2000000,main\n", "t.csv"),
    ])
    func aByteOrderMarkIsSkipped(text: String, file: String) throws {
        let options = CalibrationOptions(chip: .s9)
        func read(_ input: ByteInput) throws -> String {
            let calibration =
                file.hasSuffix(".csv")
                ? try Calibration.read(csv: input, options: options)
                : try Calibration.read(xml: input, options: options)
            return calibration.pipelineSection.pretty()
        }
        let plain = try read(ByteInput(bytes: Array(text.utf8), file: file))
        let marked = [0xEF, 0xBB, 0xBF] + Array(text.utf8)
        #expect(try read(ByteInput(bytes: marked, file: file)) == plain)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bom-\(UUID().uuidString)-\(file)")
            .path
        #expect(FileManager.default.createFile(atPath: path, contents: Data(marked)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try read(ByteInput(path: path)) == plain)
        #expect(
            Self.error(xml: "\u{FEFF}<a/>\nhello")?.hasPrefix("t.xml:1:5: error: text outside the root element") == true
        )
        #expect(Self.error(xml: "\u{FEFF}")?.hasPrefix("t.xml:1:1: error: the file has no XML element") == true)
    }

    @Test func aPipelineWithoutRemoveRowIsRefusedWithAHint() {
        let message = Self.error(csv: "tap,1,2,main\n")
        #expect(message?.contains("--map SIGNPOST=removeRow") == true, "\(message ?? "no error")")
    }
}
