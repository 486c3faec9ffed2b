import Flipbook
import Foundation

/// Section 4: wall time of `flipbook render` (confetti 200, 1080p60, x264 veryfast, CRF 18)
/// against (a) the encoder alone — the ffmpeg CLI reading the same frames as raw YUV from disk —
/// and (b) the pipeline people build by hand: Cairo frames piped into the ffmpeg CLI.
struct ExportSection {
    let context: BenchmarkContext

    func run(into results: inout BenchmarkResults) throws -> Table {
        let seconds = context.quick ? 1.0 : 3.0
        let frames = Int(seconds * 60)
        let preset = context.path("bench/presets/confetti_200.json")
        let raw = context.scratch("confetti_200.yuv")
        try writeRawFrames(count: frames, to: raw)
        let commands: [(String, [String])] = [
            (
                "flipbook render",
                [
                    context.flipbook, "render", preset, "-o", context.scratch("flipbook.mp4"), "--duration",
                    String(seconds), "--quiet",
                ]
            ),
            (
                "encoder alone (ffmpeg CLI, raw YUV in)",
                [
                    "ffmpeg", "-loglevel", "error", "-y", "-f", "rawvideo", "-pix_fmt", "yuv420p", "-s",
                    "1920x1080",
                    "-r", "60", "-i", raw, "-c:v", "libx264", "-preset", "veryfast", "-crf", "18",
                    "-movflags", "+faststart", context.scratch("encoder.mp4"),
                ]
            ),
            (
                "Cairo → ffmpeg CLI pipe",
                [
                    context.python, context.peer("cairo_to_ffmpeg.py"), "--frames", String(frames),
                    "--preset", "veryfast", "--crf", "18", context.scratch("cairo.mp4"),
                ]
            ),
        ]
        var samples = Array(repeating: Samples(), count: commands.count)
        for _ in 0..<context.rounds {
            for (index, command) in commands.enumerated() {
                samples[index].add(try ChildProcess.check(command.1).seconds)
            }
        }
        let flipbook = samples[0].median
        var table = Table(
            title:
                "Export: wall time of \(frames) frames 1920×1080 at 60 fps, x264 veryfast CRF 18 (s, median (min–max))",
            columns: ["pipeline", "seconds", "its time ÷ flipbook render"])
        for (index, command) in commands.enumerated() {
            table.add([
                command.0, formatted(samples[index], digits: 2),
                String(format: "%.2f", samples[index].median / flipbook),
            ])
        }
        results.export = .init(
            seconds: Dictionary(uniqueKeysWithValues: zip(commands.map(\.0), samples.map(\.figure))))
        results.ratios.append(
            Ratio(label: "export vs Cairo→ffmpeg pipe", value: samples[2].median / flipbook))
        results.ratios.append(Ratio(label: "export vs encoder alone", value: samples[1].median / flipbook))
        return table
    }

    /// Flipbook's frames of the same preset, converted to yuv420p and written back to back.
    private func writeRawFrames(count: Int, to path: String) throws {
        let scene = BenchmarkScene.confetti200
        var pixmap = Pixmap(width: BenchmarkScene.width, height: BenchmarkScene.height)
        var rasterizer = Rasterizer()
        var frame = YUVFrame(width: pixmap.width, height: pixmap.height)
        guard FileManager.default.createFile(atPath: path, contents: nil),
            let handle = FileHandle(forWritingAtPath: path)
        else { throw BenchmarkError("cannot write \(path)") }
        defer { try? handle.close() }
        for index in 0..<count {
            scene.render(frame: index, into: &pixmap, using: &rasterizer)
            YUVConverter.convert(pixmap, into: &frame)
            try handle.write(contentsOf: Data(frame.luma) + Data(frame.chromaBlue) + Data(frame.chromaRed))
        }
    }
}
