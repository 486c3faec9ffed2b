import FlipbookTestSupport
import Foundation

/// A `flipbook preview` of a copy of `presets/launch.json` (with its assets) in a folder of its
/// own, on a free port: one per suite, stopped with Ctrl-C at its end. The copy is half the size
/// and half the length (960 × 540, 3 s: 90 frames), so that its export takes seconds.
final class PreviewServer {
    let folder: TemporaryDirectory
    let command: RunningCommand
    let port: Int
    /// The copied preset.
    var presetPath: String { folder.url.appendingPathComponent("launch.json").path }
    var url: String { "http://127.0.0.1:\(port)/" }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    init(extraArguments: [String] = []) throws {
        folder = TemporaryDirectory("flipbook-preview")
        let presets = RepositoryPaths.path("presets")
        let original = try String(contentsOfFile: "\(presets)/launch.json", encoding: .utf8)
        let smaller = original.replacingOccurrences(
            of: #""width": 1920, "height": 1080, "fps": 30, "duration": 6"#,
            with: #""width": 960, "height": 540, "fps": 30, "duration": 3"#)
        guard smaller != original else { throw Failure(description: "launch.json's size line changed") }
        try smaller.write(
            to: folder.url.appendingPathComponent("launch.json"), atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(
            atPath: "\(presets)/assets", toPath: folder.url.appendingPathComponent("assets").path)
        // The preset names the schema beside the presets; the copy's is not there, which is fine.
        command = try CommandRunner().start(
            ["preview", folder.url.appendingPathComponent("launch.json").path, "--port", "0"] + extraArguments
        )
        guard command.waitForOutputLine(containing: "flipbook preview: http://") else {
            let result = command.wait()
            throw Failure(description: "the preview did not start: \(result.standardError)")
        }
        let line =
            command.outputSoFar.split(separator: "\n").first { $0.contains("flipbook preview: http://") }
            ?? ""
        guard let match = line.firstMatch(of: /127\.0\.0\.1:(\d+)\//), let port = Int(match.1) else {
            throw Failure(description: "no port in \"\(line)\"")
        }
        self.port = port
    }

    /// Stops the server with Ctrl-C and returns how it ended.
    func stop() -> CommandRunner.Result {
        command.interrupt()
        return command.wait()
    }
}
