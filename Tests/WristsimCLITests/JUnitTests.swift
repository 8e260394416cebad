import Foundation
import ScenarioRunner
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `check --junit FILE`: JUnit XML that a JUnit reader parses, with the right counts.
@Suite struct JUnitTests {
    static func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("wristsim-\(UUID().uuidString)-\(name)").path
    }

    @Test func checkWritesJUnitWithOneTestcasePerExpectationAndInvariants() throws {
        let path = Self.temporaryPath("junit.xml")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let failing = try CLI.temporaryFile(
            Array(
                """
                {"format": 1, "name": "wrong <count> & \\"quotes\\"", "start": "2026-11-21T09:00:00Z",
                 "items": [{"id": "kale", "title": "Kale"}],
                 "script": [{"at": "+1s", "do": "tap", "item": "kale"}],
                 "expect": {"remaining": 1, "checked": ["kale"]}}
                """.utf8))
        let broken = try CLI.temporaryFile(Array("{".utf8), name: "broken.json")
        let result = try CLI.run(["check", "Scenarios/produce-trip.json", failing, broken, "--junit", path])
        #expect(result.status == 65)
        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: path))
        let root = try #require(document.rootElement())
        #expect(root.name == "testsuites")
        // produce-trip: 10 expectations + 5 invariants; failing: 2 + 5 invariants; broken: 1 load.
        #expect(root.attribute(forName: "tests")?.stringValue == "23")
        #expect(root.attribute(forName: "failures")?.stringValue == "1")
        #expect(root.attribute(forName: "errors")?.stringValue == "1")
        let suites = root.elements(forName: "testsuite")
        #expect(suites.count == 3)
        #expect(suites[1].attribute(forName: "name")?.stringValue == "wrong <count> & \"quotes\"")
        let failure = try #require(
            suites[1].elements(forName: "testcase").first { !$0.elements(forName: "failure").isEmpty })
        #expect(failure.attribute(forName: "name")?.stringValue == "line 4: remaining = 1")
        #expect(failure.attribute(forName: "line")?.stringValue == "4")
        #expect(
            failure.elements(forName: "failure").first?.attribute(forName: "message")?.stringValue
                == "expected 1 remaining, found 0")
        #expect(suites[2].elements(forName: "testcase").first?.elements(forName: "error").count == 1)
        let again = Self.temporaryPath("again.xml")
        defer { try? FileManager.default.removeItem(atPath: again) }
        _ = try CLI.run(["check", "Scenarios/produce-trip.json", failing, broken, "--junit", again])
        #expect(try Data(contentsOf: URL(fileURLWithPath: again)) == Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// One testcase per invariant, passed or failed (there used to be one "invariants" testcase
    /// per scenario): a run stopped at its event limit fails that invariant, and the lists it
    /// left unsynchronised fail the convergence one; the others (badges, pending, channel order)
    /// still pass.
    @Test func everyInvariantIsItsOwnTestcase() throws {
        let limited = try CLI.temporaryFile(
            Array(
                """
                {"format": 1, "name": "limited", "start": "2026-11-21T09:00:00Z", "eventLimit": 3,
                 "items": [{"id": "kale", "title": "Kale"}],
                 "script": [{"at": "+1s", "do": "tap", "item": "kale"}]}
                """.utf8))
        let path = Self.temporaryPath("invariants.xml")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try CLI.run(["check", "Scenarios/produce-trip.json", limited, "--junit", path])
        #expect(result.status == 1)
        let root = try #require(try XMLDocument(contentsOf: URL(fileURLWithPath: path)).rootElement())
        let suites = root.elements(forName: "testsuite")
        #expect(suites.count == 2)
        func invariants(_ suite: XMLElement) -> [(name: String, failed: Bool)] {
            suite.elements(forName: "testcase").compactMap { testcase in
                guard let name = testcase.attribute(forName: "name")?.stringValue, name.hasPrefix("invariant: ")
                else { return nil }
                return (name, !testcase.elements(forName: "failure").isEmpty)
            }
        }
        let passing = invariants(suites[0])
        #expect(passing.map(\.name) == RunInvariant.allCases.filter { $0 != .other }.map(\.title))
        #expect(passing.allSatisfy { !$0.failed })
        let failing = invariants(suites[1])
        #expect(failing.map(\.name) == passing.map(\.name))
        #expect(failing.map(\.failed) == [true, true, false, false, false])
        let stopped = try #require(
            suites[1].elements(forName: "testcase").first {
                $0.attribute(forName: "name")?.stringValue == RunInvariant.eventLimit.title
            })
        let message = stopped.elements(forName: "failure").first?.attribute(forName: "message")?.stringValue ?? ""
        #expect(message.contains("after scheduling 3 events, its event limit"), "\(message)")
        #expect(suites[1].attribute(forName: "tests")?.stringValue == "5")
        #expect(suites[1].attribute(forName: "failures")?.stringValue == "2")
    }

    @Test func anUnwritableJUnitPathExits74NamingThePath() throws {
        let result = try CLI.run(["check", "Scenarios/produce-trip.json", "--junit", "/nonexistent/dir/out.xml"])
        #expect(result.status == 74)
        #expect(result.stderr.contains("Error: cannot write '/nonexistent/dir/out.xml': no such file or directory"))
        #expect(result.stdout.hasSuffix("1 passed, 0 failed, 0 invalid\n"), "the check itself still ran")
    }

    @Test func forbiddenXMLCharactersAreReplaced() throws {
        let text =
            "{\"format\": 1, \"name\": \"bell \\u0007\", \"start\": \"2026-11-21T09:00:00Z\", "
            + "\"items\": [{\"id\": \"kale\", \"title\": \"Kale\"}], \"script\": []}"
        let file = try CLI.temporaryFile(Array(text.utf8))
        let path = Self.temporaryPath("bell.xml")
        defer { try? FileManager.default.removeItem(atPath: path) }
        _ = try CLI.run(["check", file, "--junit", path])
        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: path))
        #expect(
            document.rootElement()?.elements(forName: "testsuite").first?.attribute(forName: "name")?.stringValue
                == "bell \u{FFFD}")
    }
}
