// swift-tools-version: 6.0
import PackageDescription

// Times modgen's Mustache engine against swift-mustache on the same template, partials and data, in one process:
//
//     swift run -c release --package-path Benchmarks/SwiftMustacheComparison
//
// A package of its own so that modgen never depends on swift-mustache: the engine's sources are linked in through
// Sources/ModGenMustache (a symbolic link to the library's folder), the input through MustacheBenchmarkInput.swift.
let package = Package(
    name: "SwiftMustacheComparison",
    // modgen's own lowest macOS (its Package.swift says why).
    platforms: [.macOS(.v13)],
    dependencies: [.package(url: "https://github.com/hummingbird-project/swift-mustache", exact: "2.1.1")],
    targets: [
        .target(name: "ModGenMustache"),
        .executableTarget(
            name: "CompareMustache",
            dependencies: ["ModGenMustache", .product(name: "Mustache", package: "swift-mustache")]),
    ]
)
