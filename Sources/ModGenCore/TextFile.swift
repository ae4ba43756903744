#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file or folder that cannot be read, or standard input, with the system's reason; or one that a template may
/// not read (`ContainmentFolder`, `FileWalker`).
public struct FileReadError: ModGenError, Equatable {
    public enum Kind: Sendable {
        /// The system could not read it: missing, a folder, a FIFO, too large.
        case unreadable
        /// It could be read, but the template it belongs to must not: a symbolic link out of the template's folder
        /// or into a loop, a folder holding too many files. The template is at fault, not the disk.
        case refused
    }

    public var path: String
    public var reason: String
    /// How the message names what could not be read: the path in quotes, or `standard input`.
    public var subject: String
    public var kind = Kind.unreadable

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
        self.subject = "'\(RelativePath.printable(path))'"
    }

    /// A file the template's folder rules refuse; `reason` reads after the path ("leads outside …").
    public static func refused(path: String, reason: String) -> FileReadError {
        var error = FileReadError(path: path, reason: reason)
        error.kind = .refused
        return error
    }

    /// Standard input could not be read (`--data -`): the message names it in words, not as a path.
    public static func standardInput(reason: String) -> FileReadError {
        var error = FileReadError(path: "-", reason: reason)
        error.subject = "standard input"
        return error
    }

    /// The same error naming the file as `path`: for callers that read many files and work out how to show a
    /// path only for the one that could not be read.
    public func shown(as path: String) -> FileReadError {
        var error = FileReadError(path: path, reason: reason)
        error.kind = kind
        return error
    }

    public var message: String {
        switch kind {
        case .unreadable: "cannot read \(subject): \(reason)"
        case .refused: "\(subject) \(RelativePath.printable(reason))"
        }
    }
}

/// Reading input files: the one place modgen reads a file. POSIX calls rather than Foundation's readers, because
/// only they tell why a read failed in words a user recognises ("no such file or directory", "is a directory"),
/// and strict UTF-8 decoding, because silently altered input would render silently altered output.
///
/// Only regular files are read, and at most `sizeLimit` bytes of them: a FIFO would block the run forever (in
/// `open`, waiting for a writer), and a device such as `/dev/zero` would never end. A FIFO the user names on the
/// command line is read (`acceptsPipe`): a process substitution such as `<(jq …)` is one.
public enum TextFile {
    /// The largest input modgen reads, from a file or from standard input: far above any template, manifest,
    /// config or data file, far below what would exhaust memory.
    public static let sizeLimit = 16 * 1024 * 1024

    /// The bytes of the regular file at `location`; errors name it as `path` (the path as the user typed it, when
    /// `location` is that path made absolute), else as `location`.
    ///
    /// With a `box` (a template's folder), the file is read only when its real path is inside it, and it is opened
    /// by that real path (not following a link there), so a link swapped in between cannot lead the read out.
    ///
    /// - Parameter acceptsPipe: `location` is a file the user named on the command line, so a FIFO is read too
    ///   (`--data <(jq …)`), waiting for its writer as the user expects, and still at most `sizeLimit` bytes. Files
    ///   modgen finds by itself never are: nobody may be writing to them.
    public static func readBytes(
        atPath location: String, shownAs path: String? = nil, inside box: ContainmentFolder? = nil,
        acceptsPipe: Bool = false
    ) throws(FileReadError) -> [UInt8] {
        let path = path ?? location
        var named = stat()
        if acceptsPipe, stat(location, &named) == 0, named.st_mode & S_IFMT == S_IFIFO {
            return try readPipe(atPath: location, shownAs: path)
        }
        // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer, possibly forever; with it the
        // open returns at once and the check below refuses the FIFO. O_NOCTTY: a terminal named as input must not
        // become the process's controlling terminal.
        var flags = O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY
        var target = location
        if let box {
            target = try box.realPath(of: location, shownAs: path)
            flags |= O_NOFOLLOW
        }
        let descriptor = open(target, flags)
        guard descriptor >= 0 else { throw FileReadError(path: path, reason: openFailureReason(target, errno)) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw FileReadError(path: path, reason: lastErrorDescription()) }
        if let problem = problem(withFileMode: status.st_mode) { throw FileReadError(path: path, reason: problem) }
        guard status.st_size <= sizeLimit else { throw FileReadError(path: path, reason: tooLargeReason) }
        do {
            return try readAll(from: descriptor, expectedSize: Int(status.st_size))
        } catch {
            throw FileReadError(path: path, reason: error.reason)
        }
    }

    /// The FIFO at `location`, opened to wait for its writer as `cat` would (opened without waiting, it would read
    /// as empty until one comes), and read to its end or `sizeLimit`.
    private static func readPipe(atPath location: String, shownAs path: String) throws(FileReadError) -> [UInt8] {
        let descriptor = open(location, O_RDONLY | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else { throw FileReadError(path: path, reason: openFailureReason(location, errno)) }
        defer { close(descriptor) }
        do {
            return try readAll(from: descriptor)
        } catch {
            throw FileReadError(path: path, reason: error.reason)
        }
    }

    /// All of standard input, up to `sizeLimit` bytes. A pipe or terminal is read until it ends, as `--data -`
    /// promises; a closed descriptor or a directory is an error naming standard input.
    public static func readStandardInput() throws(FileReadError) -> [UInt8] {
        do {
            return try readAll(from: STDIN_FILENO)
        } catch {
            throw .standardInput(reason: error.reason)
        }
    }

    /// Why a read of a descriptor stopped short.
    private struct ReadFailure: Error {
        package var reason: String
    }

    /// Reads `descriptor` to its end: through interrupted reads (EINTR), and waiting for data on a descriptor a
    /// parent process left non-blocking (EAGAIN), failing past `sizeLimit` bytes.
    ///
    /// A regular file is read into an array of its size plus one byte (`expectedSize`, from `fstat`): one `read`
    /// fills it, the next reports the end, and the array is the result with no copy. A file that grew since, a
    /// pipe, a terminal or a file of no stated size goes on in chunks of 64 KiB. Each read goes into uninitialised
    /// memory: zero-filling a 64 KiB buffer first cost more than the read itself for the small files modgen reads
    /// most.
    private static func readAll(from descriptor: Int32, expectedSize: Int = 0) throws(ReadFailure) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunkSize = expectedSize > 0 ? min(expectedSize, sizeLimit) + 1 : 64 * 1024
        while true {
            var failure: Int32 = 0
            var atEnd = false
            let chunk = [UInt8](unsafeUninitializedCapacity: chunkSize) { buffer, count in
                count = 0
                while count < chunkSize {
                    let result = read(descriptor, buffer.baseAddress! + count, chunkSize - count)
                    if result > 0 {
                        count += result
                        continue
                    }
                    if result == 0 {
                        atEnd = true
                        return
                    }
                    let error = errno
                    if error == EINTR { continue }
                    if error == EAGAIN || error == EWOULDBLOCK {
                        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                        _ = poll(&request, 1, -1)
                        continue
                    }
                    failure = error
                    return
                }
            }
            if failure != 0 { throw ReadFailure(reason: systemErrorDescription(failure)) }
            if bytes.isEmpty { bytes = chunk } else { bytes.append(contentsOf: chunk) }
            if bytes.count > sizeLimit { throw ReadFailure(reason: tooLargeReason) }
            if atEnd { return bytes }
            chunkSize = 64 * 1024
        }
    }

    private static var tooLargeReason: String {
        "is larger than \(sizeLimit / (1024 * 1024)) MiB, the limit for input files"
    }

    /// Why a file of this mode is not read, or `nil` for a regular file. A directory reads as the system says it
    /// (`is a directory`); anything else is named, since "not a regular file" alone leaves the user guessing.
    package static func problem(withFileMode mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return systemErrorDescription(EISDIR)
        case S_IFIFO: return "is not a regular file (a FIFO)"
        case S_IFSOCK: return "is not a regular file (a socket)"
        case S_IFCHR: return "is not a regular file (a character device)"
        case S_IFBLK: return "is not a regular file (a block device)"
        default: return "is not a regular file"
        }
    }

    /// Why `open` failed, in words that say what is at `path` when the system's own words would mislead: a
    /// symbolic link to nothing opens as "no such file or directory" although `ls` shows it, and a socket
    /// as "no such device or address" (Linux) or "operation not supported" (macOS).
    static func openFailureReason(_ path: String, _ errorNumber: Int32) -> String {
        var status = stat()
        switch errorNumber {
        case ENOENT where lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK:
            return "is a symbolic link to '\(linkDestination(path))', which does not exist"
        // Opening a socket fails with ENXIO on Linux and EOPNOTSUPP on XNU.
        case _ where (errorNumber == ENXIO || errorNumber == EOPNOTSUPP) && stat(path, &status) == 0:
            return problem(withFileMode: status.st_mode) ?? systemErrorDescription(errorNumber)
        default:
            return systemErrorDescription(errorNumber)
        }
    }

    /// Where the symbolic link at `path` points, as written in the link.
    private static func linkDestination(_ path: String) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count >= 0 else { return "" }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The text of the UTF-8 file at `location`; bytes that are not UTF-8 are a data error naming where they start.
    /// Errors name the file as `path`, else as `location`; `box` and `acceptsPipe` as for `readBytes`.
    public static func readText(
        atPath location: String, shownAs path: String? = nil, inside box: ContainmentFolder? = nil,
        acceptsPipe: Bool = false
    ) throws -> String {
        try decodeUTF8(
            readBytes(atPath: location, shownAs: path, inside: box, acceptsPipe: acceptsPipe),
            fileName: path ?? location)
    }

    /// Fails unless `location` names a folder that exists. Errors name it as `path`, else as `location`.
    public static func requireDirectory(atPath location: String, shownAs path: String? = nil) throws(FileReadError) {
        let path = path ?? location
        var status = stat()
        guard stat(location, &status) == 0 else { throw FileReadError(path: path, reason: lastErrorDescription()) }
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
