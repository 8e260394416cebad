extension WatchModel {
    /// Every model the simulator knows, smallest and oldest first. Names are stable.
    ///
    /// Screens (points, all @2x) are PLATFORM.md §4.1; chips are §4.2 and Apple's "Supporting
    /// multiple watch sizes" (S4–6/SE → 40/44 mm, S7–9 → 41/45 mm, S10–11 → 42/46 mm, Ultra → 49 mm).
    ///
    /// Safe insets:
    /// - 40, 41, 44, 45, 42 (new), 46 and 49 mm: top/bottom measured on the watchOS 26–27 simulator by a
    ///   third party (PLATFORM.md §4.1), sides 2 pt. An older forum measurement (thread 687996) gives a
    ///   top inset of 28 pt (40 mm) and 31 pt (44 mm); the newer figures are used because they come with
    ///   a bottom inset.
    /// - 38 and 42 mm (old, Series 0–3): top measured (19 pt and 21 pt, forum thread 687996); **bottom
    ///   derived** with the PLATFORM.md §6 rule (≈ 27 pt) because no measurement exists.
    ///
    /// The SE's first generation has the S5 and the second the S8 (PLATFORM.md §4.2); the third
    /// generation is not listed because PLATFORM.md gives no chip for it. Series 11 uses the S10
    /// (§4.2). Series 1 shipped only with the S1P and Series 2 with the S2; they share one CPU.
    package static let catalog: [WatchModel] = {
        var models: [WatchModel] = []
        /// Adds `line`'s models (name stem, display name, chip) in one case size, named `stem-<mm>mm`.
        func add(
            _ line: [(String, String, WatchChip)], mm: Int, size: (Int, Int), insets: SafeAreaInsets,
            source: SafeAreaInsets.Source = .measured
        ) {
            for (stem, display, chip) in line {
                models.append(
                    WatchModel(
                        name: "\(stem)-\(mm)mm", displayName: "Apple Watch \(display), \(mm) mm", caseMillimetres: mm,
                        widthPoints: size.0, heightPoints: size.1, insets: insets, insetSource: source, chip: chip))
            }
        }
        let (derivedBottom, derived) = (27.0, SafeAreaInsets.Source.measuredTopDerivedBottom)
        let early: [(String, String, WatchChip)] = [
            ("series0", "(original)", .s1), ("series1", "Series 1", .s1p), ("series2", "Series 2", .s2),
            ("series3", "Series 3", .s3),
        ]
        add(early, mm: 38, size: (136, 170), insets: SafeAreaInsets(top: 19, bottom: derivedBottom), source: derived)
        add(early, mm: 42, size: (156, 195), insets: SafeAreaInsets(top: 21, bottom: derivedBottom), source: derived)
        let fortyFour: [(String, String, WatchChip)] = [
            ("series4", "Series 4", .s4), ("series5", "Series 5", .s5), ("series6", "Series 6", .s6),
            ("se", "SE", .s5), ("se2", "SE (2nd generation)", .s8),
        ]
        add(fortyFour, mm: 40, size: (162, 197), insets: SafeAreaInsets(top: 40, bottom: 19))
        add(fortyFour, mm: 44, size: (184, 224), insets: SafeAreaInsets(top: 46.5, bottom: 22))
        let fortyFive: [(String, String, WatchChip)] = [
            ("series7", "Series 7", .s7), ("series8", "Series 8", .s8), ("series9", "Series 9", .s9),
        ]
        add(fortyFive, mm: 41, size: (176, 215), insets: SafeAreaInsets(top: 46, bottom: 26))
        add(fortyFive, mm: 45, size: (198, 242), insets: SafeAreaInsets(top: 51, bottom: 27))
        let fortySix: [(String, String, WatchChip)] = [
            ("series10", "Series 10", .s10), ("series11", "Series 11", .s10),
        ]
        add(fortySix, mm: 42, size: (187, 223), insets: SafeAreaInsets(top: 48, bottom: 31))
        add(fortySix, mm: 46, size: (208, 248), insets: SafeAreaInsets(top: 53, bottom: 36))
        let ultra: [(String, String, WatchChip)] = [("ultra", "Ultra", .s8), ("ultra2", "Ultra 2", .s9)]
        add(ultra, mm: 49, size: (205, 251), insets: SafeAreaInsets(top: 55, bottom: 39))
        add([("ultra3", "Ultra 3", .s10)], mm: 49, size: (211, 257), insets: SafeAreaInsets(top: 56.5, bottom: 40))
        return models
    }()

    /// Every model name, in catalogue order.
    package static var knownNames: [String] { catalog.map(\.name) }

    /// The model used when a scenario names none: a 45 mm Series 7 (PLATFORM.md §6 "Screen
    /// (default device)": 45 mm).
    package static let defaultName = "series7-45mm"

    /// The slowest model (original watch, S1, single core).
    package static let slowestName = "series0-38mm"

    /// The model called `name`.
    ///
    /// - Throws: ``WatchModelError/unknownModel(_:known:)`` listing every known name.
    /// - Complexity: O(*n*) in the catalogue size.
    package static func named(_ name: String) throws(WatchModelError) -> WatchModel {
        guard let model = catalog.first(where: { $0.name == name }) else {
            throw .unknownModel(name, known: knownNames)
        }
        return model
    }

    /// The model called `name`, or the default model when there is none. For names already
    /// validated (scenario decoding and `--watch` check them with ``named(_:)``).
    ///
    /// - Complexity: O(*n*) in the catalogue size.
    package static func model(named name: String) -> WatchModel {
        catalog.first { $0.name == name } ?? catalog.first { $0.name == defaultName } ?? catalog[0]
    }
}
