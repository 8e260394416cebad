import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Issue #33 item 11: a scenario's own names (its name, description and item titles) holding
/// escape sequences, control characters and markup reach no terminal raw and break no picture.
/// Each shipped scenario below is run with hostile names through every command that prints or
/// draws them.
@Suite struct HostileNamesTests {
    /// A colour code, a window title, a screen clear, a bell, a backspace, a NUL, DEL, markup and
    /// an ampersand that a combining mark joins into one character.
    static let hostile = "\u{1B}[31mred\u{1B}[0m \u{1B}]0;title\u{07} \u{1B}[2J\u{08}\u{00}\u{7F} <b>&\u{301} "

    static let scenarios = ["complication-saturday-shop", "reminders-weekday", "basement-aisle-no-signal"]

    /// `name`'s shipped file with every name made hostile, written to a scratch file.
    static func hostileCopy(of name: String, in folder: URL) throws -> String {
        let source = CLI.packageRoot.appendingPathComponent("Scenarios/\(name).json")
        var object = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: source)) as? [String: Any])
        object["name"] = hostile + (object["name"] as? String ?? name)
        object["description"] = hostile
        if let items = object["items"] as? [[String: Any]] {
            object["items"] = items.map { item in
                var item = item
                item["title"] = Self.hostile + (item["title"] as? String ?? "")
                return item
            }
        }
        let path = folder.appendingPathComponent("\(name).json")
        try JSONSerialization.data(withJSONObject: object).write(to: path)
        return path.path
    }

    static func scratch() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wristsim-hostile-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// The first raw control character other than newline and tab, if any.
    static func rawControl(_ text: String) -> Unicode.Scalar? {
        text.unicodeScalars.first { ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || $0.value == 0x7F }
    }

    @Test(arguments: scenarios)
    func namesReachNoTerminalRaw(_ name: String) throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try Self.hostileCopy(of: name, in: folder)
        for command in [
            ["run", file], ["run", file, "--trace"], ["check", file], ["latency", file], ["timeline", file],
            ["timeline", file, "--json"], ["run", file, "--json"], ["reminders", file],
            ["sweep", file, "--seeds", "1..2"],
        ] {
            let result = try CLI.run(command)
            #expect([0, 1].contains(result.status), "\(command): \(result.stderr)")
            #expect(
                Self.rawControl(result.stdout) == nil,
                "\(command) stdout: \(result.stdout.prefix(300).debugDescription)")
            #expect(
                Self.rawControl(result.stderr) == nil,
                "\(command) stderr: \(result.stderr.prefix(300).debugDescription)")
        }
    }

    @Test(arguments: scenarios)
    func picturesWithHostileNamesAreWellFormed(_ name: String) throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try Self.hostileCopy(of: name, in: folder)
        for command in ["run", "latency", "timeline", "reminders"] {
            let svg = folder.appendingPathComponent("\(command).svg").path
            let result = try CLI.run([command, file, "--svg", svg])
            guard [0, 1].contains(result.status), FileManager.default.fileExists(atPath: svg) else { continue }
            let data = try Data(contentsOf: URL(fileURLWithPath: svg))
            #expect(XMLParser(data: data).parse(), "\(command) --svg of \(name) is not well-formed XML")
        }
        let page = folder.appendingPathComponent("report.html").path
        let result = try CLI.run(["report", file, "-o", page])
        #expect([0, 1].contains(result.status), "\(result.stderr)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(Self.rawControl(html.replacingOccurrences(of: "\r", with: "")) == nil)
        // Every "&" starts a reference: none is left raw before a combining mark.
        for part in html.unicodeScalars.split(separator: "&", omittingEmptySubsequences: false).dropFirst() {
            let name = String(String.UnicodeScalarView(part.prefix(while: { $0 != ";" })))
            #expect(
                ["amp", "lt", "gt", "quot", "apos"].contains(name) || name.hasPrefix("#"),
                "a raw & before \(String(String.UnicodeScalarView(part.prefix(12))).debugDescription)")
        }
    }
}
