/// One file of a module, rendered in memory and not yet written.
///
/// `path` is relative to its output root and uses `/` separators, exactly as the manifest renders it; the writing
/// layer checks it (see `RenderedPath`) before anything touches the disk. `root` names the output root the file goes
/// to (`tests`, as the manifest's `"root"` says); `nil` is the module's own output folder (`--output`).
///
/// The file is its bytes: a rendered text is its UTF-8, and a file copied from a template that is not text (an
/// image in an Xcode template bundle) keeps its bytes exactly, which a `String` could not promise.
public struct RenderedFile: Equatable, Sendable {
    public var path: String
    public var bytes: [UInt8]
    /// The named output root, or `nil` for the output folder.
    public var root: String?
    /// The Xcode group it belongs in below its root's group (`Home/View`), when that is not its folder (a file laid
    /// out flat in Generamba's logical groups); `nil`: the group of its folder.
    public var group: String?

    public init(path: String, contents: String, root: String? = nil) {
        self.path = path
        self.bytes = Array(contents.utf8)
        self.root = root
    }

    public init(path: String, bytes: [UInt8], root: String? = nil) {
        self.path = path
        self.bytes = bytes
        self.root = root
    }

    /// The file as text; bytes that are not UTF-8 read as U+FFFD, so compare `bytes` where that matters.
    public var contents: String {
        get { String(decoding: bytes, as: UTF8.self) }
        set { bytes = Array(newValue.utf8) }
    }
}
