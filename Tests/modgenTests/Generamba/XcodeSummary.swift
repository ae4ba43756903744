import Foundation
import ModGenKit

/// What the reference runs' `xcode_summary.json` holds, computed here from a `project.pbxproj`: every group and
/// file reference under the main group with its place in the hierarchy, `name`, `path`, `sourceTree`, the file's
/// type and the build phases that build it (`<target>:<phase isa>`) — everything but object IDs, which are random.
/// The reference lists the files of the project's folders (`<group>`), not products or SDK frameworks; a group's
/// `name` is compared as the name Xcode shows (`name`, else `path`): Generamba's groups repeat their path as their
/// name, Xcode's (and modgen's) leave it out.
enum XcodeSummary {
    /// The summary as JSON values, groups and files each sorted by hierarchy.
    static func summary(ofProjectFile path: String) throws -> (groups: [JSONValue], files: [JSONValue]) {
        let plist = try PropertyList.read(atPath: path)
        let objects = Dictionary(
            (plist["objects"]?.entries ?? []).map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        let root = plist["rootObject"]?.string.flatMap { objects[$0] }
        var phases: [String: [String]] = [:]
        for targetID in root?["targets"]?.array?.compactMap(\.string) ?? [] {
            guard let target = objects[targetID], let name = target["name"]?.string else { continue }
            for phaseID in target["buildPhases"]?.array?.compactMap(\.string) ?? [] {
                guard let phase = objects[phaseID], let isa = phase["isa"]?.string else { continue }
                for buildFileID in phase["files"]?.array?.compactMap(\.string) ?? [] {
                    if let reference = objects[buildFileID]?["fileRef"]?.string {
                        phases[reference, default: []].append("\(name):\(isa)")
                    }
                }
            }
        }
        var groups: [JSONValue] = []
        var files: [JSONValue] = []
        func optional(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        func visit(_ id: String, hierarchy: String, realPath: String) {
            guard let object = objects[id] else { return }
            let name = object["name"]?.string
            let path = object["path"]?.string
            let own = hierarchy + "/" + (name ?? path ?? "")
            let real = path.map { realPath == "." ? $0 : "\(realPath)/\($0)" } ?? realPath
            if object["isa"]?.string == "PBXGroup" {
                groups.append(
                    .object([
                        ("hierarchy", .string(own)), ("name", optional(name)), ("path", optional(path)),
                        ("sourceTree", optional(object["sourceTree"]?.string)), ("real_path", .string(real)),
                    ]))
                for child in object["children"]?.array?.compactMap(\.string) ?? [] {
                    visit(child, hierarchy: own, realPath: real)
                }
            } else if object["isa"]?.string == "PBXFileReference", object["sourceTree"]?.string == "<group>" {
                files.append(
                    .object([
                        ("hierarchy", .string(own)), ("name", optional(name)), ("path", optional(path)),
                        ("sourceTree", optional(object["sourceTree"]?.string)),
                        (
                            "lastKnownFileType",
                            optional(object["lastKnownFileType"]?.string ?? object["explicitFileType"]?.string)
                        ),
                        ("real_path", .string(real)),
                        ("build_phases", .array((phases[id] ?? []).map(JSONValue.string))),
                    ]))
            }
        }
        if let main = root?["mainGroup"]?.string, let mainGroup = objects[main] {
            for child in mainGroup["children"]?.array?.compactMap(\.string) ?? [] {
                visit(child, hierarchy: "", realPath: ".")
            }
        }
        return (sorted(groups.map(shownName)), sorted(files))
    }

    /// The reference's summary, sorted the same way.
    static func reference(_ url: URL) throws -> (groups: [JSONValue], files: [JSONValue]) {
        let document = try JSONDocument(parsing: String(contentsOf: url, encoding: .utf8), fileName: url.path)
        return (
            sorted((document.root["groups"]?.arrayValue ?? []).map(shownName)),
            sorted(document.root["files"]?.arrayValue ?? [])
        )
    }

    /// A group with `name` replaced by the name Xcode shows.
    private static func shownName(_ group: JSONValue) -> JSONValue {
        guard case .object(var members) = group, let index = members.firstIndex(where: { $0.key == "name" }) else {
            return group
        }
        if members[index].value == .null, let path = group["path"] { members[index].value = path }
        return .object(members)
    }

    private static func sorted(_ values: [JSONValue]) -> [JSONValue] {
        values.sorted { ($0["hierarchy"]?.stringValue ?? "") < ($1["hierarchy"]?.stringValue ?? "") }
    }
}
