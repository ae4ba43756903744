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
    public var exitCode: ExitCode { .dataError }
}
