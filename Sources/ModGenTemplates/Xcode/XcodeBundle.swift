import ModGenCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// An `.xctemplate` bundle on disk: its `TemplateInfo.plist`, read once, and the list of its template files.
/// File contents are read when a run renders them. Nothing is read from outside the bundle's folder: a symbolic link
/// in it that leads out (to a file or a folder) is refused when the bundle is read.
public struct XcodeBundle: Sendable {
    public static let fileExtension = "xctemplate"
    public static let infoFileName = "TemplateInfo.plist"

    public let url: URL
    public var info: XcodeTemplateInfo
    public var files: XcodeBundleFiles
    /// The bundle's folder as it was walked: reading a listed file resolves no path again.
    private let box: ContainmentFolder

    /// Reads the bundle at `url`: a missing plist, a plist that is broken or not a file template are errors.
    public init(at url: URL) throws {
        self.url = url
        let infoPath = url.appendingPathComponent(Self.infoFileName).path
        guard FileStatus.isDirectory(atPath: url.path) == true else {
            throw FileReadError(path: url.path, reason: "no such template bundle")
        }
        guard FileStatus.entryExists(atPath: infoPath) else {
            throw XcodeTemplateError.missingInfo(bundle: url.path)
        }
        let box = ContainmentFolder(url.path)
        info = try XcodeTemplateInfo(plist: try PropertyList.read(atPath: infoPath, inside: box), fileName: infoPath)
        if Self.text(info.kind, contains: "ProjectTemplate") || Self.text(info.kind, contains: "PlaygroundTemplate") {
            throw XcodeTemplateError.projectTemplate(bundle: url.path, kind: info.kind)
        }
        self.box = try FileWalker.walkedFolder(url)
        files = XcodeBundleFiles(allPaths: self.box.listedFiles ?? [])
    }

    /// Whether `part` occurs in `text`, byte for byte: `StringProtocol.contains` builds a searcher (and looks up
    /// protocol conformances at run time) for a check this small.
    private static func text(_ text: String, contains part: String) -> Bool {
        let bytes = Array(text.utf8)
        let wanted = Array(part.utf8)
        guard wanted.count <= bytes.count else { return false }
        return (0...(bytes.count - wanted.count)).contains { bytes[$0..<($0 + wanted.count)].elementsEqual(wanted) }
    }

    /// How messages name the bundle: its path.
    public var displayName: String { url.path }

    /// The bundle's id (SPEC §5): its folder name without `.xctemplate`, lower-cased, each run of characters other
    /// than ASCII letters and digits turned into one `-` (`RxSwift Module` → `rxswift-module`).
    public static func id(ofFolderNamed name: String) -> String {
        var base = Substring(name)
        if base.lowercased().hasSuffix("." + fileExtension) { base = base.dropLast(fileExtension.count + 1) }
        var id = ""
        for character in base.lowercased() {
            if character.isASCII && (character.isLetter || character.isNumber) {
                id.append(character)
            } else if !id.isEmpty, id.last != "-" {
                id.append("-")
            }
        }
        while id.hasSuffix("-") { id.removeLast() }
        return id
    }

    /// Whether a folder name is a bundle's.
    public static func isBundleName(_ name: String) -> Bool {
        name.lowercased().hasSuffix("." + fileExtension)
    }

    /// The bytes of a template file, by its path relative to the bundle: refused when it leads out of the bundle.
    public func read(_ relativePath: String) throws -> [UInt8] {
        // Joined as text, as the walk wrote the paths it knows: `URL.appendingPathComponent` costs some 20,000
        // instructions a call, and a bundle's record reads every file.
        let folder = box.path
        let location = folder.hasSuffix("/") ? folder + relativePath : folder + "/" + relativePath
        return try TextFile.readBytes(atPath: location, inside: box)
    }
}
