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

    /// Runs the command until its shell exits. Its standard output and standard error go, merged in the order it
    /// wrote them, to `output` as they arrive (see `OutputForwarder`); its standard input is `/dev/null`, so a hook
    /// that asks a question gets an end of file instead of waiting for an answer that cannot come.
    ///
    /// modgen returns when the shell exits, not when the pipe closes: a process the hook left running in the
    /// background (`sleep 20 &`, a file watcher) holds the pipe open for as long as it lives. What is in the pipe
    /// when the shell exits is still forwarded, up to `drainLimit` bytes.
    func run(output: @escaping (String) -> Void) throws(HookError) -> Termination {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { throw failure("cannot create a pipe") }
        let (readEnd, writeEnd) = (pipeEnds[0], pipeEnds[1])
        // Not inherited by processes other threads start meanwhile: they would hold the pipe open too.
        for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let pid: pid_t
        do {
            pid = try spawn(outputTo: writeEnd)
        } catch {
            close(readEnd)
            close(writeEnd)
            throw error
        }
        close(writeEnd)
        var forwarder = OutputForwarder(output: output)
        let termination = forward(from: readEnd, of: pid, to: &forwarder)
        forwarder.finish()
        close(readEnd)
        return termination
    }

    /// How long modgen waits for output before it looks again whether the shell has exited.
    private static let exitCheckInterval: Int32 = 50
    /// The most modgen forwards once the shell has exited: what background processes write after that is theirs.
    static let drainLimit = 1024 * 1024

    /// Forwards the pipe's bytes until the shell has exited and the pipe holds nothing more (or its writers are
    /// gone). Returns how the shell ended.
    private func forward(from descriptor: Int32, of pid: pid_t, to forwarder: inout OutputForwarder) -> Termination {
        var buffer = [UInt8](repeating: 0, count: 65536)
        var termination: Termination?
        var drained = 0
        while termination == nil || drained < Self.drainLimit {
            var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&request, 1, termination == nil ? Self.exitCheckInterval : 0)
            if ready < 0, errno == EINTR { continue }
            if ready > 0 {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR || errno == EAGAIN { continue }
                // The end of the pipe: every writer is gone, so the shell has exited or is about to.
                guard count > 0 else { break }
                forwarder.forward(buffer[0..<count])
                if termination != nil {
                    drained += count
                } else {
                    // A background process that never stops writing must not keep modgen from seeing the exit.
                    termination = exitStatus(of: pid, waiting: false)
                }
                continue
            }
            // Nothing to read now: after the shell's exit that is the end; before it, look whether it has exited.
            if termination != nil || ready < 0 { break }
            termination = exitStatus(of: pid, waiting: false)
        }
        return termination ?? exitStatus(of: pid, waiting: true) ?? .exited(127)
    }

    private func spawn(outputTo writeEnd: Int32) throws(HookError) -> pid_t {
        // Darwin declares both spawn types as opaque pointers (the `init` functions allocate), Glibc and Musl as
        // structs the caller provides.
        #if canImport(Darwin)
            var actions: posix_spawn_file_actions_t? = nil
        #else
            var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, writeEnd, 1)
        posix_spawn_file_actions_adddup2(&actions, writeEnd, 2)
        posix_spawn_file_actions_addclose(&actions, writeEnd)

        // modgen ignores SIGPIPE for itself (StandardStreams); the hook gets the default back, as a shell gives it.
        #if canImport(Darwin)
            var attributes: posix_spawnattr_t? = nil
        #else
            var attributes = posix_spawnattr_t()
        #endif
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
                if started == E2BIG { throw tooLarge(arguments: arguments, environment: environment) }
                guard started == 0 else { throw failure("cannot start /bin/sh", errorNumber: started) }
                return pid
            }
        }
    }

    /// How the shell ended, or `nil` while it runs (`waiting` false) or if it cannot be waited for.
    private func exitStatus(of pid: pid_t, waiting: Bool) -> Termination? {
        var status: Int32 = 0
        var result: pid_t
        repeat { result = waitpid(pid, &status, waiting ? 0 : WNOHANG) } while result < 0 && errno == EINTR
        guard result == pid else { return nil }
        // The <sys/wait.h> macros are not imported into Swift: the low 7 bits hold the signal, the next 8 the code.
        let signal = status & 0x7F
        return signal == 0 ? .exited((status >> 8) & 0xFF) : .signaled(signal)
    }

    /// E2BIG is about everything a new process is given, and the command is rarely the large part: the message
    /// names the size and the largest variable, which is what the user can do something about.
    private func tooLarge(arguments: [String], environment: [String: String]) -> HookError {
        let total = (arguments + environment.map { "\($0.key)=\($0.value)" }).reduce(0) { $0 + $1.utf8.count + 1 }
        let largest = environment.max {
            ($0.key.utf8.count + $0.value.utf8.count) < ($1.key.utf8.count + $1.value.utf8.count)
        }
        let largestText =
            largest.map { ", the largest being \($0.key) (\($0.key.utf8.count + $0.value.utf8.count + 1) bytes)" } ?? ""
        return .cannotStart(
            command: command,
            reason: "its environment and arguments (\(total) bytes\(largestText)) are more than the system lets a "
                + "new process have (\(TextFile.systemErrorDescription(E2BIG)))")
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
