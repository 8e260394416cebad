import ScenarioRunner
import Testing

/// Colour, list mismatches and the report clock: the conventions every command shares.
@Suite struct OutputConventionTests {
    @Test(arguments: [
        (true, [String: String](), true),
        (false, [String: String](), false),
        (true, ["NO_COLOR": "1"], false),
        (true, ["NO_COLOR": ""], true),
        (true, ["TERM": "dumb"], false),
    ])
    func colourOnlyOnATerminalAndNeverWithNO_COLOR(isTerminal: Bool, environment: [String: String], colours: Bool) {
        let style = TerminalStyle.detect(isTerminal: isTerminal, environment: environment)
        #expect(style.colours == colours)
        #expect((style.fail == "FAIL") == !colours)
    }

    @Test func aPipeGetsNoEscapeSequences() throws {
        let result = try CLI.run(["check", "Scenarios/produce-trip.json", "Scenarios/visibility-38mm.json"])
        #expect(!result.stdout.contains("\u{1B}["))
    }

    @Test func aWrongListShowsWhatIsMissingAndWhatIsExtra() throws {
        let expected = (1...200).map { "r\($0)" }
        let found = Array(expected.dropFirst(5)) + ["x1"]
        let message = try #require(ListMismatch.describe("checked", expected: expected, found: found, ordered: false))
        let lines = message.split(separator: "\n")
        #expect(lines[0] == "expected checked of 200 items, found 196 items")
        #expect(lines[1] == "  missing (5): r1, r2, r3, r4, r5")
        #expect(lines[2] == "  extra (1): x1")
        #expect(message.count < 200, "never two long lists on one line")
    }

    @Test func aReorderedListNamesTheFirstDifference() throws {
        let message = ListMismatch.describe("order", expected: ["a", "b", "c"], found: ["a", "c", "b"], ordered: true)
        #expect(
            message
                == "expected order [a, b, c], found [a, c, b]\n  same items in another order; first difference at position 2: expected b, found c"
        )
        #expect(ListMismatch.describe("order", expected: ["a"], found: ["a"], ordered: true) == nil)
        #expect(ListMismatch.describe("checked", expected: ["a", "b"], found: ["b", "a"], ordered: false) == nil)
    }

    @Test func manyMissingItemsAreShortened() throws {
        let message = try #require(
            ListMismatch.describe("checked", expected: (1...30).map { "i\($0)" }, found: [], ordered: false))
        #expect(message.hasSuffix("  missing (30): i1, i2, i3, i4, i5, i6, i7, i8, i9, i10, … and 20 more"))
    }
}
