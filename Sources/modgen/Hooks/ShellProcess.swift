import ModGenKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs one command line with `/bin/sh -c`, as the user wrote it, and hands its output over as it arrives.
///
/// Foundation's `Process` is not part of FoundationEssentials, so this is `posix_spawn`. Nothing modgen knows is
/// pasted into the command line: values reach the command through `environment` only, where the shell never parses
/// them, so a module name or a path cannot turn into shell syntax.
struct ShellProcess {
    /// How the command ended.
    enum Termination: Equatable {
        case exited(Int32)
        case signaled(Int32)
    }

    var command: String
    /// The whole environment of the command, `NAME=value` each.
    var environment: [String: String]
    /// The folder it runs in.
    var directory: String

    /// The script `sh -c` runs: into `directory`, then the command. posix_spawn has no portable "run in this
    /// folder" (`addchdir_np` is an extension Swift does not import), and modgen's own folder cannot change for a
    /// moment while other threads resolve paths against it; so the shell changes folder itself, reading the
    /// folder from its environment like every other value.
    static let directoryVariable = "MODGEN_CONFIG_DIR"
    private var script: String { "cd -- \"$\(Self.directoryVariable)\" || exit 125\n\(command)" }

    /// Runs the command to its end. Its standard output and standard error go, merged in the order it wrote them,
    /// to `output`; its standard input is `/dev/null`, so a hook that asks a question gets an end of file instead
    /// of waiting for an answer that cannot come.
    func run(output: (String) -> Void) throws(HookError) -> Termination {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { throw failure("cannot create a pipe") }
        let (readEnd, writeEnd) = (pipeEnds[0], pipeEnds[1])
        let pid: pid_t
        do {
            pid = try spawn(outputTo: writeEnd)
        } catch {
            close(readEnd)
            close(writeEnd)
            throw error
        }
        close(writeEnd)
        forward(from: readEnd, to: output)
        close(readEnd)
        return wait(for: pid)
    }

    private func spawn(outputTo writeEnd: Int32) throws(HookError) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, writeEnd, 1)
        posix_spawn_file_actions_adddup2(&actions, writeEnd, 2)
        posix_spawn_file_actions_addclose(&actions, writeEnd)

        // modgen ignores SIGPIPE for itself (StandardStreams); the hook gets the default back, as a shell gives it.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let arguments = ["/bin/sh", "-c", script]
        var environment = environment
        environment[Self.directoryVariable] = directory
        let environmentLines = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        return try withCStrings(arguments) { argv throws(HookError) in
            try withCStrings(environmentLines) { envp throws(HookError) in
                var pid = pid_t()
                let started = posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, envp)
                guard started == 0 else { throw failure("cannot start /bin/sh", errorNumber: started) }
                return pid
            }
        }
    }

    private func forward(from descriptor: Int32, to output: (String) -> Void) {
        var buffer = [UInt8](repeating: 0, count: 65536)
        var pending: [UInt8] = []
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            pending += buffer[0..<count]
            // Whole lines only, so a UTF-8 character is never cut between two reads.
            if let lastNewline = pending.lastIndex(of: UInt8(ascii: "\n")) {
                output(String(decoding: pending[...lastNewline], as: UTF8.self))
                pending.removeSubrange(...lastNewline)
            }
        }
        if !pending.isEmpty { output(String(decoding: pending, as: UTF8.self) + "\n") }
    }

    private func wait(for pid: pid_t) -> Termination {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        // The <sys/wait.h> macros are not imported into Swift: the low 7 bits hold the signal, the next 8 the code.
        let signal = status & 0x7F
        return signal == 0 ? .exited((status >> 8) & 0xFF) : .signaled(signal)
    }

    private func failure(_ what: String, errorNumber: Int32 = errno) -> HookError {
        .cannotStart(command: command, reason: "\(what): \(TextFile.systemErrorDescription(errorNumber))")
    }
}

/// `body` with `strings` as a NULL-terminated array of C strings, as `execve` takes them.
private func withCStrings<Result>(
    _ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) throws(HookError) -> Result
) throws(HookError) -> Result {
    let pointers = strings.map { strdup($0) } + [nil]
    defer { for pointer in pointers { free(pointer) } }
    return try body(pointers)
}
