// swift-tools-version: 6.0
import PackageDescription

// modgen has no package dependencies by design: only the toolchain's Foundation, XCTest and Swift Testing.
//
// The library is split into targets so the compiler enforces the direction of data flow (docs/ARCHITECTURE.md):
// each target lists the only targets of ours it may import.
let package = Package(
    name: "modgen",
    // macOS 13 is the lowest the sources allow: `Duration` and `ContinuousClock` (the folder lock's waits, the
    // benchmarks), `String.replacing(_:with:)` and `firstRange(of:)` are macOS 13 API. Nothing newer is used,
    // tests included; Tests/Portability/check.sh holds every use to this line (README: Portability).
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "modgen", targets: ["modgen"]),
        .library(name: "ModGenKit", targets: ["ModGenKit"]),
        // `swift package --allow-writing-to-package-directory modgen new Home …` in a package that depends on modgen.
        .plugin(name: "ModgenCommand", targets: ["ModgenCommand"]),
    ],
    targets: [
        .executableTarget(name: "modgen", dependencies: ["ModGenKit"]),
        // The umbrella: `import ModGenKit` re-exports every layer below.
        .target(
            name: "ModGenKit",
            dependencies: [
                "ModGenCore", "ModGenMustache", "ModGenLiquid", "ModGenTemplates", "ModGenGeneration", "ModGenWriting",
                "ModGenXcodeProject", "ModGenRun", "ModGenGit",
            ]),
        // The Mustache engine knows nothing else of modgen.
        .target(name: "ModGenMustache"),
        // The Liquid engine (Ruby liquid 5.4's lax mode, Generamba's engine) knows nothing else of modgen either.
        .target(name: "ModGenLiquid"),
        // JSON, positions, file reading, paths, names: what every layer above shares.
        .target(name: "ModGenCore"),
        // Templates from git: the system git run safely, the user's commit-keyed cache, the project's modgen.lock.
        // Knows no template format.
        .target(name: "ModGenGit", dependencies: ["ModGenCore"]),
        .target(
            name: "ModGenTemplates", dependencies: ["ModGenCore", "ModGenMustache", "ModGenLiquid", "ModGenGit"],
            plugins: ["EmbedTemplates"]),
        // Generation records snapshots in the index format the writing layer reads back (`SnapshotIndex`).
        .target(
            name: "ModGenGeneration",
            dependencies: ["ModGenTemplates", "ModGenMustache", "ModGenWriting", "ModGenCore", "ModGenGit"]),
        .target(name: "ModGenWriting", dependencies: ["ModGenCore", "ModGenDigest"]),
        // SHA-256 and the name of a set of files: a recorded template version's name, computed the same way by the
        // build-time embedder (a built-in template's version) and by the run (a user template's).
        .target(name: "ModGenDigest"),
        // Reads an Xcode project file and adds files to it by inserting lines, as Xcode does; knows no templates.
        // Merging two versions of a project falls back on the writing layer's line merge (`ThreeWayMerge`).
        .target(name: "ModGenXcodeProject", dependencies: ["ModGenCore", "ModGenWriting"]),
        // The run: module requests carried out as one all-or-nothing plan (files, projects, records) under one set
        // of locks; what every writing command goes through.
        .target(
            name: "ModGenRun",
            dependencies: [
                "ModGenGeneration", "ModGenTemplates", "ModGenWriting", "ModGenXcodeProject", "ModGenCore",
            ]),
        // Turns the top-level Templates/ folder into Swift source at build time, so a copied binary keeps them.
        // It parses each Mustache file with the engine, so a run reads the parsed tree instead of parsing.
        .executableTarget(name: "TemplateEmbedder", dependencies: ["ModGenDigest", "ModGenMustache"]),
        .plugin(name: "EmbedTemplates", capability: .buildTool(), dependencies: ["TemplateEmbedder"]),
        // The command plugin runs the modgen executable in the package's folder (Plugins/ModgenCommand).
        .plugin(
            name: "ModgenCommand",
            capability: .command(
                intent: .custom(verb: "modgen", description: "Generate modules with modgen (same arguments)."),
                permissions: [.writeToPackageDirectory(reason: "modgen writes the modules it generates.")]),
            dependencies: ["modgen"]),
        // The spec cases are JSON: read with our parser and converted by `MustacheValue(json:)` (templates layer).
        .testTarget(
            name: "ModGenMustacheTests", dependencies: ["ModGenMustache", "ModGenCore"],
            exclude: ["Spec"]),
        // Golden-liquid's cases and Ruby liquid 5.4's answers where they differ, read by path, with their licence.
        .testTarget(name: "ModGenLiquidTests", dependencies: ["ModGenLiquid", "ModGenCore"], exclude: ["Spec"]),
        // Fixtures: property lists read by path (Infinum's TemplateInfo.plist files with their licence, binary ones).
        .testTarget(name: "ModGenCoreTests", dependencies: ["TestSupport", "ModGenCore"], exclude: ["Fixtures"]),
        .testTarget(
            name: "ModGenTemplatesTests",
            dependencies: ["TestSupport", "ModGenTemplates", "ModGenLiquid", "ModGenDigest"]),
        .testTarget(name: "ModGenGitTests", dependencies: ["TestSupport", "ModGenGit", "ModGenCore"]),
        .testTarget(name: "ModGenGenerationTests", dependencies: ["TestSupport", "ModGenGeneration", "ModGenWriting"]),
        .testTarget(name: "ModGenWritingTests", dependencies: ["TestSupport", "ModGenWriting", "ModGenDigest"]),
        // Fixtures: real project files with their licences, read by path.
        .testTarget(
            name: "ModGenXcodeProjectTests",
            dependencies: ["TestSupport", "ModGenXcodeProject", "ModGenWriting", "ModGenCore"],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "ModGenRunTests",
            dependencies: [
                "TestSupport", "ModGenRun", "ModGenGeneration", "ModGenTemplates", "ModGenWriting",
                "ModGenXcodeProject", "ModGenCore",
            ]),
        // What the test targets share: the temporary-folder helper and text positions.
        .target(name: "TestSupport", dependencies: ["ModGenCore", "ModGenTemplates"], path: "Tests/TestSupport"),
        .testTarget(name: "modgenTests", dependencies: ["modgen", "ModGenKit", "TestSupport"]),
        // MustacheBenchmarkInput.swift imports the engine alone: SwiftMustacheComparison (a package of its own,
        // which times the engine against swift-mustache) compiles it too.
        .executableTarget(
            name: "Benchmarks", dependencies: ["ModGenKit", "ModGenMustache"], path: "Benchmarks",
            exclude: [
                "startup-time.sh", "update-time.sh", "instruction-counts.sh", "cpu-time.py", "SwiftMustacheComparison",
                "FilesFloor", "liquid-ruby.rb", "update-project-time.sh",
            ]),
        // The floor `Benchmarks/instruction-counts.sh` measures `modgen new` against: a program that only writes the
        // same files.
        .executableTarget(name: "FilesFloor", path: "Benchmarks/FilesFloor"),
    ]
)
