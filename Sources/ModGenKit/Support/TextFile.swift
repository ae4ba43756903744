import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file or folder that cannot be read: exit 66, with the system's reason.
public struct FileReadError: ModGenError, Equatable {
    public var path: String
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var message: String { "cannot read '\(path)': \(reason)" }
    public var exitCode: ExitCode { .noInput }
}

/// Reading input files: the one place modgen reads a file. POSIX calls rather than Foundation's readers, because
/// only they tell why a read failed in words a user recognises ("no such file or directory", "is a directory"),
/// and strict UTF-8 decoding, because silently altered input would render silently altered output.
public enum TextFile {
    /// The bytes of the file at `path`.
    public static func readBytes(atPath path: String) throws(FileReadError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileReadError(path: path, reason: lastErrorDescription()) }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return bytes }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileReadError(path: path, reason: lastErrorDescription())
            }
            bytes.append(contentsOf: buffer[0..<count])
        }
    }

    /// The text of the UTF-8 file at `path`; bytes that are not UTF-8 are a data error naming where they start.
    public static func readText(atPath path: String) throws -> String {
        try decodeUTF8(readBytes(atPath: path), fileName: path)
    }

    /// Fails unless `path` names a folder that exists.
    public static func requireDirectory(atPath path: String) throws(FileReadError) {
        var status = stat()
        guard stat(path, &status) == 0 else { throw FileReadError(path: path, reason: lastErrorDescription()) }
        guard status.st_mode & S_IFMT == S_IFDIR else { throw FileReadError(path: path, reason: "not a directory") }
    }

    /// Decodes UTF-8 without replacing bad bytes: silently altered input would render silently altered output.
    public static func decodeUTF8(_ bytes: [UInt8], fileName: String) throws(DataFileError) -> String {
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var validCount = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                validCount += encoded.count
            case .emptyInput:
                return String(decoding: bytes, as: UTF8.self)
            case .error:
                let position = position(ofOffset: validCount, in: bytes)
                throw DataFileError(fileName: fileName, position: position, reason: "the file is not valid UTF-8")
            }
        }
    }

    /// Line and column (in Unicode scalars, as `SourcePosition` counts them) of a byte offset in valid UTF-8.
    private static func position(ofOffset offset: Int, in bytes: [UInt8]) -> SourcePosition {
        let prefix = bytes[..<offset]
        let lineStart = prefix.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        let line = prefix.count { $0 == UInt8(ascii: "\n") } + 1
        let column = String(decoding: bytes[lineStart..<offset], as: UTF8.self).unicodeScalars.count + 1
        return SourcePosition(line: line, column: column)
    }

    /// `strerror` for the current `errno`.
    private static func lastErrorDescription() -> String { systemErrorDescription(errno) }

    /// The system's words for an error number, starting lowercase to read as part of a sentence
    /// ("no such file or directory").
    public static func systemErrorDescription(_ errorNumber: Int32) -> String {
        let text = String(cString: strerror(errorNumber))
        return text.prefix(1).lowercased() + text.dropFirst()
    }
}
