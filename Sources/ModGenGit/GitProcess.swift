import ModGenCore

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

/// The system `git`, run with arguments (never through a shell), standard input `/dev/null`, and a time limit.
///
/// Every run is told to run nothing but the fetch and checkout: no hooks (`core.hooksPath=/dev/null`), no
/// file-system monitor, no submodules, only the protocols `GitRemote` accepts (`GIT_ALLOW_PROTOCOL`), no
/// credential prompt (`GIT_TERMINAL_PROMPT=0`), and it starts in modgen's cache folder (`-C`) with discovery of a
/// repository stopped there (`GIT_CEILING_DIRECTORIES`), so the configuration of whatever repository modgen was
/// started in (`core.fsmonitor`, `core.sshCommand` of a downloaded project) is never read. The user's own global
/// configuration still applies (proxies, `url.<base>.insteadOf`, credential helpers): it is theirs.
struct GitProcess: Sendable {
    /// The absolute path of the `git` executable.
    var executable: String
    /// The environment git runs with (see `environment(from:ceiling:)`).
    var environment: [String: String]
    /// The longest one git command may take before it is stopped.
    var timeLimit: Int

    /// What a git command printed and how it ended.
    struct Outcome {
        var status: Int32
        var output: String
        var errorOutput: String

        /// git's last line of complaint, for a one-line message (`fatal: repository '…' not found`).
        var lastErrorLine: String {
            let lines = errorOutput.split(whereSeparator: \.isNewline).map { $0.trimmingSpaces() }
            let line = lines.last { !$0.isEmpty } ?? "git exited with status \(status)"
            return PrintableText.escaped(DataFileError.excerpt(line, limit: 300))
        }
    }

    /// Why a git command could not be run to its end.
    enum Failure: Error {
        case cannotStart(String)
        case timedOut(seconds: Int)
    }

    /// Options given before every git command.
    static let safetyOptions = [
        "-c", "core.hooksPath=/dev/null", "-c", "core.fsmonitor=false", "-c", "protocol.ext.allow=never",
        "-c", "submodule.recurse=false", "-c", "fetch.recurseSubmodules=false", "-c", "advice.detachedHead=false",
        "-c", "init.defaultBranch=main",
    ]

    /// The most of git's output kept (its standard output holds a commit id; its errors a few lines).
    static let outputLimit = 64 * 1024

    /// The environment for git: the user's, but for every `GIT_…` variable that would point git at another
    /// repository or configuration (set when modgen runs inside a git hook: `GIT_DIR`, `GIT_INDEX_FILE`,
    /// `GIT_CONFIG_PARAMETERS`…), plus modgen's limits. Variables for reaching a server (`GIT_SSH_COMMAND`, proxies,
    /// certificates) stay: they are the user's.
    static func environment(from user: [String: String], ceiling: String) -> [String: String] {
        let kept = ["GIT_SSH", "GIT_SSL_", "GIT_HTTP_", "GIT_PROXY_", "GIT_CONFIG_GLOBAL", "GIT_CONFIG_NOSYSTEM"]
        var environment = user.filter { name, _ in
            !name.hasPrefix("GIT_") || kept.contains { name.hasPrefix($0) }
        }
        environment["GIT_TERMINAL_PROMPT"] = "0"
        environment["GIT_ALLOW_PROTOCOL"] = GitRemote.allowedProtocols.joined(separator: ":")
        environment["GIT_CEILING_DIRECTORIES"] = ceiling
        environment["GIT_PROTOCOL_FROM_USER"] = "0"
        return environment
    }

    /// The `git` on `PATH` (the default path when none is set), or `nil`.
    static func find(environment: [String: String]) -> String? {
        let path = environment["PATH"] ?? "/usr/bin:/bin:/usr/local/bin:/opt/homebrew/bin"
        for folder in path.split(separator: ":") where folder.hasPrefix("/") {
            let candidate = folder.hasSuffix("/") ? "\(folder)git" : "\(folder)/git"
            var status = stat()
            if stat(candidate, &status) == 0, status.st_mode & S_IFMT == S_IFREG, access(candidate, X_OK) == 0 {
                return candidate
            }
        }
        return nil
    }

    /// Runs `git -C <directory> <safety options> <arguments>` to its end, or stops it after `timeLimit` seconds.
    func run(_ arguments: [String], in directory: String) throws(Failure) -> Outcome {
        var outputPipe: [Int32] = [0, 0]
        var errorPipe: [Int32] = [0, 0]
        guard pipe(&outputPipe) == 0 else { throw .cannotStart(TextFile.systemErrorDescription(errno)) }
        guard pipe(&errorPipe) == 0 else {
            let reason = TextFile.systemErrorDescription(errno)
            outputPipe.forEach { close($0) }
            throw .cannotStart(reason)
        }
        // Not inherited by processes other threads start meanwhile: they would hold the pipes open.
        for end in outputPipe + errorPipe { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let pid: pid_t
        do {
            pid = try spawn(
                ["git", "-C", directory] + Self.safetyOptions + arguments, output: outputPipe[1], errors: errorPipe[1])
        } catch {
            (outputPipe + errorPipe).forEach { close($0) }
            throw error
        }
        close(outputPipe[1])
        close(errorPipe[1])
        defer {
            close(outputPipe[0])
            close(errorPipe[0])
        }
        var output: [UInt8] = []
        var errors: [UInt8] = []
        let deadline = ContinuousClock.now + .seconds(timeLimit)
        var open = [outputPipe[0], errorPipe[0]]
        var buffer = [UInt8](repeating: 0, count: 16384)
        while !open.isEmpty {
            if ContinuousClock.now >= deadline {
                kill(pid, SIGKILL)
                _ = Self.exitStatus(of: pid)
                throw .timedOut(seconds: timeLimit)
            }
            var requests = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&requests, nfds_t(requests.count), 100)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { continue }
            for request in requests where request.revents != 0 {
                let count = buffer.withUnsafeMutableBytes { read(request.fd, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR || errno == EAGAIN { continue }
                guard count > 0 else {
                    open.removeAll { $0 == request.fd }
                    continue
                }
                if request.fd == outputPipe[0] {
                    output += buffer[0..<min(count, max(0, Self.outputLimit - output.count))]
                } else {
                    // The last lines are the ones that say what went wrong.
                    errors += buffer[0..<count]
                    if errors.count > Self.outputLimit { errors.removeFirst(errors.count - Self.outputLimit) }
                }
            }
        }
        return Outcome(
            status: Self.exitStatus(of: pid), output: String(decoding: output, as: UTF8.self),
            errorOutput: String(decoding: errors, as: UTF8.self))
    }

    private func spawn(_ arguments: [String], output: Int32, errors: Int32) throws(Failure) -> pid_t {
        // Darwin declares the spawn types as opaque pointers, Glibc and Musl as structs (as `ShellProcess` does).
        #if canImport(Darwin)
            var actions: posix_spawn_file_actions_t? = nil
            var attributes: posix_spawnattr_t? = nil
        #else
            var actions = posix_spawn_file_actions_t()
            var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output, 1)
        posix_spawn_file_actions_adddup2(&actions, errors, 2)
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // modgen ignores SIGPIPE for itself; git gets the default back.
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        let environmentLines = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environmentLines.map { strdup($0) } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        var pid = pid_t()
        var started = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        // A git just installed or replaced can still be open for writing in a process another thread forked
        // meanwhile: that is over within moments.
        for _ in 0..<20 where started == ETXTBSY {
            usleep(50_000)
            started = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        }
        guard started == 0 else {
            throw .cannotStart("cannot start \(executable): \(TextFile.systemErrorDescription(started))")
        }
        return pid
    }

    /// Waits for `pid` and returns its exit status (128 + the signal for one a signal ended).
    private static func exitStatus(of pid: pid_t) -> Int32 {
        var status: Int32 = 0
        var result: pid_t
        repeat { result = waitpid(pid, &status, 0) } while result < 0 && errno == EINTR
        guard result == pid else { return 127 }
        // The <sys/wait.h> macros are not imported into Swift: the low 7 bits hold the signal, the next 8 the code.
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }
}
