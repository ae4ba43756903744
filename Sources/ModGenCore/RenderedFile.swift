/// One file of a module, rendered in memory and not yet written.
///
/// `path` is relative to its output root and uses `/` separators, exactly as the manifest renders it; the writing
/// layer checks it (see `RenderedPath`) before anything touches the disk. `root` names the output root the file goes
/// to (`tests`, as the manifest's `"root"` says); `nil` is the module's own output folder (`--output`).
public struct RenderedFile: Equatable, Sendable {
    public var path: String
    public var contents: String
    /// The named output root, or `nil` for the output folder.
    public var root: String?

    public init(path: String, contents: String, root: String? = nil) {
        self.path = path
        self.contents = contents
        self.root = root
    }
}
