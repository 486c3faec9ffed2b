import Flipbook
import FlipbookTestSupport
import Foundation
import Testing

/// Chunked renders and their join, checked through PyAV: closed GOPs and identical parameters,
/// refusals, frame-exact equality for intra codecs, no seam and a PSNR bound for inter codecs,
/// the sound encoded once across the boundaries.
@Suite struct ScaleOutTests {
    private let runner = CommandRunner()

    /// A small preset that changes every frame: 48×48, 30 fps, 2 s.
    private func preset(_ folder: TemporaryDirectory, audio: String? = nil) throws -> String {
        try folder.write(
            """
            {"scene": "spirograph-morph", "width": 48, "height": 48, "fps": 30, "duration": 2,
             "output": {"preset": "ultrafast"}\(audio.map { ", \"audio\": \($0)" } ?? "")}
            """, to: "p.json")
    }

    /// Renders chunks 0..<count of `preset` as `part-K.EXT`; returns their paths.
    private func chunks(
        _ folder: TemporaryDirectory, _ preset: String, ext: String, count: Int, extra: [String] = []
    )
        throws -> [String]
    {
        try (0..<count).map { index in
            let path = folder.path("part-\(index).\(ext)")
            let result = try runner.run(
                ["render", preset, "-o", path, "--chunk", "\(index)/\(count)"] + extra)
            #expect(result.status == 0, "\(result.standardError)")
            return path
        }
    }

    /// PyAV: per decoded frame, its timestamp in frames, whether it is a key frame, and a hash
    /// of its pixels; plus the luma of every frame for PSNR.
    private func frames(_ path: String) throws -> (times: [Int], keys: [Bool], hashes: [String]) {
        let script = """
            import sys, json, av, hashlib
            with av.open(sys.argv[1]) as c:
                s = c.streams.video[0]
                rate = s.average_rate
                out = []
                for f in c.decode(s):
                    out.append([round(float(f.pts * s.time_base * rate)), bool(f.key_frame),
                                hashlib.md5(b"".join(bytes(p) for p in f.planes)).hexdigest()])
            print(json.dumps(out))
            """
        let rows = try IndependentDecoder.json(script, [path]) as? [[Any]] ?? []
        return (
            rows.map { $0[0] as? Int ?? -1 }, rows.map { $0[1] as? Bool ?? false },
            rows.map { $0[2] as? String ?? "" }
        )
    }

    /// The lowest per-frame PSNR (dB, luma) between two videos of the same frames.
    private func minimumPSNR(_ a: String, _ b: String) throws -> Double {
        let script = """
            import sys, json, av, numpy as np
            def luma(path):
                with av.open(path) as c:
                    return [f.to_ndarray(format="gray").astype(np.float64) for f in c.decode(c.streams.video[0])]
            a, b = luma(sys.argv[1]), luma(sys.argv[2])
            worst = 1000.0
            for x, y in zip(a, b):
                mse = np.mean((x - y) ** 2)
                worst = min(worst, 100.0 if mse == 0 else 10 * np.log10(255 ** 2 / mse))
            print(json.dumps([worst, len(a), len(b)]))
            """
        let result = try IndependentDecoder.json(script, [a, b]) as? [Double] ?? []
        #expect(result.count == 3 && result[1] == result[2])
        return result.first ?? 0
    }

    @Test(arguments: ["mp4", "webm", "mov"])
    func chunksStartOnKeyFramesWithIdenticalParametersAndJoinWithoutASeam(ext: String) throws {
        let folder = TemporaryDirectory()
        let preset = try preset(folder)
        let parts = try chunks(folder, preset, ext: ext, count: 3)
        let files = try parts.map { try ChunkFile(path: $0) }
        #expect(Set(files.map(\.parameters)).count == 1, "identical codec parameters")
        var chunkHashes: [String] = []
        for (index, part) in parts.enumerated() {
            let decoded = try frames(part)
            let range = TimelineSampler.chunk(index, of: 3, frames: 60)!
            #expect(decoded.times == Array(range), "chunk \(index) keeps the whole video's timestamps")
            #expect(decoded.keys.first == true, "chunk \(index) starts on a key frame")
            chunkHashes += decoded.hashes
        }
        // Shuffled names: the order comes from the stamps.
        let output = folder.path("joined.\(ext)")
        let result = try runner.run(["join", parts[2], parts[0], parts[1], "-o", output, "--verify"])
        #expect(result.status == 0, "\(result.standardError)")
        let joined = try frames(output)
        #expect(joined.times == Array(0..<60), "no frame repeated, dropped or re-timed")
        #expect(joined.hashes == chunkHashes, "the joined file's frames are the chunks' frames")
        let single = folder.path("single.\(ext)")
        #expect(try runner.run(["render", preset, "-o", single]).status == 0)
        if ext == "mov" {
            #expect(joined.hashes == (try frames(single)).hashes, "ProRes: identical to a single render")
        } else {
            #expect(try minimumPSNR(output, single) >= 35, "within the documented PSNR of a single render")
        }
    }

    /// HEVC (x265 opens its GOPs unless told not to) and AV1 chunks start on key frames that
    /// reference nothing before them, and join as MP4 with their Apple-player tags.
    @Test(arguments: [("hevc", "hvc1"), ("av1", "av01")])
    func chunksAreClosedGOPsThatJoin(format: String, tag: String) throws {
        let folder = TemporaryDirectory()
        let preset = try preset(folder)
        let parts = try chunks(
            folder, preset, ext: "mp4", count: 2, extra: ["--format", format, "--size", "64x48"])
        for part in parts { #expect(try frames(part).keys.first == true) }
        let output = folder.path("joined.mp4")
        let result = try runner.run(["join"] + parts + ["-o", output, "--verify"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try frames(output).times == Array(0..<60))
        #expect(try VideoFileReader(path: output).info.codecTag == tag)
    }

    @Test func pngSequenceChunksJoinIntoTheSingleRendersFrames() throws {
        let folder = TemporaryDirectory()
        let preset = try preset(folder)
        for index in 0..<3 {
            #expect(
                try runner.run([
                    "render", preset, "-o", folder.path("seq\(index)") + "/", "--chunk", "\(index)/3",
                ]).status == 0)
        }
        #expect(
            try runner.run([
                "join", folder.path("seq1"), folder.path("seq0"), folder.path("seq2"), "-o",
                folder.path("all") + "/",
            ]).status == 0)
        #expect(try runner.run(["render", preset, "-o", folder.path("single") + "/"]).status == 0)
        let names = (0..<60).map { String(format: "%05d.png", $0) }
        for name in names {
            let joined = try Data(contentsOf: URL(fileURLWithPath: folder.path("all/all_\(name)")))
            let single = try Data(contentsOf: URL(fileURLWithPath: folder.path("single/single_\(name)")))
            #expect(joined == single, "frame \(name)")
        }
    }

    @Test func farmWritesOnlyIntoItsOwnWorkFolderAndDryRunWritesNothing() throws {
        let folder = TemporaryDirectory()
        let preset = try preset(folder)
        let mine = try folder.write("echo mine", to: "render.sh")
        let refused = try runner.run([
            "farm", "slurm", preset, "-o", folder.path("v.mp4"), "--work", folder.url.path,
        ])
        #expect(refused.status == 73 && refused.standardError.contains("not a farm's work folder"))
        #expect(try String(contentsOfFile: mine, encoding: .utf8) == "echo mine")
        // Folders Slurm's log names cannot hold are refused before anything is written.
        for (work, reason) in [("a\nb", "a line break"), (#"a\b"#, "a backslash")] {
            let odd = try runner.run([
                "farm", "slurm", preset, "-o", folder.path("v.mp4"), "--work", folder.path(work),
            ])
            #expect(
                odd.status == 65 && odd.standardError.contains("whose path has \(reason)"),
                "\(odd.standardError)")
        }
        #expect(folder.contents().sorted() == ["p.json", "render.sh"])
        let dry = try runner.run([
            "farm", "slurm", preset, "-o", folder.path("d.mp4"), "--chunks", "2", "--dry-run",
        ])
        #expect(dry.status == 0 && dry.standardOutput.contains("--array=0-1"), "\(dry.standardOutput)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("d.mp4.farm")))
        let written = try runner.run(["farm", "slurm", preset, "-o", folder.path("w.mp4"), "--chunks", "2"])
        #expect(written.status == 0)
        let script = try String(contentsOfFile: folder.path("w.mp4.farm/render.sh"), encoding: .utf8)
        #expect(script.contains("--chunk 0/2") && script.contains("--chunk 1/2"))
        // Writing again into its own folder is fine.
        #expect(
            try runner.run(["farm", "slurm", preset, "-o", folder.path("w.mp4"), "--chunks", "2"]).status == 0
        )
    }

    /// `farm slurm --variables`: one job per row, as `batch --variables` renders them. The
    /// array's tasks run here as Slurm would start them (`SLURM_ARRAY_TASK_ID`), then the join;
    /// losslessly encoded, each row's video is the single render's frame for frame.
    @Test func farmRendersEveryRowOfAVariablesTable() throws {
        let folder = TemporaryDirectory()
        let preset = try folder.write(
            #"""
            {"width": 64, "height": 48, "fps": 20, "duration": 1, "variables": {"word": "A"},
             "layers": [{"type": "text", "text": "{word}", "font": {"size": 30}, "fill": "white",
                         "enter": {"effect": "slide", "edge": "bottom"}}]}
            """#, to: "c.json")
        let table = try folder.write("name,word\nx,\"X, y\"\nz,Z\n", to: "rows.csv")
        let options = ["--preset", "ultrafast", "--crf", "0"]
        let farm = try runner.run(
            ["farm", "slurm", preset, "--variables", table, "-o", folder.path("out"), "--chunks", "2"]
                + options)
        #expect(farm.status == 0 && farm.standardOutput.contains("--array=0-3"), "\(farm.standardError)")
        for task in 0..<4 {
            let result = try runner.shell(
                "SLURM_ARRAY_TASK_ID=\(task) bash \(folder.path("out.farm/render.sh"))", directory: folder.url
            )
            #expect(result.status == 0, "\(result.standardError)")
        }
        let join = try runner.shell("bash \(folder.path("out.farm/join.sh"))", directory: folder.url)
        #expect(join.status == 0, "\(join.standardError)")
        let batch = try runner.run(
            ["batch", preset, "--variables", table, "-o", folder.path("single"), "-q"] + options)
        #expect(batch.status == 0, "\(batch.standardError)")
        var rows: [[String]] = []
        for row in ["x", "z"] {
            let farmed = try frames(folder.path("out/c-\(row).mp4")).hashes
            let single = try frames(folder.path("single/c-\(row).mp4")).hashes
            #expect(farmed.count == 20 && farmed == single, "\(row)")
            rows.append(farmed)
        }
        #expect(rows[0] != rows[1], "each row shows its own word")
    }

    /// A render long enough to want a farm is past the default limits; the farm takes `--limit`
    /// as `render` does, checks the preset against it, and gives it to every chunk's render.
    @Test func farmTakesLimitsAndGivesThemToItsRenders() throws {
        let folder = TemporaryDirectory()
        let preset = try preset(folder)
        let long = [
            "farm", "slurm", preset, "-o", folder.path("long.mp4"), "--chunks", "2", "--duration", "4000",
        ]
        let refused = try runner.run(long)
        #expect(
            refused.status == 65 && refused.standardError.contains("--limit duration=N"),
            "\(refused.standardError)")
        let raised = try runner.run(long + ["--limit", "duration=4000"])
        #expect(raised.status == 0, "\(raised.standardError)")
        let script = try String(contentsOfFile: folder.path("long.mp4.farm/render.sh"), encoding: .utf8)
        #expect(script.contains("--limit=duration=4000 ") && script.contains("--chunk 1/2"), "\(script)")
    }

    @Test func joinRefusesChunksThatDoNotMakeOneVideo() throws {
        let folder = TemporaryDirectory()
        let preset = try preset(folder)
        let parts = try chunks(folder, preset, ext: "mp4", count: 3)
        let other = folder.path("other.mp4")
        #expect(try runner.run(["render", preset, "-o", other, "--chunk", "1/3", "--crf", "30"]).status == 0)
        let overlap = folder.path("overlap.mp4")
        #expect(try runner.run(["render", preset, "-o", overlap, "--frames", "15..30"]).status == 0)
        let cut = folder.path("cut.mp4")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: parts[1]))
        try bytes.prefix(bytes.count * 2 / 3).write(to: URL(fileURLWithPath: cut))
        let whole = folder.path("whole.mp4")
        #expect(try runner.run(["render", preset, "-o", whole]).status == 0)
        for (set, message) in [
            ([parts[0], parts[2]], "frames 20..40 are missing"),
            ([parts[0], parts[1], parts[1], parts[2]], "hold the same frames 20..40"),
            ([parts[0], overlap, parts[1], parts[2]], "overlaps"),
            (
                [parts[0], other, parts[2]],
                "is not a chunk of the same video as \(parts[0]): it was rendered with --crf=30"
            ),
            ([parts[0], cut, parts[2]], "cut.mp4"),
            ([whole], "not a chunk of a render"),
            ([parts[0], parts[1]], "frames 40..60 are missing"),
        ] {
            let result = try runner.run(["join"] + set + ["-o", folder.path("out.mp4")])
            #expect(result.status == 65, "\(set): \(result.standardError)")
            #expect(result.standardError.contains(message), "\(message): \(result.standardError)")
        }
        let gif = try runner.run(["render", preset, "-o", folder.path("x.gif"), "--chunk", "0/2"])
        #expect(
            gif.status == 65
                && gif.standardError.contains(
                    "--chunk applies only to h264, hevc, av1, vp9, prores and PNG sequences, not to gif output"
                ))
        let wrong = try runner.run(["join"] + parts + ["-o", folder.path("out.webm")])
        #expect(wrong.status == 65 && wrong.standardError.contains("h264 video"), "\(wrong.standardError)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("out.mp4")))
    }

    /// The sound comes from the preset's `audio` (found through the path the chunks record) or
    /// from `--audio` given to the join, as the farm's join job gives it.
    @Test(arguments: [true, false])
    func theSoundIsEncodedOnceAtTheJoinSoBoundariesCannotClick(fromPreset: Bool) throws {
        let folder = TemporaryDirectory()
        // A 440 Hz sine over the whole video, from a WAV made here.
        let script = """
            import sys, json, wave, numpy as np
            t = np.arange(48000 * 3) / 48000
            with wave.open(sys.argv[1], "wb") as w:
                w.setnchannels(1); w.setsampwidth(2); w.setframerate(48000)
                w.writeframes((0.5 * np.sin(2 * np.pi * 440 * t) * 32767).astype("<i2").tobytes())
            print(json.dumps([True]))
            """
        _ = try IndependentDecoder.json(script, [folder.path("sine.wav")])
        let preset = try preset(folder, audio: fromPreset ? #"{"tracks": [{"file": "sine.wav"}]}"# : nil)
        let parts = try chunks(folder, preset, ext: "mov", count: 4)
        let joined = folder.path("joined.mov")
        let sound = fromPreset ? [] : ["--audio", folder.path("sine.wav")]
        let join = try runner.run(["join"] + parts + ["-o", joined, "--audio-codec", "pcm_s16le"] + sound)
        #expect(join.status == 0, "\(join.standardError)")
        let analysis = """
            import sys, json, av, numpy as np
            with av.open(sys.argv[1]) as c:
                a = np.concatenate([f.to_ndarray().reshape(-1)[0::2] for f in c.decode(c.streams.audio[0])]) / 32768
            t = np.arange(len(a)) / 48000
            error = np.max(np.abs(a - 0.5 * np.sin(2 * np.pi * 440 * t)))
            print(json.dumps([len(a), float(error)]))
            """
        let result = try IndependentDecoder.json(analysis, [joined]) as? [Double] ?? []
        // Every sample where the sine puts it, across every chunk boundary: 2 s exactly.
        #expect(result.count == 2 && result[0] == 96_000 && result[1] < 1e-3, "\(result)")
    }
}
