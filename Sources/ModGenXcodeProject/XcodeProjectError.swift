import ModGenCore

/// Why a project file cannot be edited, or what in the request does not fit the project. Problems inside the
/// file itself (it does not parse, an ID is used twice, a reference leads nowhere) are `DataFileError`s naming the
/// file, line and column; these are the rest.
public enum XcodeProjectError: ModGenError, Equatable {
    /// The path is no `.xcodeproj` folder holding a `project.pbxproj`, or it is one modgen never edits.
    case notAProject(path: String, reason: String)
    /// A project file in a form Xcode reads but modgen does not edit (XML, binary, UTF-16).
    case unsupportedFormat(path: String, format: String)
    /// `--target`/`--test-target` (or the config) names no target of the project.
    case unknownTarget(name: String, project: String, suggestion: String?, targets: [String])
    /// A name (or ID) that several targets of the project have; `candidates` tells them apart (ID and product type).
    case ambiguousTarget(name: String, project: String, kind: TargetKind, candidates: [String])
    /// `--test-target` (or the config's `testTargets`) names a target that is no test bundle.
    case notATestBundle(name: String, project: String, productType: String, candidates: [String])
    /// No target was named and the project has not exactly one of the kind.
    case targetNotChosen(kind: TargetKind, project: String, candidates: [String])
    /// A file cannot be added without a change Xcode would make differently, or that would break the build.
    case refused(path: String, reason: String)

    public enum TargetKind: String, Sendable {
        case application = "application"
        case unitTest = "unit-test"
    }

    public var message: String {
        switch self {
        case .notAProject(let path, let reason):
            return "'\(RelativePath.printable(path))' \(reason)"
        case .unsupportedFormat(let path, let format):
            return "\(RelativePath.printable(path)): the project file is \(format); modgen edits only the text "
                + "format Xcode writes (open and save the project in Xcode to convert it)"
        case .unknownTarget(let name, let project, let suggestion, let targets):
            let hint = suggestion.map { "; did you mean '\($0)'?" } ?? "; its targets: \(Self.list(targets))"
            return "the project '\(RelativePath.printable(project))' has no target '\(RelativePath.printable(name))'"
                + hint
        case .targetNotChosen(let kind, let project, let candidates):
            let flag = kind == .application ? "--target" : "--test-target"
            if candidates.isEmpty {
                return "the project '\(RelativePath.printable(project))' has no \(kind.rawValue) target; name one "
                    + "with \(flag)"
            }
            return "the project '\(RelativePath.printable(project))' has \(candidates.count) \(kind.rawValue) "
                + "targets (\(Self.list(candidates))); choose with \(flag)"
        case .ambiguousTarget(let name, let project, let kind, let candidates):
            let flag = kind == .application ? "--target" : "--test-target"
            return "the project '\(RelativePath.printable(project))' has \(candidates.count) targets named "
                + "'\(RelativePath.printable(name))' (\(Self.list(candidates, quoted: false))); choose one by its ID "
                + "with \(flag), or rename one in Xcode"
        case .notATestBundle(let name, let project, let productType, let candidates):
            let choice =
                candidates.isEmpty
                ? "the project has no test target" : "its test targets: \(Self.list(candidates))"
            return "the target '\(RelativePath.printable(name))' of '\(RelativePath.printable(project))' is no test "
                + "bundle (\(RelativePath.printable(productType))): test files would be built into it; \(choice)"
        case .refused(let path, let reason):
            return "\(RelativePath.printable(path)): \(reason)"
        }
    }

    private static func list(_ names: [String], quoted: Bool = true) -> String {
        let shown = names.prefix(5).map { quoted ? "'\(RelativePath.printable($0))'" : RelativePath.printable($0) }
            .joined(separator: ", ")
        return names.count > 5 ? shown + " and \(names.count - 5) more" : shown
    }
}
