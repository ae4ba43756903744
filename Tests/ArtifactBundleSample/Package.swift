// swift-tools-version: 6.0
import PackageDescription

// A package that uses modgen's artifact bundle (make artifactbundle) as a team's package would: the prebuilt binary
// is a binary target, and a command plugin runs it through `context.tool(named: "modgen")`. run.sh copies this
// folder and the zipped bundle to a temporary folder and runs the plugin there; it is not part of modgen's package.
let package = Package(
    name: "ArtifactBundleSample",
    targets: [
        .binaryTarget(name: "modgen", path: "modgen.artifactbundle.zip"),
        .plugin(
            name: "GenerateModule",
            capability: .command(
                intent: .custom(verb: "generate-module", description: "Runs the prebuilt modgen from the bundle.")),
            dependencies: ["modgen"]),
    ]
)
