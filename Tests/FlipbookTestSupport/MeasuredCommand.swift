import Foundation

/// Runs the built `flipbook` as a child process and measures it, for tests that hold a render to
/// a memory and time budget: its exit status and output, its peak resident memory and its wall
/// time.
///
/// The peak is the child's own: the high-water mark of its program's memory (`VmHWM` in
/// `/proc/PID/status`, which a new program starts afresh), read every 5 ms while it runs — so
/// what it gains in its last few milliseconds may be missed. `ru_maxrss` from `wait4` is not the
/// child's: Linux folds the memory a process had before `execve` into it, and a child spawned
/// from this test process starts with the test process's memory — a large test run made every
/// child look as large as itself. (`getrusage(RUSAGE_CHILDREN)` is worse still: it keeps the
/// largest of every child waited for.)
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
        var timedOut = false
        var highWater = 0
        while true {
            highWater = max(highWater, Self.highWaterBytes(of: pid) ?? 0)
            let waited = wait4(pid, &status, WNOHANG, nil)
            if waited == pid { break }
            if waited < 0, errno != EINTR {
                throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "wait4: \(errno)"])
            }
            if !timedOut, Date().timeIntervalSince(start) > timeLimit {
                timedOut = true
                kill(pid, SIGKILL)
            }
            usleep(5_000)
        }
        let seconds = Date().timeIntervalSince(start)
        // The wait status's own layout (sys/wait.h): the low seven bits hold the signal that
        // ended the process, zero when it exited; the exit status is the next byte.
        let signal = status & 0x7F
        return MeasuredCommand(
            status: signal == 0 ? (status >> 8) & 0xFF : -1, exited: signal == 0, timedOut: timedOut,
            standardOutput: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
            standardError: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "",
            peakBytes: highWater, seconds: seconds)
    }

    /// The `VmHWM` line of `/proc/PID/status` in bytes: the most memory the process's current
    /// program has had resident; `nil` once it has exited.
    private static func highWaterBytes(of pid: pid_t) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
        else { return nil }
        return kilobytes * 1024
    }
}
