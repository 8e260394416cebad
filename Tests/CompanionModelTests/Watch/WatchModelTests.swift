import Testing

@testable import CompanionModel

@Suite struct WatchModelTests {
    /// One row per PLATFORM.md §4.1 case: points, pixels, top/bottom insets and the rows that fit at 44 pt.
    struct ScreenCase: CustomTestStringConvertible, Sendable {
        var names: [String]
        var points: (Int, Int)
        var pixels: (Int, Int)
        var top: Double
        var bottom: Double
        var rows: Int
        var testDescription: String { names.joined(separator: ",") }
    }

    static let screens: [ScreenCase] = [
        ScreenCase(
            names: ["series0-38mm", "series1-38mm", "series2-38mm", "series3-38mm"],
            points: (136, 170), pixels: (272, 340), top: 19, bottom: 27, rows: 2),
        ScreenCase(
            names: ["series0-42mm", "series1-42mm", "series2-42mm", "series3-42mm"],
            points: (156, 195), pixels: (312, 390), top: 21, bottom: 27, rows: 3),
        ScreenCase(
            names: ["series4-40mm", "series5-40mm", "series6-40mm", "se-40mm", "se2-40mm"],
            points: (162, 197), pixels: (324, 394), top: 40, bottom: 19, rows: 3),
        ScreenCase(
            names: ["series4-44mm", "series5-44mm", "series6-44mm", "se-44mm", "se2-44mm"],
            points: (184, 224), pixels: (368, 448), top: 46.5, bottom: 22, rows: 3),
        ScreenCase(
            names: ["series7-41mm", "series8-41mm", "series9-41mm"],
            points: (176, 215), pixels: (352, 430), top: 46, bottom: 26, rows: 3),
        ScreenCase(
            names: ["series7-45mm", "series8-45mm", "series9-45mm"],
            points: (198, 242), pixels: (396, 484), top: 51, bottom: 27, rows: 3),
        ScreenCase(
            names: ["series10-42mm", "series11-42mm"],
            points: (187, 223), pixels: (374, 446), top: 48, bottom: 31, rows: 3),
        ScreenCase(
            names: ["series10-46mm", "series11-46mm"],
            points: (208, 248), pixels: (416, 496), top: 53, bottom: 36, rows: 3),
        ScreenCase(
            names: ["ultra-49mm", "ultra2-49mm"],
            points: (205, 251), pixels: (410, 502), top: 55, bottom: 39, rows: 3),
        ScreenCase(names: ["ultra3-49mm"], points: (211, 257), pixels: (422, 514), top: 56.5, bottom: 40, rows: 3),
    ]

    @Test(arguments: screens)
    func screenMatchesPlatformTable(_ screen: ScreenCase) throws {
        for name in screen.names {
            let model = try WatchModel.named(name)
            #expect(model.widthPoints == screen.points.0 && model.heightPoints == screen.points.1, "\(name)")
            #expect(model.widthPixels == screen.pixels.0 && model.heightPixels == screen.pixels.1, "\(name)")
            #expect(model.insets.top == screen.top && model.insets.bottom == screen.bottom, "\(name)")
            #expect(model.insets.sides == 2, "\(name)")
            #expect(model.rowsVisible == screen.rows, "\(name)")
        }
    }

    @Test func catalogueHoldsExactlyTheTabledModels() {
        let tabled = WatchModelTests.screens.flatMap(\.names)
        #expect(WatchModel.knownNames.sorted() == tabled.sorted())
        #expect(Set(WatchModel.knownNames).count == WatchModel.knownNames.count, "names are unique")
        for name in WatchModel.knownNames {
            #expect(name.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" }, "\(name) is kebab-case")
        }
    }

    @Test func rowsVisibleFollowsRowHeight() throws {
        let ultra = try WatchModel.named("ultra2-49mm")
        #expect(ultra.rowsVisible == 3)
        #expect(ultra.withRowHeight(56).rowsVisible == 2, "157 pt of list / 56 pt rows")
        #expect(ultra.withRowHeight(30).rowsVisible == 5)
        #expect(try WatchModel.named("series3-38mm").withRowHeight(62).rowsVisible == 2)
        #expect(try WatchModel.named("series3-38mm").withRowHeight(63).rowsVisible == 1)
    }

    @Test func earlyWatchesHaveDistinctChips() throws {
        let s0 = try WatchModel.named("series0-38mm")
        let s1 = try WatchModel.named("series1-38mm")
        let s2 = try WatchModel.named("series2-38mm")
        let s3 = try WatchModel.named("series3-38mm")
        #expect(s0.chip == .s1 && s0.cores == 1 && s0.relativeSpeed == 1.0)
        #expect(s1.chip == .s1p && s1.cores == 2 && s1.relativeSpeed == 1.5)
        #expect(s2.chip == .s2 && s2.cores == 2 && s2.relativeSpeed == 1.5)
        #expect(s3.chip == .s3 && s3.cores == 2 && s3.relativeSpeed == 2.5)
    }

    @Test(arguments: [
        (WatchChip.s1, 1.0), (.s1p, 1.5), (.s2, 1.5), (.s3, 2.5), (.s4, 5), (.s5, 5), (.s6, 6), (.s7, 6),
        (.s8, 6), (.s9, 7), (.s10, 7),
    ])
    func chipSpeedsFollowPlatformDefaults(_ chip: WatchChip, _ speed: Double) {
        #expect(chip.relativeSpeed == speed)
        #expect(chip.isSpeedConfirmed == (chip != .s9 && chip != .s10))
    }

    @Test func unknownNameListsKnownNames() {
        do {
            _ = try WatchModel.named("series3-39mm")
            Issue.record("expected an error")
        } catch {
            #expect(error == .unknownModel("series3-39mm", known: WatchModel.knownNames))
            #expect(error.description.contains("series0-38mm, series1-38mm"))
            #expect(error.description.contains("ultra3-49mm"))
        }
    }

    @Test func namedDefaultsExist() throws {
        #expect(try WatchModel.named(WatchModel.defaultName).displayName == "Apple Watch Series 7, 45 mm")
        #expect(
            try WatchModel.named(WatchModel.slowestName).relativeSpeed
                == WatchModel.catalog.map(\.relativeSpeed).min())
        #expect(try WatchModel.named("ultra3-49mm").chip == .s10)
    }
}
