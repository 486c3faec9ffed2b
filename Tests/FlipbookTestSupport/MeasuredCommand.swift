import Foundation

/// Runs the built `flipbook` as a child process and measures it, for tests that hold a render to
/// a memory and time budget: its exit status and output, its peak resident memory — the
/// child's own `ru_maxrss`, as `wait4` reports it for that process alone (unlike
/// `getrusage(RUSAGE_CHILDREN)`, which keeps the largest of every child the test process has
/// waited for) — and its wall time.
///
/// Spawned with `posix_spawn` and waited for with `wait4` on its own process id, so Foundation's
/// `Process`, which reaps only the processes it started, never takes its status.
public struct MeasuredCommand: Sendable {
    public var status: Int32
    /// Whether it ended by `exit` (not by a signal, nor killed at the time limit).
    public var exited: Bool
    public var timedOut: Bool
    public var standardOutput: String
    public var standardError: String
    /// Its peak resident memory, bytes.
    public var peakBytes: Int
    public var seconds: Double

    /// Runs `flipbook arguments…` (paths in them absolute: it runs in the test's folder), killing
    /// it past `timeLimit` seconds.
    public static func run(_ arguments: [String], timeLimit: Double) throws -> MeasuredCommand {
        let folder = TemporaryDirectory("flipbook-measured")
        let (outPath, errPath) = (folder.path("stdout"), folder.path("stderr"))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        let executable = CommandRunner.executable.path
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid = pid_t()
        let start = Date()
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        guard spawned == 0 else {
            throw CocoaError(
                .executableLoad, userInfo: [NSLocalizedDescriptionKey: "posix_spawn: \(spawned)"])
        }
        var status: Int32 = 0
        var usage = rusage()
        var timedOut = false
        while true {
            let waited = wait4(pid, &status, WNOHANG, &usage)
            if waited == pid { break }
            if waited < 0, errno != EINTR {
                throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "wait4: \(errno)"])
            }
            if !timedOut, Date().timeIntervalSince(start) > timeLimit {
                timedOut = true
                kill(pid, SIGKILL)
            }
            usleep(10_000)
        }
        let seconds = Date().timeIntervalSince(start)
        // The wait status's own layout (sys/wait.h): the low seven bits hold the signal that
        // ended the process, zero when it exited; the exit status is the next byte.
        let signal = status & 0x7F
        return MeasuredCommand(
            status: signal == 0 ? (status >> 8) & 0xFF : -1, exited: signal == 0, timedOut: timedOut,
            standardOutput: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
            standardError: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "",
            // Linux reports ru_maxrss in kilobytes.
            peakBytes: Int(usage.ru_maxrss) * 1024, seconds: seconds)
    }
}
