/// One file of a module, rendered in memory and not yet written.
///
/// `path` is relative to the output directory and uses `/` separators, exactly as the manifest renders it;
/// the writing layer checks it (see `RenderedPath`) before anything touches the disk.
public struct RenderedFile: Equatable, Sendable {
    public var path: String
    public var contents: String

    public init(path: String, contents: String) {
        self.path = path
        self.contents = contents
    }
}
