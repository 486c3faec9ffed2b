import Flipbook
import FlipbookTestSupport
import Foundation
import Testing

/// `flipbook farm slurm` on a real Slurm: a single-node cluster started on this machine
/// (`scripts/slurm-local.sh`: munged, slurmctld, slurmd from Debian's packages), a farm of four
/// chunks submitted with sbatch, the dependent join's file checked, the daemons stopped by PID.
@Suite(.serialized) struct SlurmFarmTests {
    private let runner = CommandRunner()

    /// Runs `arguments` with its output in the file `log` and waits for it with `waitpid`:
    /// the script leaves daemons behind, which Foundation's `Process` does not always survive
    /// (it can miss the script's exit).
    private static func runAndWait(_ arguments: String..., log: String) -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        var pid: pid_t = 0
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        guard posix_spawn(&pid, arguments[0], &actions, nil, argv, environ) == 0 else { return -1 }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        return (status & 0x7f) == 0 ? (status >> 8) & 0xff : -1
    }

    /// Runs `body` with the `slurm.conf` of a cluster started in `folder` for it, and stops the
    /// cluster's daemons after it.
    private static func withCluster(
        in folder: TemporaryDirectory, _ body: (_ conf: String) async throws -> Void
    ) async throws {
        let cluster = folder.path("cluster")
        let script = RepositoryPaths.path("scripts/slurm-local.sh")
        let status = runAndWait(script, "start", cluster, log: folder.path("start.log"))
        defer { _ = runAndWait(script, "stop", cluster, log: folder.path("stop.log")) }
        let startLog = (try? String(contentsOfFile: folder.path("start.log"), encoding: .utf8)) ?? ""
        try #require(status == 0, "the Slurm daemons did not start: \(startLog)")
        try await body(cluster + "/slurm.conf")
    }

    /// What a Slurm command printed (`squeue`, `scontrol`), run with the cluster's `conf`.
    private static func slurm(_ command: String, conf: String, in folder: TemporaryDirectory) -> String? {
        let file = folder.path("slurm-command.txt")
        let status = runAndWait("/bin/sh", "-c", "SLURM_CONF='\(conf)' \(command)", log: file)
        return status == 0 ? (try? String(contentsOfFile: file, encoding: .utf8)) : nil
    }

    @Test func aFarmOfFourChunksRendersOnSlurmAndJoins() async throws {
        let folder = TemporaryDirectory()
        try await Self.withCluster(in: folder) { conf in try await farmOfFourChunks(in: folder, conf: conf) }
    }

    private func farmOfFourChunks(in folder: TemporaryDirectory, conf: String) async throws {
        let preset = try folder.write(
            #"{"scene": "spirograph-morph", "width": 64, "height": 64, "fps": 30, "duration": 2, "output": {"preset": "ultrafast"}}"#,
            to: "p.json")
        // In a folder whose name sbatch would split (a space), read as a pattern (`%a`) and as
        // the end of a quoted argument (`"`): the scripts' `#SBATCH --output` lines quote it.
        let output = folder.path(#"out 100%a "q"/final.mp4"#)
        // With a soundtrack, which the join job mixes and encodes once over the whole video.
        let farmArguments = [
            "farm", "slurm", preset, "-o", output, "--chunks", "4", "--audio",
            RepositoryPaths.path("presets/assets/fanfare.flac"),
        ]
        let farm = try runner.run(farmArguments + ["--submit"], environment: ["SLURM_CONF": conf])
        #expect(farm.status == 0, "\(farm.standardError)")
        let ids = farm.standardOutput.split(separator: "\n").map { $0.split(separator: " ") }
        #expect(
            ids.count == 2 && ids[0].first == "render" && ids[1].first == "join", "\(farm.standardOutput)")
        // Wait for the queue to empty (the join runs last), at most 60 s.
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            let queue = Self.slurm("squeue -h", conf: conf, in: folder)
            if let queue, queue.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { break }
            try await Task.sleep(for: .milliseconds(500))  // off the cooperative pool's threads
        }
        let logs = (try? FileManager.default.contentsOfDirectory(atPath: output + ".farm/logs")) ?? []
        let logText = logs.compactMap {
            try? String(contentsOfFile: output + ".farm/logs/" + $0, encoding: .utf8)
        }
        .joined(separator: "\n")
        try #require(FileManager.default.fileExists(atPath: output), "no joined file; logs: \(logText)")
        var timestamps: [Int64] = []
        try VideoFileReader(path: output).forEachFrame { timestamps.append($0.timestamp) }
        let step = timestamps.count > 1 ? timestamps[1] : 0
        #expect(
            step > 0 && timestamps == (0..<60).map { Int64($0) * step }, "every frame once, in order, evenly")
        #expect(logs.filter { $0.hasPrefix("render-") }.count == 4)
        // The sound: AAC, the video's 2 s at 48 kHz to within one AAC frame (a decoder that
        // ignores the edit list keeps the last frame's padding).
        let sound = """
            import sys, json, av
            with av.open(sys.argv[1]) as c:
                s = c.streams.audio[0]
                print(json.dumps([s.codec_context.name, sum(f.samples for f in c.decode(s))]))
            """
        let audio = try IndependentDecoder.json(sound, [output]) as? [Any] ?? []
        let samples = audio.last as? Int ?? 0
        #expect(audio.first as? String == "aac" && (96_000...97_024).contains(samples), "\(audio)")
        // Submitting again renders nothing more: every chunk is there and valid.
        let again = try runner.run(farmArguments, environment: ["SLURM_CONF": conf])
        #expect(again.status == 0 && !again.standardOutput.contains("--array"), "\(again.standardOutput)")
        try FileManager.default.removeItem(atPath: output + ".farm/p/part-2.mp4")
        let resume = try runner.run(farmArguments, environment: ["SLURM_CONF": conf])
        #expect(resume.standardOutput.contains("--array=2 "), "\(resume.standardOutput)")
    }

    /// sbatch accepts the render array and refuses the join (the real sbatch, behind a wrapper
    /// on the PATH that sends the join to a partition the cluster does not have and holds the
    /// array back, so that it is still there to cancel): the farm cancels the array, says so,
    /// and fails; Slurm lists every task of the array as cancelled.
    @Test func aJoinSlurmRefusesCancelsTheSubmittedArray() async throws {
        let folder = TemporaryDirectory()
        try await Self.withCluster(in: folder) { conf in
            let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
            let real = path.split(separator: ":").map { "\($0)/sbatch" }.first {
                FileManager.default.isExecutableFile(atPath: $0)
            }
            let sbatch = try #require(real, "no sbatch on the PATH")
            try FileManager.default.createDirectory(
                atPath: folder.path("bin"), withIntermediateDirectories: true)
            let wrapper = try folder.write(
                """
                #!/bin/sh
                case "$*" in
                  *join.sh*) exec '\(sbatch)' --partition=nowhere "$@" ;;
                  *) exec '\(sbatch)' --begin=now+600 "$@" ;;
                esac
                """, to: "bin/sbatch")
            chmod(wrapper, 0o755)
            let preset = try folder.write(
                #"{"scene": "spirograph-morph", "width": 64, "height": 64, "fps": 30, "duration": 1}"#,
                to: "p.json")
            let farm = try runner.run(
                ["farm", "slurm", preset, "-o", folder.path("v.mp4"), "--chunks", "2", "--submit"],
                environment: ["SLURM_CONF": conf, "PATH": folder.path("bin") + ":" + path])
            #expect(farm.status == 70, "\(farm.standardError)")
            let message = farm.standardError
            let pattern = try Regex("submitted render array ([0-9]+), join refused: ")
            let id = try #require(message.firstMatch(of: pattern)?.output[1].substring, "\(message)")
            #expect(
                message.contains("nowhere") || message.contains("partition"), "sbatch's reason: \(message)")
            #expect(message.contains("; cancelled \(id)"), "\(message)")
            #expect(!farm.standardOutput.contains("join"), "\(farm.standardOutput)")
            let states = Self.slurm("squeue -h -t all -j \(id) -o %T", conf: conf, in: folder) ?? ""
            let listed = states.split(separator: "\n").map(String.init)
            #expect(!listed.isEmpty && listed.allSatisfy { $0 == "CANCELLED" }, "\(states)")
        }
    }
}
