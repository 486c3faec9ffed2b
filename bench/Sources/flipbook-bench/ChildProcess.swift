import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a command and reports its wall time, processor time and peak resident memory, from
/// `wait4`'s resource usage of exactly that child (Foundation's `Process` does not expose it) — taken by the
/// peak-memory launcher (`bench/peers/peak_rss.c`), which forks the command from a small process:
/// spawned from the benchmark itself, the command's figure would include the benchmark's own
/// peak (glibc spawns on a vfork sharing the benchmark's memory, and Linux carries its high-water
/// mark into the child).
struct ChildProcess {
    /// The launcher `bench/peers/setup.sh` compiles.
    private static let launcher = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent(".build/bench/peak_rss").path

    struct Outcome {
        var status: Int32
        var seconds: Double
        /// Peak resident set size, in mebibytes.
        var peakMemoryMiB: Double
        /// User and system time of the command and the threads it ran, in seconds.
        var processorSeconds: Double
        var standardOutput: String
    }

    /// Runs `arguments[0]` with the rest as arguments; stdout is captured, stderr inherited.
    static func run(_ arguments: [String]) throws -> Outcome {
        guard FileManager.default.isExecutableFile(atPath: launcher) else {
            throw BenchmarkError("\(launcher) is missing: run bench/peers/setup.sh (make bench does)")
        }
        let result = FileManager.default.temporaryDirectory.appendingPathComponent(
            "flipbook-bench-peak-\(getpid())"
        ).path
        defer { try? FileManager.default.removeItem(atPath: result) }
        let arguments = [launcher, result] + arguments
        var pipe: [Int32] = [0, 0]
        guard Glibc.pipe(&pipe) == 0 else { throw BenchmarkError("pipe failed") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
        posix_spawn_file_actions_addclose(&actions, pipe[0])
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        let start = DispatchTime.now().uptimeNanoseconds
        let spawned = posix_spawnp(&pid, arguments[0], &actions, nil, argv, environ)
        close(pipe[1])
        guard spawned == 0 else {
            close(pipe[0])
            throw BenchmarkError("cannot start \(arguments[0]): \(String(cString: strerror(spawned)))")
        }
        let output = FileHandle(fileDescriptor: pipe[0], closeOnDealloc: true).readDataToEndOfFile()
        var status: Int32 = 0
        _ = waitpid(pid, &status, 0)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        let usage = ((try? String(contentsOfFile: result, encoding: .utf8)) ?? "").split(separator: " ")
            .map { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        let kibibytes = usage.first ?? nil
        let processor = usage.count > 1 ? usage[1] : nil
        return Outcome(
            status: exitStatus, seconds: seconds, peakMemoryMiB: (kibibytes ?? .nan) / 1024,
            processorSeconds: processor ?? .nan,
            standardOutput: String(decoding: output, as: UTF8.self))
    }

    /// Runs and throws unless the command succeeded.
    static func check(_ arguments: [String]) throws -> Outcome {
        let outcome = try run(arguments)
        guard outcome.status == 0 else {
            throw BenchmarkError("\(arguments.joined(separator: " ")) exited with \(outcome.status)")
        }
        return outcome
    }

    /// Runs every command at once, each waited for on a thread of its own (a dispatch pool may
    /// run blocking waits one after another), and returns their outcomes in order; throws as
    /// `check` does for the first that failed.
    static func checkAll(_ commands: [[String]]) throws -> [Outcome] {
        let outcomes = Mutex([Result<Outcome, Error>?](repeating: nil, count: commands.count))
        let finished = DispatchGroup()
        for (index, command) in commands.enumerated() {
            finished.enter()
            Thread {
                let outcome = Result { try check(command) }
                outcomes.withLock { $0[index] = outcome }
                finished.leave()
            }.start()
        }
        finished.wait()
        return try outcomes.withLock { $0 }.map { try $0!.get() }
    }
}

struct BenchmarkError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
