import Flipbook
import FlipbookTestSupport
import Foundation
import Testing

/// Sound checked by numbers, decoded by PyAV (its own FFmpeg): onsets to the millisecond,
/// fades in decibels, the mix's loudness, stream lengths, for AAC in MP4, Opus in WebM and PCM
/// in MOV.
@Suite struct AudioCommandTests {
    private let runner = CommandRunner()

    /// A mono 16-bit WAV of a sine (`WAVFile.writeSine`) named `name` in `folder`.
    private func wav(
        _ folder: TemporaryDirectory, _ name: String, seconds: Double, onset: Double = 0,
        frequency: Double = 1000, amplitude: Double = 0.5, rate: Int = 48_000
    ) throws -> String {
        let path = folder.path(name)
        try WAVFile.writeSine(
            to: path, seconds: seconds, onset: onset, frequency: frequency, amplitude: amplitude, rate: rate)
        return path
    }

    /// PyAV's view of the file's sound: its first sample's time, the first sample above
    /// `threshold`, the sample count, the container's stream durations, and the RMS (dBFS) of
    /// the left channel over each requested window `[from, to)` in seconds.
    private func analyse(_ path: String, threshold: Double = 0.05, windows: [[Double]] = []) throws
        -> [String: Any]
    {
        let script = """
            import sys, json, av, numpy as np
            path, threshold, windows = sys.argv[1], float(sys.argv[2]), json.loads(sys.argv[3])
            with av.open(path) as container:
                stream = container.streams.audio[0]
                video = container.streams.video[0]
                frames = list(container.decode(stream))
                start = float(frames[0].pts * stream.time_base)
                planes = []
                for f in frames:
                    a = f.to_ndarray()
                    if not f.format.is_planar: a = a.reshape(f.samples, -1).T
                    planes.append(a[0].astype(np.float64))
                left = np.concatenate(planes)
                if frames[0].format.name.startswith('s16'): left /= 32768
                durations = [float(s.duration * s.time_base) if s.duration else None for s in (stream, video)]
            onset = int(np.argmax(np.abs(left) > threshold)) if np.any(np.abs(left) > threshold) else -1
            def rms(a, b):
                seg = left[int(a * 48000):int(b * 48000)]
                return float(20 * np.log10(max(np.sqrt(np.mean(seg ** 2)), 1e-12)))
            print(json.dumps({"start": start, "onset": onset, "samples": len(left), "durations": durations,
                              "rms": [rms(a, b) for a, b in windows]}))
            """
        let data = try JSONSerialization.data(withJSONObject: windows)
        return try IndependentDecoder.json(
            script, [path, "\(threshold)", String(decoding: data, as: UTF8.self)])
            as? [String: Any] ?? [:]
    }

    private func preset(_ folder: TemporaryDirectory, audio: String, duration: Double = 2) throws -> String {
        try folder.write(
            """
            {"scene": "triangle", "width": 64, "height": 64, "fps": 30, "duration": \(duration),
             "output": {"preset": "ultrafast"}, "audio": \(audio)}
            """, to: "p.json")
    }

    @Test(arguments: [("mp4", ""), ("webm", ""), ("mov", "pcm_s16le"), ("mkv", ""), ("mkv", "pcm_s16le")])
    func aToneStartingAtHalfASecondIsHeardThere(container: String, codec: String) throws {
        let folder = TemporaryDirectory()
        let tone = try wav(folder, "tone.wav", seconds: 3, onset: 0.5)
        let output = folder.path("out.\(container)")
        var arguments = ["render", try preset(folder, audio: "{}"), "-o", output, "--audio", tone]
        if !codec.isEmpty { arguments += ["--audio-codec", codec] }
        let result = try runner.run(arguments)
        #expect(result.status == 0, "\(result.standardError)")
        let sound = try analyse(output)
        #expect(abs((sound["start"] as? Double ?? 1)) < 0.0005, "the first sample plays at 0: \(sound)")
        let onset = Double(sound["onset"] as? Int ?? 0) / 48_000
        #expect(abs(onset - 0.5) <= 0.001, "onset at \(onset) s")
        // Exactly the video's 2 s, to within one codec frame (AAC 1024, Opus 960 samples).
        let samples = sound["samples"] as? Int ?? 0
        #expect(samples >= 96_000 && samples <= 96_000 + 1024, "\(samples) samples")
        let durations = sound["durations"] as? [Double?] ?? []
        if durations.count == 2, let audio = durations[0], let video = durations[1] {
            #expect(abs(audio - video) <= 1024.0 / 48_000, "stream durations \(durations)")
        }
    }

    @Test func aVideoLayerPlaysItsClipsSoundFromTheLayersStartAtItsVolumeUnlessMutedOrSpedUp() throws {
        // A clip whose sound (a 0.5 sine, −9 dBFS) starts at its first sample, placed at 1 s of a
        // composition: as recorded, 6 dB down, and muted.
        let folder = TemporaryDirectory()
        let tone = try wav(folder, "tone.wav", seconds: 3)
        let clip = folder.path("clip.mp4")
        let made = try runner.run(["render", try preset(folder, audio: "{}"), "-o", clip, "--audio", tone])
        #expect(made.status == 0, "\(made.standardError)")
        var levels: [Double] = []
        for (name, keys) in [
            ("plain", ""), ("quieter", #", "volume": "-6dB""#), ("muted", #", "muted": true"#),
            ("fast", #", "speed": 2"#),
        ] {
            let composition = try folder.write(
                """
                {"width": 64, "height": 64, "fps": 30, "duration": 3, "output": {"preset": "ultrafast"},
                 "layers": [{"type": "video", "file": "clip.mp4", "start": 1\(keys)}]}
                """, to: "video.json")
            let output = folder.path("video-\(name).mp4")
            let result = try runner.run(["render", composition, "-o", output])
            #expect(result.status == 0, "\(result.standardError)")
            let streams =
                try IndependentDecoder.json(
                    "import sys, json, av\nwith av.open(sys.argv[1]) as c: print(json.dumps({\"audio\": len(c.streams.audio)}))",
                    [output]) as? [String: Int]
            let silent = name == "muted" || name == "fast"
            #expect(streams?["audio"] == (silent ? 0 : 1))
            // At another speed than 1 the clip's sound is left out, and the render says so.
            #expect(
                result.standardError.contains("layers[0].speed: the clip plays at speed 2 without its sound")
                    == (name == "fast"), "\(result.standardError)")
            guard !silent else { continue }
            let sound = try analyse(output, windows: [[1.5, 2.5]])
            let onset = Double(sound["onset"] as? Int ?? 0) / 48_000
            #expect(abs(onset - 1) <= 0.025, "the clip's sound starts with the layer: \(onset) s")
            levels += sound["rms"] as? [Double] ?? []
        }
        #expect(levels.count == 2)
        if levels.count == 2 {
            #expect(abs(levels[0] - (-9.03)) < 0.3, "as recorded: \(levels)")
            #expect(abs(levels[1] - levels[0] - (-6.02)) < 0.3, "6 dB down: \(levels)")
        }
    }

    @Test func aFadeOutReachesMinusSixtyDecibelsAtItsEnd() throws {
        let folder = TemporaryDirectory()
        _ = try wav(folder, "tone.wav", seconds: 3, frequency: 440, amplitude: 0.5)
        let output = folder.path("out.mov")
        let result = try runner.run([
            "render", try preset(folder, audio: #"{"tracks": [{"file": "tone.wav", "fadeOut": 1}]}"#), "-o",
            output,
            "--audio-codec", "pcm_s16le",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let rms =
            try analyse(output, windows: [[0.2, 0.8], [1.5, 1.51], [1.999, 2]])["rms"] as? [Double] ?? []
        #expect(rms.count == 3)
        // A 0.5 sine is −9 dBFS; halfway through the fade −15; its last millisecond −60 below.
        #expect(abs(rms[0] - (-9.03)) < 0.1, "\(rms)")
        #expect(abs(rms[1] - (-9.03 - 6.02)) < 0.3, "\(rms)")
        #expect(rms[2] - rms[0] <= -60, "\(rms)")
    }

    @Test func aTracksVolumeFollowsItsKeyframes() throws {
        // From silence to full over its first second, down to -12 dB over the next, then held.
        let folder = TemporaryDirectory()
        _ = try wav(folder, "tone.wav", seconds: 3, frequency: 440, amplitude: 0.5)
        let output = folder.path("out.mov")
        let keyframes = #"[{"t": 0, "value": "0%"}, {"t": 1, "value": 0}, {"t": 2, "value": "-12dB"}]"#
        let result = try runner.run([
            "render",
            try preset(folder, audio: #"{"tracks": [{"file": "tone.wav", "volume": \#(keyframes)}]}"#),
            "-o", output, "--audio-codec", "pcm_s16le",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let rms =
            try analyse(output, windows: [[0.45, 0.55], [0.95, 1.05], [1.45, 1.55]])["rms"] as? [Double] ?? []
        // A 0.5 sine is -9.03 dBFS RMS: half of it -15.05; at 1.5 s, halfway from 1 to 0.251.
        let expected = [-15.05, -9.03, -9.03 + 20 * log10((1 + 0.2512) / 2)]
        #expect(rms.count == 3 && zip(rms, expected).allSatisfy { abs($0 - $1) < 0.3 }, "\(rms)")
    }

    @Test func aCompositionsLayerSoundsSurviveAJoin() throws {
        // No `audio` object: the sound is the text layer's own, from 0.5 s.
        let folder = TemporaryDirectory()
        _ = try wav(folder, "voice.wav", seconds: 0.5, frequency: 3000, amplitude: 0.5)
        let preset = try folder.write(
            """
            {"width": 64, "height": 64, "fps": 30, "duration": 2, "output": {"preset": "ultrafast"},
             "layers": [{"type": "text", "text": "Hi", "start": 0.5, "sound": {"file": "voice.wav"}}]}
            """, to: "p.json")
        var parts: [String] = []
        for index in 0..<2 {
            parts.append(folder.path("part-\(index).mp4"))
            let chunk = try runner.run(["render", preset, "-o", parts[index], "--chunk", "\(index)/2"])
            #expect(chunk.status == 0, "\(chunk.standardError)")
        }
        let output = folder.path("joined.mp4")
        let join = try runner.run(["join"] + parts + ["-o", output])
        #expect(join.status == 0, "\(join.standardError)")
        let onset = Double(try analyse(output)["onset"] as? Int ?? -1) / 48_000
        #expect(abs(onset - 0.5) <= 0.002, "the layer's sound starts with it: \(onset) s")
    }

    @Test func aCueStartsOnItsFramesFirstSample() throws {
        let folder = TemporaryDirectory()
        _ = try wav(folder, "beep.wav", seconds: 0.2, frequency: 2000, amplitude: 0.8, rate: 44_100)
        let output = folder.path("out.mp4")
        // Frame 24 at 30 fps: 0.8 s, sample 38 400.
        let result = try runner.run([
            "render", try preset(folder, audio: #"{"cues": [{"t": 0.8, "file": "beep.wav"}]}"#), "-o", output,
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let onset = try analyse(output, threshold: 0.1)["onset"] as? Int ?? 0
        #expect(abs(onset - 38_400) <= 48, "onset at sample \(onset)")
    }

    @Test func theMixIsTheSumOfItsTracks() throws {
        let folder = TemporaryDirectory()
        _ = try wav(folder, "a.wav", seconds: 2, frequency: 440, amplitude: 1)
        _ = try wav(folder, "b.wav", seconds: 2, frequency: 1250, amplitude: 1)
        let output = folder.path("out.mp4")
        let audio = #"{"tracks": [{"file": "a.wav", "volume": -12}, {"file": "b.wav", "volume": "25%"}]}"#
        let result = try runner.run(["render", try preset(folder, audio: audio), "-o", output])
        #expect(result.status == 0, "\(result.standardError)")
        let rms = try analyse(output, windows: [[0.3, 1.7]])["rms"] as? [Double] ?? []
        // Uncorrelated sines add in power: (10^(−12/20))² / 2 + 0.25² / 2.
        let expected = 10 * log10(pow(pow(10, -12.0 / 20), 2) / 2 + 0.25 * 0.25 / 2)
        #expect(rms.count == 1 && abs(rms[0] - expected) <= 0.5, "\(rms) vs \(expected)")
    }

    @Test func aShortSoundLoopsToTheEndAndNoFurther() throws {
        let folder = TemporaryDirectory()
        _ = try wav(folder, "short.wav", seconds: 0.5, frequency: 440, amplitude: 0.5)
        let output = folder.path("out.mov")
        let result = try runner.run([
            "render",
            try preset(folder, audio: #"{"tracks": [{"file": "short.wav", "loop": true}]}"#, duration: 1.9),
            "-o", output, "--audio-codec", "pcm_s16le",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let sound = try analyse(output, windows: [[0.1, 0.4], [0.6, 0.9], [1.6, 1.89]])
        let rms = sound["rms"] as? [Double] ?? []
        #expect(rms.count == 3 && rms.allSatisfy { abs($0 - (-9.03)) < 0.2 }, "\(rms)")
        #expect(sound["samples"] as? Int == 91_200)
    }

    @Test func confettiPopsAtEveryBurst() throws {
        let folder = TemporaryDirectory()
        _ = try wav(folder, "pop.wav", seconds: 0.05, frequency: 1500, amplitude: 0.8)
        let preset = try folder.write(
            """
            {"scene": "confetti", "width": 64, "height": 64, "fps": 30, "duration": 2, "output": {"preset": "ultrafast"},
             "parameters": {"count": 10, "bursts": [{"time": 0.5}, {"time": 1.5}]},
             "audio": {"sceneCues": {"file": "pop.wav"}}}
            """, to: "p.json")
        let output = folder.path("out.mov")
        let result = try runner.run(["render", preset, "-o", output, "--audio-codec", "pcm_s16le"])
        #expect(result.status == 0, "\(result.standardError)")
        let rms =
            try analyse(output, windows: [[0.49, 0.5], [0.5, 0.55], [1.0, 1.4], [1.5, 1.55]])["rms"]
            as? [Double] ?? []
        #expect(rms.count == 4 && rms[0] < -80 && rms[1] > -8 && rms[2] < -80 && rms[3] > -8, "\(rms)")
    }

    @Test func aLayersSoundPlaysWhereverItsTimingPutsTheLayer() throws {
        let folder = TemporaryDirectory()
        _ = try wav(folder, "pop.wav", seconds: 0.05, frequency: 1500, amplitude: 0.8)
        // The sequence's second card starts when the first ends, at 0.5 s; the looping badge's
        // clock restarts every 0.8 s from 1.2 s, its sound 0.1 s ahead of it: 1.1 s and 1.9 s.
        let preset = try folder.write(
            """
            {"width": 64, "height": 64, "fps": 30, "duration": 2.5, "output": {"preset": "ultrafast"},
             "layers": [
               {"type": "sequence", "layers": [
                 {"type": "shape", "shape": "rect", "duration": 0.5},
                 {"type": "shape", "shape": "circle", "duration": 0.5, "sound": {"file": "pop.wav", "volume": -6}}]},
               {"type": "shape", "shape": "star", "start": 1.2, "loop": 0.8,
                "sound": {"file": "pop.wav", "delay": -0.1}}]}
            """, to: "p.json")
        let output = folder.path("out.mov")
        let result = try runner.run(["render", preset, "-o", output, "--audio-codec", "pcm_s16le"])
        #expect(result.status == 0, "\(result.standardError)")
        let windows = [
            [0.0, 0.49], [0.5, 0.55], [0.6, 1.09], [1.1, 1.15], [1.2, 1.89], [1.9, 1.95], [2.0, 2.5],
        ]
        let rms = try analyse(output, windows: windows)["rms"] as? [Double] ?? []
        #expect(rms.count == 7, "\(rms)")
        guard rms.count == 7 else { return }
        // Silence between the pops; the first 6 dB below the others.
        #expect([rms[0], rms[2], rms[4], rms[6]].allSatisfy { $0 < -80 }, "\(rms)")
        #expect(rms[3] > -8 && rms[5] > -8 && abs(rms[1] - (rms[3] - 6)) < 1, "\(rms)")
        // A missing sound file is named with its layer's path before anything is written.
        let broken = try folder.write(
            #"{"width": 64, "height": 64, "fps": 30, "duration": 1, "layers": [{"type": "text", "text": "Hi", "sound": {"file": "none.wav"}}]}"#,
            to: "broken.json")
        let refused = try runner.run(["render", broken, "-o", folder.path("broken.mp4")])
        #expect(
            refused.status == 65 && refused.standardError.contains("layers[0].sound.file"),
            "\(refused.standardError)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("broken.mp4")))
    }

    @Test func badSoundFilesAreRefusedBeforeAnythingIsWritten() throws {
        let folder = TemporaryDirectory()
        let good = try wav(folder, "good.mov", seconds: 1)
        let whole = try Data(contentsOf: URL(fileURLWithPath: good))
        try whole.prefix(20).write(to: URL(fileURLWithPath: folder.path("cut.wav")))
        _ = try folder.write("not sound at all", to: "text.mp3")
        try StillImage.write(Pixmap(width: 8, height: 8), format: .png, to: folder.path("picture.png"))
        for (file, reason) in [
            ("missing.wav", "no such file"), ("cut.wav", "cut.wav as sound"),
            ("text.mp3", "text.mp3 as sound"),
            ("picture.png", "it has no audio stream"),
        ] {
            let preset = try preset(folder, audio: #"{"tracks": [{"file": "\#(file)"}]}"#)
            let result = try runner.run(["render", preset, "-o", folder.path("out.mp4")])
            #expect(result.status == 65, "\(file): \(result.standardError)")
            #expect(result.standardError.contains("p.json:2:"), "located: \(result.standardError)")
            #expect(result.standardError.contains("audio.tracks[0].file"), "\(result.standardError)")
            #expect(result.standardError.contains(reason), "\(file): \(result.standardError)")
        }
        let gif = try runner.run([
            "render", try preset(folder, audio: "{}"), "-o", folder.path("x.gif"), "--audio", good,
        ])
        #expect(
            gif.status == 65 && gif.standardError.contains("--audio applies only to MP4, MOV, WebM and MKV"))
        let overwrite = try runner.run([
            "render", try preset(folder, audio: "{}"), "-o", good, "--audio", good,
        ])
        #expect(overwrite.status == 73)
        #expect(try Data(contentsOf: URL(fileURLWithPath: good)) == whole)
        #expect(
            !folder.contents().contains {
                $0.hasPrefix("out") || $0.hasPrefix("x.") || $0.contains("partial")
            })
    }

    @Test func progressAndDescriptionMentionTheSound() throws {
        let folder = TemporaryDirectory()
        _ = try wav(folder, "tone.wav", seconds: 1)
        let output = folder.path("out.mp4")
        let result = try runner.run([
            "render", try preset(folder, audio: #"{"title": "Test Tone", "tracks": [{"file": "tone.wav"}]}"#),
            "-o",
            output, "--progress", "json", "--captions",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let events = result.standardOutput.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        let audio = events.first { $0["event"] as? String == "audio" }
        #expect(audio?["codec"] as? String == "aac" && audio?["sounds"] as? Int == 1)
        #expect(audio?["title"] as? String == "Test Tone" && audio?["sample_rate"] as? Int == 48_000)
        #expect(
            events.firstIndex { $0["event"] as? String == "audio" }! < events.firstIndex {
                $0["event"] as? String == "frame_rendered"
            }!)
        let metadata = try IndependentDecoder.pyavMetadata(output)
        #expect(metadata["description"]?.contains("Soundtrack: Test Tone.") == true, "\(metadata)")
        let captions = try String(contentsOfFile: folder.path("out.vtt"), encoding: .utf8)
        #expect(captions.contains("♪ Test Tone"))
    }
}
