// swift-tools-version: 6.0
import PackageDescription

// A package that uses modgen as a team would: as a dependency, for its command plugin. `run.sh` copies this folder
// and points the dependency at the repository it runs in; the path here is that repository, seen from this folder.
let package = Package(
    name: "PluginSample",
    // modgen's own lowest macOS (its Package.swift says why).
    platforms: [.macOS(.v13)],
    dependencies: [.package(path: "../..")],
    targets: [.target(name: "App")]
)
