#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Another program run by modgen (a hook's shell, git): started with `posix_spawn` — no shell of its own, so no
/// argument is ever parsed as shell syntax — with exactly the environment given, standard input `/dev/null` (a
/// program that asks a question gets an end of file instead of waiting for an answer that cannot come), SIGPIPE
/// back at its default, and an optional time limit. Foundation's `Process` is not part of FoundationEssentials.
///
/// Its output is handed over as it arrives. The run ends when the program exits, not when its pipes close: a
/// process it left running in the background (`sleep 20 &`, a file watcher) holds them open for as long as it lives.
/// What is in the pipes when the program exits is still handed over, up to `drainLimit` bytes.
public struct ChildProcess {
    /// Where a chunk of output came from.
    public enum Stream: Sendable {
        case output
        /// Standard error; with `mergesErrors`, both streams arrive as `.output`, in the order they were written.
        case errors
    }

    /// How the program ended.
    public enum Termination: Equatable, Sendable {
        case exited(Int32)
        case signaled(Int32)

        /// As a shell reports it: the exit code, or 128 + the signal.
        public var status: Int32 {
            switch self {
            case .exited(let code): code
            case .signaled(let signal): 128 + signal
            }
        }
    }

    public enum Failure: Error, Equatable {
        /// A pipe could not be made or the program could not be started (`errno`; `E2BIG`: arguments and
        /// environment are more than the system lets a new process have).
        case cannotStart(errorNumber: Int32)
        /// The time limit passed: the program was killed.
        case timedOut
    }

    /// The program's absolute path.
    public var executable: String
    /// Its arguments, `arguments[0]` (the name it is called by) included.
    public var arguments: [String]
    /// Its whole environment.
    public var environment: [String: String]
    /// Standard error joins standard output in one pipe, so the two keep the order they were written in.
    public var mergesErrors = false
    /// How long it may run before it is killed (SIGKILL); nil for no limit.
    public var timeLimit: Duration?

    /// The most handed over once the program has exited: what background processes write after that is theirs.
    public static let drainLimit = 1024 * 1024
    /// How long a wait for output lasts before modgen looks again whether the program has exited.
    private static let exitCheckInterval: Int32 = 50

    public init(
        executable: String, arguments: [String], environment: [String: String], mergesErrors: Bool = false,
        timeLimit: Duration? = nil
    ) {
        self.executable = executable
        self.arguments = arguments
        self.environment = environment
        self.mergesErrors = mergesErrors
        self.timeLimit = timeLimit
    }

    /// Runs the program until it exits, handing each chunk of output to `receive` as it arrives.
    public func run(receive: (Stream, ArraySlice<UInt8>) -> Void) throws(Failure) -> Termination {
        var outputPipe: [Int32] = [0, 0]
        var errorPipe: [Int32] = [-1, -1]
        guard pipe(&outputPipe) == 0 else { throw .cannotStart(errorNumber: errno) }
        if !mergesErrors, pipe(&errorPipe) != 0 {
            let failure = errno
            outputPipe.forEach { close($0) }
            throw .cannotStart(errorNumber: failure)
        }
        let ends = (outputPipe + errorPipe).filter { $0 >= 0 }
        // Not inherited by processes other threads start meanwhile: they would hold the pipes open.
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let pid: pid_t
        do {
            pid = try spawn(output: outputPipe[1], errors: mergesErrors ? outputPipe[1] : errorPipe[1])
        } catch {
            ends.forEach { close($0) }
            throw error
        }
        close(outputPipe[1])
        if !mergesErrors { close(errorPipe[1]) }
        let readEnds = mergesErrors ? [outputPipe[0]] : [outputPipe[0], errorPipe[0]]
        defer { readEnds.forEach { close($0) } }
        let deadline = timeLimit.map { ContinuousClock.now + $0 }
        return try forward(from: readEnds, of: pid, until: deadline) { descriptor, bytes in
            receive(descriptor == outputPipe[0] ? .output : .errors, bytes)
        }
    }

    /// Hands the pipes' bytes over until the program has exited and the pipes hold nothing more (or their writers
    /// are gone, or `drainLimit` bytes came after the exit).
    private func forward(
        from descriptors: [Int32], of pid: pid_t, until deadline: ContinuousClock.Instant?,
        receive: (Int32, ArraySlice<UInt8>) -> Void
    ) throws(Failure) -> Termination {
        var buffer = [UInt8](repeating: 0, count: 65536)
        var open = descriptors
        var termination: Termination?
        var drained = 0
        // Microseconds between looks at a program whose pipes are closed.
        var reapInterval: UInt32 = 100
        while termination == nil || (!open.isEmpty && drained < Self.drainLimit) {
            if termination == nil, let deadline, ContinuousClock.now >= deadline {
                kill(pid, SIGKILL)
                _ = Self.termination(of: pid, waiting: true)
                throw .timedOut
            }
            guard !open.isEmpty else {
                // Its pipes are closed and it has not been reaped: it is exiting, or it closed them and runs on.
                // Without a time limit, wait for it. With one, look again soon, then less and less often (one that
                // runs on may run long), up to `exitCheckInterval`: a fixed sleep cost every run its length.
                guard deadline != nil else { return Self.termination(of: pid, waiting: true) ?? .exited(127) }
                usleep(reapInterval)
                reapInterval = min(reapInterval * 2, UInt32(Self.exitCheckInterval) * 1000)
                termination = Self.termination(of: pid, waiting: false)
                continue
            }
            var requests = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&requests, nfds_t(requests.count), termination == nil ? Self.exitCheckInterval : 0)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else {
                // Nothing to read now: after the exit that is the end; before it, look whether it has exited.
                if let termination { return termination }
                termination = Self.termination(of: pid, waiting: ready < 0)
                continue
            }
            for request in requests where request.revents != 0 {
                let count = buffer.withUnsafeMutableBytes { read(request.fd, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR || errno == EAGAIN { continue }
                // The end of a pipe: every writer of it is gone.
                guard count > 0 else {
                    open.removeAll { $0 == request.fd }
                    continue
                }
                receive(request.fd, buffer[0..<count])
                if termination != nil { drained += count }
            }
            // A background process that never stops writing must not keep modgen from seeing the exit.
            if termination == nil { termination = Self.termination(of: pid, waiting: false) }
        }
        return termination!
    }

    private func spawn(output: Int32, errors: Int32) throws(Failure) -> pid_t {
        // Darwin declares both spawn types as opaque pointers (the `init` functions allocate), Glibc and Musl as
        // structs the caller provides.
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
        // modgen ignores SIGPIPE for itself (StandardStreams); the program gets the default back, as a shell gives
        // it, and no signal blocked.
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
        // A program just installed or replaced can still be open for writing in a process another thread forked
        // meanwhile: that is over within moments.
        for _ in 0..<20 where started == ETXTBSY {
            usleep(50_000)
            started = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        }
        guard started == 0 else { throw .cannotStart(errorNumber: started) }
        return pid
    }

    /// How the program ended, or nil while it runs (`waiting` false); one that cannot be waited for counts as
    /// exited with 127.
    private static func termination(of pid: pid_t, waiting: Bool) -> Termination? {
        var status: Int32 = 0
        var result: pid_t
        repeat { result = waitpid(pid, &status, waiting ? 0 : WNOHANG) } while result < 0 && errno == EINTR
        if result == 0 { return nil }
        guard result == pid else { return .exited(127) }
        // The <sys/wait.h> macros are not imported into Swift: the low 7 bits hold the signal, the next 8 the code.
        let signal = status & 0x7F
        return signal == 0 ? .exited((status >> 8) & 0xFF) : .signaled(signal)
    }
}
