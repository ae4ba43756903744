import ModGenKit

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

/// modgen's standard output and standard error, written with POSIX `write`: Foundation's `FileHandle.write` traps
/// when a write fails (a full disk, a closed descriptor), and a command-line tool must report that instead.
///
/// A failed write to standard output is remembered and later output is dropped, as C's `ferror` does: the command
/// runs to its end (a module `new` has written stays written, as a complete run), and `CommandLineTool` reports the
/// failure once it returns. A failed write to standard error has nowhere to be reported; the exit code still tells.
final class StandardStreams: @unchecked Sendable {
    private let lock = Lock()
    private var outputErrorNumber: Int32?
    private var errorStreamFailed = false

    /// Sets up the process's streams once, before anything is read or written.
    static func prepareProcess() {
        // A reader that goes away (`modgen list | head -1`) then makes writes fail with EPIPE, which is handled,
        // instead of killing modgen with SIGPIPE at whatever it was doing.
        signal(SIGPIPE, SIG_IGN)
        occupyClosedDescriptors()
    }

    /// Started with descriptor 0, 1 or 2 closed (`>&-`), the next file modgen opens would get that number, and
    /// what it prints could land in that file. `/dev/null` takes the number instead, opened in the direction the
    /// stream is not used, so that using the stream still fails with "bad file descriptor", as a closed one does,
    /// and is reported.
    static func occupyClosedDescriptors() {
        for (descriptor, flags) in [(STDIN_FILENO, O_WRONLY), (STDOUT_FILENO, O_RDONLY), (STDERR_FILENO, O_RDONLY)] {
            guard fcntl(descriptor, F_GETFD) == -1, errno == EBADF else { continue }
            // The lowest free number, which is this one when the lower ones are open.
            let opened = open("/dev/null", flags | O_NOCTTY)
            if opened >= 0, opened != descriptor {
                dup2(opened, descriptor)
                close(opened)
            }
        }
    }

    func writeOutput(_ text: String) {
        lock.withLock {
            guard outputErrorNumber == nil else { return }
            outputErrorNumber = Self.writeAll(text, to: STDOUT_FILENO)
        }
    }

    func writeError(_ text: String) {
        lock.withLock {
            guard !errorStreamFailed else { return }
            errorStreamFailed = Self.writeAll(text, to: STDERR_FILENO) != nil
        }
    }

    /// The `errno` of the first failed write to standard output, or `nil`.
    var outputFailure: Int32? { lock.withLock { outputErrorNumber } }

    /// Writes all of `text`, through partial writes, interrupted writes (EINTR) and a descriptor a parent process
    /// left non-blocking (EAGAIN); returns the `errno` of a failure, or `nil`.
    static func writeAll(_ text: String, to descriptor: Int32) -> Int32? {
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, $0.count - written) }
            if count > 0 {
                written += count
                continue
            }
            // A write of a non-empty buffer that reports 0 bytes would repeat forever.
            let error = count < 0 ? errno : EIO
            if error == EINTR { continue }
            if error == EAGAIN || error == EWOULDBLOCK {
                var request = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                _ = poll(&request, 1, -1)
                continue
            }
            return error
        }
        return nil
    }
}
