import ModGenCore
import ModGenMustache

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Partials read from `<directory>/<name>.mustache`, each read and parsed once. Errors inside a partial name its file
/// path. A missing file is "no such partial"; a file that cannot be read or is not UTF-8 is an error, and so is one
/// whose real path leads out of `box`, when there is one (exit 65: the template is at fault). Safe to share between
/// threads.
public final class DirectoryPartials: MustachePartialProvider, @unchecked Sendable {
    /// The folder partial names are relative to.
    public let directory: URL
    /// The folder no partial may lead out of through a symbolic link: a template's folder. `nil` for a folder the
    /// user names (`render --partials`), whose links are the user's own.
    public let box: ContainmentFolder?
    private let lock = Lock()
    private var loaded: [String: MustacheTemplate?] = [:]  // guarded by `lock`; `nil` values remember missing files

    /// Nothing is read until a partial is asked for.
    public init(directory: URL, inside box: ContainmentFolder? = nil) {
        self.directory = directory
        self.box = box
    }

    public func template(named name: String) throws(MustacheError) -> MustacheTemplate? {
        lock.lock()
        defer { lock.unlock() }
        if let known = loaded[name] { return known }
        let template = try load(name)
        loaded[name] = .some(template)
        return template
    }

    private func load(_ name: String) throws(MustacheError) -> MustacheTemplate? {
        // A name is a path below the directory: `../x` or `/etc/x` would let a template read any file.
        guard RelativePath.problem(with: name, inside: "the partials folder") == nil else {
            throw MustacheError(
                templateName: directory.path, position: nil,
                reason: "partial name '\(RelativePath.printable(name))' must be a relative path inside the partials "
                    + "folder")
        }
        let file = directory.appendingPathComponent("\(name).mustache")
        guard FileStatus.entryExists(atPath: file.path) else { return nil }
        let bytes: [UInt8]
        do {
            bytes = try TextFile.readBytes(atPath: file.path, inside: box)
        } catch  where error.kind == .refused {
            throw MustacheError(templateName: file.path, position: nil, reason: error.reason)
        } catch {
            throw MustacheError(
                templateName: file.path, position: nil, reason: "cannot read the partial: \(error.reason)",
                kind: .unreadablePartial)
        }
        let text: String
        do {
            text = try TextFile.decodeUTF8(bytes, fileName: file.path)
        } catch {
            // Where the bad bytes start helps find them.
            throw MustacheError(
                templateName: file.path,
                position: MustachePosition(line: error.position.line, column: error.position.column),
                reason: error.reason)
        }
        return try MustacheTemplate(text, name: file.path)
    }
}
