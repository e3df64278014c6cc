import CStrataServerProtocol
import CWaylandServer
#if canImport(Glibc)
import Glibc
#endif

/// A process the compositor started with posix_spawn: standard input,
/// output and error as the compositor's, the descriptors it is handed at
/// the numbers asked for, nothing else. Its end is noticed on the event
/// loop through a pidfd, and its status reported there.
final class SpawnedProcess {
    let pid: pid_t
    private let onExit: (SpawnedProcess, Int32) -> Void
    private var pidfd: Int32 = -1
    private var source: OpaquePointer?

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Starts `executable` (a path) with `arguments` (without argv[0], which
    /// is the path) and exactly `environment`. `inherited` maps a number in
    /// the child to a descriptor of the compositor's, which the child gets
    /// there (the compositor keeps its own). `onExit` runs on the loop with
    /// the exit status, 128 + the signal when a signal ended it.
    init(loop: OpaquePointer, executable: String, arguments: [String], environment: [String: String],
         inherited: [Int32: Int32] = [:], onExit: @escaping (SpawnedProcess, Int32) -> Void) throws {
        self.onExit = onExit
        pid = try SpawnedProcess.spawn(executable, arguments, environment, inherited)
        watch(on: loop)
    }

    private static func spawn(_ executable: String, _ arguments: [String], _ environment: [String: String],
                              _ inherited: [Int32: Int32]) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // Each source is first copied above every target number, so that
        // placing one cannot overwrite another still to be placed; dup2 in
        // the child clears close-on-exec on the target.
        let firstFree = (inherited.keys.max() ?? 2) + 1
        var copies: [Int32] = []
        defer { for copy in copies { close(copy) } }
        for (target, source) in inherited.sorted(by: { $0.key < $1.key }) {
            let copy = fcntl(source, F_DUPFD_CLOEXEC, max(firstFree, 10))
            guard copy >= 0 else { throw Failure(description: "cannot pass descriptor \(source): \(String(cString: strerror(errno)))") }
            copies.append(copy)
            posix_spawn_file_actions_adddup2(&actions, copy, target)
        }
        // Whatever else the compositor has open, even without close-on-exec, stays with it.
        strata_spawn_close_from(&actions, firstFree)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The signals the compositor blocks (it takes SIGINT and SIGTERM
        // through a signalfd) and ignores (SIGPIPE) are not the client's;
        // its own process group, as Foundation's Process gives.
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for string in argv { free(string) }
            for string in envp { free(string) }
        }
        var pid: pid_t = 0
        let error = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard error == 0 else { throw Failure(description: "cannot start \(executable): \(String(cString: strerror(error)))") }
        return pid
    }

    private func watch(on loop: OpaquePointer) {
        pidfd = strata_pidfd_open(pid)
        if pidfd >= 0 {
            source = wl_event_loop_add_fd(loop, pidfd, UInt32(WL_EVENT_READABLE), { _, _, data in
                Unmanaged<SpawnedProcess>.fromOpaque(data!).takeUnretainedValue().reap()
                return 0
            }, Unmanaged.passUnretained(self).toOpaque())
        }
        if source == nil {
            // No pidfds (Linux before 5.3): a loop timer asks every half second.
            source = wl_event_loop_add_timer(loop, { data in
                Unmanaged<SpawnedProcess>.fromOpaque(data!).takeUnretainedValue().reap()
                return 0
            }, Unmanaged.passUnretained(self).toOpaque())
            if let source { wl_event_source_timer_update(source, 500) }
        }
    }

    private func reap() {
        var status: Int32 = 0
        let reaped = waitpid(pid, &status, WNOHANG)
        guard reaped == pid else {
            if reaped == 0, pidfd < 0, let source { wl_event_source_timer_update(source, 500) }
            if reaped < 0 && errno != EINTR { finish(status: 127) }
            return
        }
        // WIFSIGNALED and WTERMSIG are macros: the low seven bits are the signal, the next byte the exit status.
        let signal = status & 0x7f
        finish(status: signal == 0 ? (status >> 8) & 0xff : 128 + signal)
    }

    private func finish(status: Int32) {
        stopWatching()
        onExit(self, status)
    }

    /// Stops watching (the process runs on unwatched); at shutdown.
    func stopWatching() {
        if let source { wl_event_source_remove(source) }
        source = nil
        if pidfd >= 0 { close(pidfd) }
        pidfd = -1
    }

    deinit { stopWatching() }
}
