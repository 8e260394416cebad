// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "WristSim",
    products: [
        .library(name: "SimulationKernel", targets: ["SimulationKernel"]),
        .library(name: "ReminderScheduling", targets: ["ReminderScheduling"]),
        .library(name: "CompanionModel", targets: ["CompanionModel"]),
        .library(name: "ScenarioRunner", targets: ["ScenarioRunner"]),
        .executable(name: "wristsim", targets: ["wristsim"]),
        .executable(name: "wristsim-bench", targets: ["wristsim-bench"]),
    ],
    dependencies: [],
    targets: [
        .target(name: "SimulationKernel"),
        .target(name: "ReminderScheduling", dependencies: ["SimulationKernel"]),
        .target(name: "CompanionModel", dependencies: ["SimulationKernel", "ReminderScheduling"]),
        .target(
            name: "ScenarioRunner", dependencies: ["SimulationKernel", "CompanionModel", "ReminderScheduling"],
            exclude: ["README-INTEGRATION.md"]),
        .executableTarget(name: "wristsim", dependencies: ["ScenarioRunner"]),
        .executableTarget(
            name: "wristsim-bench",
            dependencies: ["SimulationKernel", "CompanionModel", "ReminderScheduling", "ScenarioRunner"]),
        .testTarget(name: "SimulationKernelTests", dependencies: ["SimulationKernel"]),
        .testTarget(name: "ReminderSchedulingTests", dependencies: ["ReminderScheduling"]),
        .testTarget(name: "CompanionModelTests", dependencies: ["CompanionModel", "SimulationKernel"]),
        .testTarget(
            name: "ScenarioRunnerTests",
            dependencies: ["ScenarioRunner", "CompanionModel", "ReminderScheduling", "SimulationKernel"]),
        .testTarget(name: "WristsimCLITests", dependencies: ["wristsim", "ScenarioRunner"]),
        .testTarget(name: "WristsimBenchTests", dependencies: ["wristsim-bench"]),
        .testTarget(name: "ReminderRulesReferenceTests", dependencies: ["ScenarioRunner", "SimulationKernel"]),
    ],
    swiftLanguageModes: [.v6]
)
