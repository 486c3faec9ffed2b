import FlipbookTestSupport
import Foundation

/// A `flipbook preview` of a copy of `presets/launch.json` (with its assets) in a folder of its
/// own, on a free port: one per suite, stopped with Ctrl-C at its end.
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
        try FileManager.default.copyItem(
            atPath: "\(presets)/launch.json", toPath: folder.url.appendingPathComponent("launch.json").path)
        try FileManager.default.copyItem(
            atPath: "\(presets)/assets", toPath: folder.url.appendingPathComponent("assets").path)
        // The preset names the schema beside the presets; the copy's is not there, which is fine.
        command = try CommandRunner().start(
            ["preview", folder.url.appendingPathComponent("launch.json").path, "--port", "0"] + extraArguments)
        guard command.waitForOutputLine(containing: "flipbook preview: http://") else {
            let result = command.wait()
            throw Failure(description: "the preview did not start: \(result.standardError)")
        }
        let line = command.outputSoFar.split(separator: "\n").first { $0.contains("flipbook preview: http://") } ?? ""
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
