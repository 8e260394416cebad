import Testing

@testable import ScenarioRunner

/// What the `"reminders"` section's decoder says about hostile values.
@Suite struct RemindersSettingsTests {
    /// A repeated repeating-reminder id is quoted as every other value is: escaped and shortened
    /// (it was printed raw, so a 10,000-character id with a line break made a 10 kB message over
    /// two lines).
    @Test func aDuplicateIdIsQuotedShortAndEscaped() throws {
        let id = "a\\n" + String(repeating: "x", count: 10_000)
        let reminder = #"{"id": "\#(id)", "start": "+1h", "every": "1h"}"#
        let node = try JSONParser.parse(Array(#"{"repeating": [\#(reminder), \#(reminder)]}"#.utf8), file: "r.json")
        let error = try #require(throws: ScenarioError.self) {
            _ = try RemindersSettings.decode(node, DecodingContext(file: "r.json"))
        }
        #expect(error.message.hasPrefix(#"duplicate repeating reminder id "a\nxxx"#), "\(error.message)")
        #expect(error.message.contains("(10002 characters)"), "\(error.message)")
        #expect(!error.message.contains("\n"))
        #expect(error.message.utf8.count < 200)
    }
}
