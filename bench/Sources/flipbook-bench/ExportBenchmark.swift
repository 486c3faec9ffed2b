import Flipbook
import Foundation

/// The whole `flipbook render` command against the encoder alone on the same frames: how close
/// the pipeline gets to the encoder's own limit (a ratio near 1 means rendering is hidden behind
/// encoding).
struct ExportBenchmark {
    let presetPath: String
    let preset: Preset
    let sampler: TimelineSampler
    let encoderPreset: String
    let workFolder: URL

    /// Wall time of `flipbook render` as a child process, as a user or build script runs it.
    func renderCommandSeconds() throws -> Double {
        let tool = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("flipbook")
        let process = Process()
        process.executableURL = tool
        process.arguments = [
            "render", presetPath, "-o", workFolder.appendingPathComponent("render.mp4").path,
            "--preset", encoderPreset, "--duration", String(sampler.durationSeconds), "--quiet",
        ]
        let elapsed = try seconds {
            try process.run()
            process.waitUntilExit()
        }
        guard process.terminationStatus == 0 else {
            throw BenchmarkError("flipbook render exited with \(process.terminationStatus)")
        }
        return elapsed
    }

    /// Every frame rendered and converted once, kept in memory for the encoder-only runs.
    func prerenderedFrames() -> [YUVFrame] {
        var rasterizer = Rasterizer()
        var pixmap = Pixmap(width: preset.width, height: preset.height)
        let size = CGSize(width: Double(preset.width), height: Double(preset.height))
        return sampler.frames.map { time in
            pixmap.clear(to: preset.background.premultiplied)
            preset.scene.displayList(size: size, time: time).render(into: &pixmap, using: &rasterizer)
            var frame = YUVFrame(width: preset.width, height: preset.height)
            YUVConverter.convert(pixmap, into: &frame)
            return frame
        }
    }

    /// Wall time of encoding `frames` with the same settings as the render, nothing else.
    func encoderOnlySeconds(_ frames: [YUVFrame]) throws -> Double {
        let settings = VideoEncoderSettings(
            width: preset.width, height: preset.height, frameRate: sampler.frameRate, crf: preset.crf,
            preset: encoderPreset)
        return try seconds {
            let encoder = try VideoEncoder(
                path: workFolder.appendingPathComponent("encoder.mp4").path, settings: settings)
            for frame in frames { try encoder.encode(frame) }
            try encoder.finish()
        }
    }
}

struct BenchmarkError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
