import Flipbook
import Foundation

/// Section 4: wall time of `flipbook render` (confetti 200, 1080p60, x264 veryfast, CRF 18)
/// against (a) the encoder alone — the ffmpeg CLI reading the same frames as raw YUV from disk,
/// with x264's thread count as ours — and (b) the pipeline people build by hand: Cairo frames
/// piped into the ffmpeg CLI, with its defaults. `flipbook render` turns transparent huge pages
/// off for itself before x264 starts (`AllocatorTuning.avoidHugePages`); a third row runs the
/// encoder alone so too, to show what that choice is worth apart from the rest. A last row gives
/// the pipe's time over the encoder's: since `flipbook render` runs the same encoder, that is as
/// high as the Cairo ratio can go on the host.
struct ExportSection {
    let context: BenchmarkContext

    func run(into results: inout BenchmarkResults) throws -> Table {
        let seconds = context.quick ? 1.0 : 3.0
        let frames = Int(seconds * 60)
        let preset = context.path("bench/presets/confetti_200.json")
        let raw = context.scratch("confetti_200.yuv")
        try writeRawFrames(count: frames, to: raw)
        let encoder = [
            "ffmpeg", "-loglevel", "error", "-y", "-f", "rawvideo", "-pix_fmt", "yuv420p", "-s", "1920x1080",
            "-r", "60", "-i", raw, "-c:v", "libx264", "-preset", "veryfast", "-crf", "18",
            "-threads", String(EncodingOptions.defaultEncoderThreads), "-movflags", "+faststart",
        ]
        // prctl(PR_SET_THP_DISABLE = 41, 1), then the encoder in the same process.
        let withoutHugePages = [
            context.python, "-c",
            "import ctypes, os, sys; ctypes.CDLL(None).prctl(41, 1, 0, 0, 0); os.execvp(sys.argv[1], sys.argv[1:])",
        ]
        let commands: [(String, [String])] = [
            (
                "flipbook render",
                [
                    context.flipbook, "render", preset, "-o", context.scratch("flipbook.mp4"), "--duration",
                    String(seconds), "--quiet",
                ]
            ),
            ("encoder alone (ffmpeg CLI, raw YUV in)", encoder + [context.scratch("encoder.mp4")]),
            (
                "Cairo → ffmpeg CLI pipe",
                [
                    context.python, context.peer("cairo_to_ffmpeg.py"), "--frames", String(frames),
                    "--preset", "veryfast", "--crf", "18", context.scratch("cairo.mp4"),
                ]
            ),
            (
                "encoder alone, huge pages off as flipbook runs",
                withoutHugePages + encoder + [context.scratch("encoder-small-pages.mp4")]
            ),
        ]
        var samples = Array(repeating: Samples(), count: commands.count)
        for round in 0..<context.rounds {
            // Each round starts with another pipeline, so a host slowing down within rounds
            // does not always fall on the same one.
            for step in commands.indices {
                let index = (step + round) % commands.count
                samples[index].add(try ChildProcess.check(commands[index].1).seconds)
            }
        }
        // Each pipeline's time over flipbook render's, median of the rounds' ratios.
        let ratios = samples.map { $0.medianRatio(over: samples[0]) }
        let targets: [Double?] = [nil, Self.encoderTarget, Self.cairoTarget, nil]
        var table = Table(
            title:
                "Export: wall time of \(frames) frames 1920×1080 at 60 fps, x264 veryfast CRF 18 (s, median (min–max); "
                + "ratios: median of each round's)",
            columns: ["pipeline", "seconds", "its time ÷ flipbook render", "target"])
        for (index, command) in commands.enumerated() {
            table.add([
                command.0, formatted(samples[index], digits: 2), String(format: "%.2f", ratios[index]),
                targets[index].map {
                    String(format: "≥ %.2f: %@", $0, ratios[index] >= $0 ? "met" : "not met")
                }
                    ?? "",
            ])
        }
        // `flipbook render` runs the encoder, so it cannot take less time than the encoder alone:
        // the pipe's time over the encoder's is the most the Cairo ratio can reach on this host.
        table.add([
            "bound: Cairo pipe ÷ encoder alone (the Cairo ratio if flipbook render took the encoder's time)",
            "", String(format: "%.2f", samples[2].medianRatio(over: samples[1])), "",
        ])
        results.export = .init(
            seconds: Dictionary(uniqueKeysWithValues: zip(commands.map(\.0), samples.map(\.figure))))
        results.ratios.append(Ratio(label: "export vs Cairo→ffmpeg pipe", value: ratios[2]))
        results.ratios.append(Ratio(label: "export vs encoder alone", value: ratios[1]))
        return table
    }

    /// The speed issue's targets, as the encoder's and the Cairo pipeline's time over ours:
    /// `flipbook render` at most 1.05 × the encoder alone, and at least twice as fast as Cairo
    /// piped into the ffmpeg CLI.
    static let encoderTarget = 1 / 1.05
    static let cairoTarget = 2.0

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
