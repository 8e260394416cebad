import SimulationKernel
import Testing

@testable import CompanionModel

@Suite struct ComplicationTextTests {
    @Test func longTextWhenItFits() {
        #expect(ComplicationText(long: "3 left · Milk", short: "3 left").fitted(limit: 13) == "3 left · Milk")
    }

    @Test func shortTextWhenOnlyItFits() {
        #expect(ComplicationText(long: "3 left · Milk", short: "3 left").fitted(limit: 12) == "3 left")
        #expect(ComplicationText(long: "3 left · Milk", short: "3 left").fitted(limit: 6) == "3 left")
    }

    @Test func truncatedLongTextWhenNeitherFits() {
        #expect(ComplicationText(long: "3 left · Milk", short: "3 left").fitted(limit: 5) == "3 le…")
        #expect(
            ComplicationText(long: "3 left · Milk", short: "3 left").fitted(limit: 3) == "3…",
            "trailing spaces go before the ellipsis")
        #expect(ComplicationText(long: "abc").fitted(limit: 1) == "…")
        #expect(ComplicationText(long: "abc").fitted(limit: 0) == "")
    }

    @Test func truncationCountsCharactersNotBytes() {
        let text = ComplicationText(long: "Crème fraîche", short: "Crème fraîche")
        #expect(text.fitted(limit: 6) == "Crème…")
        #expect(text.fitted(limit: 6).count == 6)
    }

    struct FamilyCase: CustomTestStringConvertible, Sendable {
        var family: ComplicationFamily
        var content: ComplicationContent
        var expected: String
        var testDescription: String { "\(family.rawValue) → \(expected)" }
    }

    static let due = SimTime(offset: .hours(9))
    static let cases: [FamilyCase] = [
        FamilyCase(family: .circular, content: ComplicationContent(remaining: 12), expected: "12"),
        FamilyCase(family: .circular, content: ComplicationContent(remaining: 3, overdue: 1), expected: "3!"),
        FamilyCase(family: .circular, content: ComplicationContent(remaining: 12_345), expected: "123…"),
        FamilyCase(family: .modularSmall, content: ComplicationContent(remaining: 0), expected: "0"),
        FamilyCase(family: .corner, content: ComplicationContent(remaining: 3), expected: "3 left"),
        FamilyCase(family: .corner, content: ComplicationContent(remaining: 123), expected: "123 left"),
        FamilyCase(family: .corner, content: ComplicationContent(remaining: 123, overdue: 2), expected: "123!"),
        FamilyCase(family: .corner, content: ComplicationContent(remaining: 1_234, overdue: 2), expected: "1234!"),
        FamilyCase(family: .corner, content: ComplicationContent(remaining: 0), expected: "Done"),
        FamilyCase(
            family: .inline, content: ComplicationContent(remaining: 3, next: .item(title: "Milk")),
            expected: "3 left · Milk"),
        FamilyCase(
            family: .inline, content: ComplicationContent(remaining: 3, next: .item(title: "Organic oat milk")),
            expected: "3 left"),
        FamilyCase(
            family: .inline, content: ComplicationContent(remaining: 3, next: .due(title: "Milk", at: due)),
            expected: "3 left · Milk 09:00"),
        FamilyCase(
            family: .rectangular, content: ComplicationContent(remaining: 3, next: .item(title: "Milk")),
            expected: "3 left · Next: Milk"),
        FamilyCase(
            family: .rectangular,
            content: ComplicationContent(remaining: 3, overdue: 1, next: .overdue(title: "Milk", since: due)),
            expected: "3 left · Milk overdue"),
        FamilyCase(
            family: .rectangular,
            content: ComplicationContent(remaining: 3, next: .item(title: "Extra virgin olive oil")),
            expected: "3 left · Next: Extra virgin…"),
        FamilyCase(family: .rectangular, content: ComplicationContent(remaining: 0), expected: "All done"),
    ]

    @Test(arguments: cases) func familyTextWithinDefaultLimits(_ test: FamilyCase) {
        let clock = ComplicationClock(origin: EpochTime(secondsSinceEpoch: 0))
        let shown = test.content.text(for: test.family, clock: clock).fitted(
            limit: ComplicationTextLimits.standard[test.family])
        #expect(shown == test.expected)
        #expect(shown.count <= ComplicationTextLimits.standard[test.family])
    }

    @Test(arguments: ComplicationFamily.allCases) func neverExceedsAConfiguredLimit(_ family: ComplicationFamily) {
        for limit in 0...30 {
            var limits = ComplicationTextLimits.standard
            limits[family] = limit
            let content = ComplicationContent(
                remaining: 1_234, overdue: 3, next: .overdue(title: "A very long grocery item title", since: .zero))
            let shown = content.text(for: family, clock: ComplicationClock()).fitted(limit: limits[family])
            #expect(shown.count <= limit, "limit \(limit): \(shown)")
        }
    }

    @Test func contentFromItemsPicksEarliestDueAndCountsOverdue() {
        let items = [
            ShoppingItem(id: "a", title: "Apples"),
            ShoppingItem(id: "b", title: "Bread", due: SimTime(offset: .hours(2))),
            ShoppingItem(id: "c", title: "Cheese", due: SimTime(offset: .hours(1))),
        ]
        let before = ComplicationContentIndex(items).content(at: SimTime(offset: .minutes(30)), mode: .nextDue)
        #expect(
            before
                == ComplicationContent(
                    remaining: 3, overdue: 0, next: .due(title: "Cheese", at: SimTime(offset: .hours(1)))))
        let after = ComplicationContentIndex(items).content(at: SimTime(offset: .hours(1)), mode: .nextDue)
        #expect(after.overdue == 1)
        #expect(after.next == .overdue(title: "Cheese", since: SimTime(offset: .hours(1))))
        let nextItem = ComplicationContentIndex(items).content(at: .zero, mode: .nextItem)
        #expect(nextItem.next == .item(title: "Apples"))
    }
}
