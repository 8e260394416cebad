// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "WristSim",
    // The Apple platforms ReminderScheduling's app API supports (`setBadgeCount(_:)` needs iOS 16 and
    // macOS 13); Linux builds are unaffected.
    platforms: [.iOS(.v16), .watchOS(.v9), .macOS(.v13)],
    products: [
        // What an app imports. The simulation's modules (SimulationKernel, CompanionModel,
        // ScenarioRunner, Calibration) are the CLI's insides, not products.
        .library(name: "ReminderScheduling", targets: ["ReminderScheduling"]),
        .library(name: "WatchConnectivityDouble", targets: ["WatchConnectivityDouble"]),
        .executable(name: "wristsim", targets: ["wristsim"]),
        .executable(name: "wristsim-bench", targets: ["wristsim-bench"]),
        .executable(name: "reminders-example", targets: ["reminders-example"]),
    ],
    dependencies: [],
    targets: [
        .target(name: "SimulationKernel"),
        .target(name: "ReminderScheduling", dependencies: ["SimulationKernel"]),
        .target(name: "CompanionModel", dependencies: ["SimulationKernel", "ReminderScheduling"]),
        .target(
            name: "ScenarioRunner", dependencies: ["SimulationKernel", "CompanionModel", "ReminderScheduling"],
            exclude: ["README-INTEGRATION.md"]),
        .target(name: "Calibration", dependencies: ["SimulationKernel", "CompanionModel"]),
        .target(name: "WatchConnectivityDouble", dependencies: ["CompanionModel", "SimulationKernel"]),
        .executableTarget(name: "wristsim", dependencies: ["ScenarioRunner", "Calibration"]),
        .executableTarget(
            name: "wristsim-bench",
            dependencies: [
                "SimulationKernel", "CompanionModel", "ReminderScheduling", "ScenarioRunner", "Calibration",
                "WatchConnectivityDouble",
            ]),
        .executableTarget(name: "reminders-example", dependencies: ["ReminderScheduling"]),
        .testTarget(name: "SimulationKernelTests", dependencies: ["SimulationKernel"]),
        .testTarget(name: "ReminderSchedulingTests", dependencies: ["ReminderScheduling"]),
        .testTarget(name: "CompanionModelTests", dependencies: ["CompanionModel", "SimulationKernel"]),
        .testTarget(
            name: "ScenarioRunnerTests",
            dependencies: ["ScenarioRunner", "CompanionModel", "ReminderScheduling", "SimulationKernel"]),
        .testTarget(name: "WristsimCLITests", dependencies: ["wristsim", "ScenarioRunner"]),
        .testTarget(name: "WristsimBenchTests", dependencies: ["wristsim-bench"]),
        .testTarget(
            name: "CalibrationTests",
            dependencies: ["Calibration", "CompanionModel", "SimulationKernel", "ScenarioRunner"]),
        .testTarget(
            name: "WatchConnectivityDoubleTests",
            dependencies: ["WatchConnectivityDouble", "CompanionModel", "SimulationKernel"]),
        .testTarget(name: "ReminderRulesReferenceTests", dependencies: ["ScenarioRunner", "SimulationKernel"]),
    ],
    swiftLanguageModes: [.v6]
)
