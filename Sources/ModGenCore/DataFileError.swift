/// A data file (JSON, a manifest, the config) that is malformed or means something invalid: the file, the line and
/// column of the offending text, and why, in plain words.
public struct DataFileError: ModGenError, Equatable {
    public var fileName: String
    public var position: SourcePosition
    public var reason: String

    public init(fileName: String, position: SourcePosition, reason: String) {
        self.fileName = fileName
        self.position = position
        self.reason = reason
    }

    public var message: String { "\(fileName):\(position): \(reason)" }

    /// `text` shortened for quoting in a reason: a hostile file can hold a 100 KB key or condition, and the
    /// message must stay one readable line.
    package static func excerpt(_ text: String, limit: Int = 60) -> String {
        text.count <= limit ? text : "\(text.prefix(limit))..."
    }
}
