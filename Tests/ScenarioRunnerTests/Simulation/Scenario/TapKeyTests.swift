import CompanionModel
import Foundation
import Testing

@testable import ScenarioRunner

/// A tap step carries its item's key, decided when the file is decoded (``DecodingContext/itemKeys``):
/// it is the key the scenario's catalog gives the item (loaded items in file order, then the
/// items the script adds), so the watch taps the item the step names.
@Suite struct TapKeyTests {
    /// Every scenario shipped in `Scenarios/`.
    static let files: [String] =
        ((try? FileManager.default.contentsOfDirectory(atPath: ShippedScenarios.folder.path)) ?? [])
        .filter { $0.hasSuffix(".json") && !$0.hasSuffix(".schema.json") }.sorted()

    /// The taps of `scenario`'s script whose key is not the catalog's key of their item.
    static func mismatches(in scenario: Scenario) -> [String] {
        let catalog = scenario.itemCatalog
        return scenario.script.compactMap { step in
            guard case .action(let action) = step.content, let tap = action as? CoreSteps.Tap else { return nil }
            return catalog.key(of: tap.item) == tap.key ? nil : "\(tap.item): \(tap.key)"
        }
    }

    @Test(arguments: files)
    func eachShippedTapCarriesTheCatalogKeyOfItsItem(file: String) throws {
        let scenario = try ShippedScenarios.decoded(file)
        #expect(Self.mismatches(in: scenario) == [], "\(file)")
    }

    @Test func aTapOnAnItemAddedByTheScriptCarriesTheKeyAfterTheLoadedItems() throws {
        let json = """
            {"format": 1, "name": "added", "seed": 1, "start": "2026-11-21T10:00:00Z",
             "watch": "series7-45mm", "pipeline": {"preset": "instant"},
             "items": [{"id": "milk", "title": "Milk"}, {"id": "eggs", "title": "Eggs"}],
             "script": [
               {"at": "+1s", "do": "watchAddItem", "item": "bread", "title": "Bread"},
               {"at": "+2s", "do": "watchAddItem", "item": "milk", "title": "Milk again"},
               {"at": "+3s", "do": "watchAddItem", "item": "jam", "title": "Jam"},
               {"at": "+4s", "do": "tap", "item": "jam"},
               {"at": "+5s", "do": "tap", "item": "bread"},
               {"at": "+6s", "do": "tap", "item": "eggs"}
             ]}
            """
        let scenario = try ScenarioDecoder.decode(Array(json.utf8), file: "added.json")
        let keys = scenario.script.compactMap { step -> Int? in
            guard case .action(let action) = step.content, let tap = action as? CoreSteps.Tap else { return nil }
            return tap.key
        }
        #expect(keys == [3, 2, 1])
        #expect(Self.mismatches(in: scenario) == [])
    }
}
