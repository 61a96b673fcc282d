// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "VCSandbox",
    products: [
        .executable(name: "vcsandbox", targets: ["vcsandbox"]),
        .executable(name: "vcsandbox-bench", targets: ["vcsandbox-bench"]),
        .executable(name: "vcsandbox-fuzz", targets: ["vcsandbox-fuzz"]),
        .library(name: "HierarchyEngine", targets: ["HierarchyEngine"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
    ],
    targets: [
        // Lua 5.4 from the system (Debian: liblua5.4-dev; Homebrew: lua), never vendored. Its
        // headers and library come from pkg-config's lua5.4 (the module map names no library,
        // as Debian calls it liblua5.4 and Homebrew liblua).
        .systemLibrary(
            name: "CLua",
            pkgConfig: "lua5.4",
            providers: [.apt(["liblua5.4-dev"]), .brew(["lua"])]
        ),
        // libedit from the system (Debian: libedit-dev; Homebrew: libedit, whose pkg-config
        // folder PKG_CONFIG_PATH must name): the REPL's line editing and history.
        .systemLibrary(
            name: "CEdit",
            pkgConfig: "libedit",
            providers: [.apt(["libedit-dev"]), .brew(["libedit"])]
        ),
        // The pure-Swift model of UIKit's view-controller hierarchy. Knows nothing of Lua.
        // Exported, so no unsafe flags: its classes' stored properties are marked
        // `@exclusivity(unchecked)` instead, which keeps release builds as fast (D-63).
        .target(
            name: "HierarchyEngine",
            linkerSettings: [.linkedLibrary("m")]
        ),
        // Expectations, trace text, diffs and reports: pure Swift, no Lua.
        .target(name: "ScenarioKit", dependencies: ["HierarchyEngine"]),
        // Interface Builder's storyboard files (issue 20): a strict reader of their XML, with
        // positions, of the project's own (Foundation's links libxml2 and ICU, issue 22).
        // It knows the engine only to hand it what a file says (`StoryboardDefinition`).
        .target(name: "Storyboard", dependencies: ["HierarchyEngine"]),
        // The only importer of CLua: the Lua API over the engine, and the script runner.
        .target(
            name: "LuaBinding",
            dependencies: ["CLua", "HierarchyEngine", "ScenarioKit", "Storyboard"],
            // The bridge's hot path reads a few class properties per call; their dynamic
            // exclusivity checks cost more than the rest of the call. Not exported, so the flag
            // may stay here (the engine's are marked in its source, D-63). Debug builds, and so
            // every test, keep the checks.
            swiftSettings: [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]
        ),
        .executableTarget(
            name: "vcsandbox",
            dependencies: [
                "CEdit", "HierarchyEngine", "LuaBinding", "ScenarioKit", "Storyboard",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "vcsandbox-bench", dependencies: ["LuaBinding", "HierarchyEngine"]),
        // The property-based test: random valid scenarios from seeds, the checks run after every
        // step through the Lua API, and a shrinker (issue 17). Its executable runs many seeds in
        // child processes (`make fuzz`), so that a crash or a hang is reported with its seed.
        .target(name: "Fuzzing", dependencies: ["LuaBinding", "HierarchyEngine"]),
        .executableTarget(name: "vcsandbox-fuzz", dependencies: ["Fuzzing", "LuaBinding", "HierarchyEngine"]),
        .testTarget(name: "HierarchyEngineTests", dependencies: ["HierarchyEngine"]),
        // A Swift client of the library: subclasses ViewController through the public API only.
        .testTarget(name: "HierarchyEngineClientTests", dependencies: ["HierarchyEngine"]),
        .testTarget(name: "ScenarioKitTests", dependencies: ["ScenarioKit", "HierarchyEngine"]),
        .testTarget(name: "StoryboardTests", dependencies: ["Storyboard", "HierarchyEngine"]),
        .testTarget(name: "LuaBindingTests", dependencies: ["LuaBinding", "HierarchyEngine"]),
        // Every shipped scenario script through the binding, with the invariants checked after every turn.
        .testTarget(name: "ScenarioSuiteTests", dependencies: ["LuaBinding", "HierarchyEngine", "ScenarioKit"]),
        .testTarget(name: "vcsandboxTests", dependencies: ["vcsandbox"]),
        // The fuzzer's own tests, and a few hundred fixed seeds run through it.
        .testTarget(
            name: "FuzzingTests", dependencies: ["Fuzzing", "vcsandbox-fuzz", "LuaBinding", "HierarchyEngine"]),
    ]
)
