// swift-tools-version: 6.0
import PackageDescription

// modgen has no package dependencies by design: only the toolchain's Foundation, XCTest and Swift Testing.
let package = Package(
    name: "modgen",
    products: [
        .executable(name: "modgen", targets: ["modgen"]),
        .library(name: "ModGenKit", targets: ["ModGenKit"]),
    ],
    targets: [
        .executableTarget(name: "modgen", dependencies: ["ModGenKit"]),
        .target(name: "ModGenKit", plugins: ["EmbedTemplates"]),
        // Turns the top-level Templates/ folder into Swift source at build time, so a copied binary keeps them.
        .executableTarget(name: "TemplateEmbedder"),
        .plugin(name: "EmbedTemplates", capability: .buildTool(), dependencies: ["TemplateEmbedder"]),
        // What both test targets share: the temporary-folder helper.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(
            name: "ModGenKitTests", dependencies: ["ModGenKit", "TestSupport"], exclude: ["Mustache/Spec"]),
        .testTarget(name: "modgenTests", dependencies: ["modgen", "ModGenKit", "TestSupport"]),
        .executableTarget(name: "Benchmarks", dependencies: ["ModGenKit"], path: "Benchmarks"),
    ]
)
