import FlipbookTestSupport
import Foundation
import Testing

/// `loudness` / `--loudness`: the written file, measured by FFmpeg's own `ebur128` filter
/// (through PyAV), is at the target — or, where the true-peak ceiling stops the gain, under the
/// ceiling, with a warning — whichever way the sound is rendered: one file, or chunks joined.
@Suite struct LoudnessCommandTests {
    private let runner = CommandRunner()

    /// A 4 s tone at −30 dBFS (a quiet recording) in `folder`, and a preset playing it with
    /// `audio` keys added.
    private func quietTone(_ folder: TemporaryDirectory, audio: String = "") throws -> String {
        try WAVFile.writeSine(to: folder.path("tone.wav"), seconds: 4, amplitude: pow(10, -30.0 / 20))
        return try folder.write(
            """
            {"scene": "triangle", "width": 64, "height": 64, "fps": 30, "duration": 4,
             "output": {"preset": "ultrafast"}, "audio": {"tracks": [{"file": "tone.wav"}]\(audio)}}
            """, to: "p.json")
    }

    private func events(_ output: String) -> [[String: Any]] {
        output.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }

    @Test(arguments: [("mov", "pcm_s16le", 0.15), ("mp4", "aac", 0.4), ("webm", "opus", 0.4)])
    func aQuietSoundIsBroughtToItsTarget(container: String, codec: String, tolerance: Double) throws {
        let folder = TemporaryDirectory()
        let preset = try quietTone(folder, audio: #", "loudness": -16"#)
        let output = folder.path("out.\(container)")
        let result = try runner.run([
            "render", preset, "-o", output, "--audio-codec", codec, "--progress", "json",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let measured = try IndependentDecoder.ebur128(output)
        #expect(abs(measured.integrated + 16) <= tolerance, "\(measured)")
        let audio = events(result.standardOutput).first { $0["event"] as? String == "audio" }
        let loudness = try #require(audio?["loudness"] as? [String: Double])
        #expect(abs(try #require(loudness["measured"]) + 30) < 0.2, "\(loudness)")
        #expect(abs(try #require(loudness["reached"]) + 16) < 0.01, "\(loudness)")
        #expect(abs(try #require(loudness["gain"]) - 14) < 0.2, "\(loudness)")
        #expect(loudness["target"] == -16 && loudness["true_peak_limit"] == -1)
        // Its peaks stay far under the ceiling: not worth trying through the codec.
        #expect(loudness["encoded_true_peak"] == nil, "\(loudness)")
    }

    @Test(arguments: ["mp4", "webm"])
    func theFilesTruePeakStaysUnderTheCeilingAfterALossyCodec(container: String) throws {
        // The launch's confetti pops start sharply: limited to -1 dBTP, they came back from AAC
        // at +0.1 dBTP before the codec was tried.
        let folder = TemporaryDirectory()
        let output = folder.path("launch.\(container)")
        let result = try runner.run([
            "render", RepositoryPaths.path("presets/launch.json"), "-o", output, "--loudness", "-14",
            "--scale", "0.125", "--preset", "ultrafast", "--progress", "json",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let measured = try IndependentDecoder.ebur128(output)
        #expect(measured.truePeak <= -0.95, "\(measured)")
        #expect(abs(measured.integrated + 14) <= 0.3, "\(measured)")
        let audio = events(result.standardOutput).first { $0["event"] as? String == "audio" }
        let loudness = try #require(audio?["loudness"] as? [String: Double])
        #expect(try #require(loudness["encoded_true_peak"]) <= -0.95, "\(loudness)")
    }

    /// A steady tone at −24 dBFS with one 50 ms burst at −3 dBFS, and a preset asking for
    /// −10 LUFS at −1.5 dBTP: 14 dB more, which would take the burst far past the ceiling.
    private func peakyMix(_ folder: TemporaryDirectory, limiter: Bool) throws -> String {
        try WAVFile.writeSine(to: folder.path("tone.wav"), seconds: 4, amplitude: pow(10, -24.0 / 20))
        try WAVFile.writeSine(
            to: folder.path("burst.wav"), seconds: 0.05, amplitude: pow(10, -3.0 / 20) - pow(10, -24.0 / 20))
        return try folder.write(
            """
            {"scene": "triangle", "width": 64, "height": 64, "fps": 30, "duration": 4,
             "audio": {"tracks": [{"file": "tone.wav"}], "cues": [{"t": 2, "file": "burst.wav"}],
                       "loudness": -10, "truePeak": -1.5\(limiter ? "" : #", "limiter": false"#)}}
            """, to: "p.json")
    }

    @Test func peaksThatTheGainWouldLiftPastTheCeilingAreLimited() throws {
        let folder = TemporaryDirectory()
        let output = folder.path("out.mov")
        let result = try runner.run([
            "render", try peakyMix(folder, limiter: true), "-o", output, "--audio-codec", "pcm_s16le",
            "--progress", "json",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let measured = try IndependentDecoder.ebur128(output)
        #expect(abs(measured.integrated + 10) <= 0.15, "\(measured)")
        #expect(measured.truePeak <= -1.4, "\(measured)")
        let audio = events(result.standardOutput).first { $0["event"] as? String == "audio" }
        let loudness = try #require(audio?["loudness"] as? [String: Double])
        // The limiter takes off what the gain would lift the burst's peak past the ceiling.
        let overshoot = try #require(loudness["measured_true_peak"]) + #require(loudness["gain"]) + 1.5
        #expect(overshoot > 10, "\(loudness)")
        #expect(abs(try #require(loudness["limiter"]) + overshoot) < 0.3, "\(loudness)")
        // More than 10 dB off the burst: the one warning says so.
        let warnings = events(result.standardOutput).filter { $0["event"] as? String == "warning" }
        #expect(warnings.count == 1, "\(warnings)")
        let message = warnings.first?["message"] as? String ?? ""
        #expect(
            message.contains("the limiter takes up to") && message.contains("off the loudest peaks"),
            "\(message)")
    }

    @Test func theLimitedSoundIsTheSameAtAnyFrameRate() throws {
        // The encoder asks for the sound frame by frame (1600 samples at 30 fps, 1920 at 25, 2000 at 24),
        // the measurement in seconds: the limiter gives the same samples however it is asked.
        let folder = TemporaryDirectory()
        let preset = try peakyMix(folder, limiter: true)
        var hashes: [String] = []
        for fps in ["30", "25", "24"] {
            let output = folder.path("out-\(hashes.count).mov")
            let result = try runner.run([
                "render", preset, "-o", output, "--audio-codec", "pcm_s16le", "--fps", fps, "--duration", "2",
            ])
            #expect(result.status == 0, "\(result.standardError)")
            let script = """
                import sys, json, hashlib, av
                with av.open(sys.argv[1]) as container:
                    data = b"".join(bytes(f.planes[0]) [:f.samples * 4] for f in container.decode(audio=0))
                print(json.dumps([hashlib.sha256(data[:4 * 96000]).hexdigest(), len(data)]))
                """
            let decoded = try IndependentDecoder.json(script, [output]) as? [Any] ?? []
            #expect(decoded.last as? Int == 4 * 96_000, "2 s of 16-bit stereo: \(decoded)")
            hashes.append(decoded.first as? String ?? "")
        }
        #expect(Set(hashes).count == 1, "\(hashes)")
    }

    @Test func withoutTheLimiterTheGainStopsWhereThePeaksWouldPassTheCeiling() throws {
        let folder = TemporaryDirectory()
        let output = folder.path("out.mov")
        let result = try runner.run([
            "render", try peakyMix(folder, limiter: false), "-o", output, "--audio-codec", "pcm_s16le",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.contains("warning: the sound reaches"), "\(result.standardError)")
        #expect(result.standardError.contains("not -10.0: more gain would lift its peaks above -1.5 dBTP"))
        let measured = try IndependentDecoder.ebur128(output)
        #expect(measured.truePeak <= -1.3, "\(measured)")
        #expect(measured.truePeak >= -1.8, "as high as the ceiling allows: \(measured)")
        #expect(measured.integrated < -10.5, "\(measured)")
        // The same from the command line.
        let flagged = try runner.run([
            "render", try peakyMix(folder, limiter: true), "-o", folder.path("flag.mov"), "--audio-codec",
            "pcm_s16le", "--no-limiter",
        ])
        #expect(flagged.status == 0, "\(flagged.standardError)")
        #expect(flagged.standardError.contains("warning: the sound reaches"), "\(flagged.standardError)")
    }

    @Test func aCompositionsOwnTargetHoldsWithItsLayersSounds() throws {
        // launch.json's button plays a sound of its own: the layers' sounds join the preset's
        // mix, and its loudness stays with it.
        let folder = TemporaryDirectory()
        let output = folder.path("launch.mov")
        let result = try runner.run([
            "render", RepositoryPaths.path("presets/launch.json"), "-o", output, "--set",
            "audio.loudness=-16",
            "--scale", "0.125", "--audio-codec", "pcm_s16le",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.contains("→ -16.0 LUFS"), "\(result.standardError)")
        #expect(abs(try IndependentDecoder.ebur128(output).integrated + 16) <= 0.15)
    }

    @Test func theCommandLineReplacesThePresetsTarget() throws {
        let folder = TemporaryDirectory()
        let preset = try quietTone(folder, audio: #", "loudness": -16"#)
        let output = folder.path("out.mov")
        let result = try runner.run([
            "render", preset, "-o", output, "--audio-codec", "pcm_s16le", "--loudness", "-23",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.standardError.contains("loudness -30.0 → -23.0 LUFS (gain +7.0 dB)"),
            "\(result.standardError)")
        #expect(abs(try IndependentDecoder.ebur128(output).integrated + 23) <= 0.15)
    }

    @Test func joinedChunksAreBroughtToTheTargetAsAWhole() throws {
        let folder = TemporaryDirectory()
        let preset = try quietTone(folder)
        var parts: [String] = []
        for index in 0..<2 {
            let part = folder.path("part-\(index).mp4")
            let result = try runner.run(["render", preset, "-o", part, "--chunk", "\(index)/2"])
            #expect(result.status == 0, "\(result.standardError)")
            parts.append(part)
        }
        let output = folder.path("joined.mkv")
        let join = try runner.run(
            ["join"] + parts + ["-o", output, "--loudness", "-14", "--audio-codec", "pcm_s16le"])
        #expect(join.status == 0, "\(join.standardError)")
        #expect(abs(try IndependentDecoder.ebur128(output).integrated + 14) <= 0.15)
    }

    @Test func aTargetTheLimitedGainCannotReachIsNeverMissedSilently() throws {
        // The confetti pop (past 0 dBTP on its own) over a bed at −40 dBFS: at first the pop
        // alone passes the loudness gate; limited and lifted, the bed joins it, and the loudness
        // jumps past the target (to about −12 LUFS). The closest try is kept, and the file's
        // loudness is either the target or what a warning says it is.
        let folder = TemporaryDirectory()
        try WAVFile.writeSine(to: folder.path("bed.wav"), seconds: 4, frequency: 300, amplitude: 0.01)
        let pop = RepositoryPaths.path("presets/assets/pop.wav")
        let preset = try folder.write(
            """
            {"scene": "triangle", "width": 64, "height": 64, "fps": 30, "duration": 4,
             "audio": {"tracks": [{"file": "bed.wav"}], "cues": [{"t": 1, "file": "\(pop)"}], "loudness": -14}}
            """, to: "p.json")
        let output = folder.path("out.mov")
        let result = try runner.run([
            "render", preset, "-o", output, "--audio-codec", "pcm_s16le", "--progress", "json",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let integrated = try IndependentDecoder.ebur128(output).integrated
        let warnings = events(result.standardOutput).compactMap { event in
            event["event"] as? String == "warning" ? event["message"] as? String : nil
        }
        if abs(integrated + 14) > 0.15 {
            let said = String(format: "the sound reaches %.1f LUFS, not -14.0", integrated)
            #expect(warnings.contains { $0.hasPrefix(said) }, "\(integrated) LUFS; \(warnings)")
        }
        // The pop loses far more than 10 dB to the limiter: a warning says that too.
        #expect(warnings.contains { $0.hasPrefix("the limiter takes up to") }, "\(warnings)")
    }

    @Test func aSoundTooQuietToMeasureIsLeftAsItIsWithAWarning() throws {
        let folder = TemporaryDirectory()
        try WAVFile.writeSine(to: folder.path("hum.wav"), seconds: 1, amplitude: pow(10, -80.0 / 20))
        let preset = try folder.write(
            """
            {"scene": "triangle", "width": 64, "height": 64, "fps": 30, "duration": 1,
             "audio": {"tracks": [{"file": "hum.wav"}], "loudness": -14}}
            """, to: "p.json")
        let result = try runner.run(["render", preset, "-o", folder.path("out.mp4"), "--progress", "json"])
        #expect(result.status == 0, "\(result.standardError)")
        let warnings = events(result.standardOutput).filter { $0["event"] as? String == "warning" }
        #expect(warnings.contains { ($0["message"] as? String)?.contains("too quiet or too short") == true })
        let audio = events(result.standardOutput).first { $0["event"] as? String == "audio" }
        let loudness = try #require(audio?["loudness"] as? [String: Double])
        #expect(loudness["gain"] == 0 && loudness["measured"] == nil && loudness["reached"] == nil)
    }

    @Test func badTargetsAreRefusedBeforeAnythingIsWritten() throws {
        let folder = TemporaryDirectory()
        let preset = try quietTone(folder)
        let silent = try folder.write(
            #"{"scene": "triangle", "width": 64, "height": 64, "duration": 1}"#, to: "silent.json")
        let cases: [([String], Int32, String)] = [
            (
                ["render", preset, "--loudness", "-100"], 64,
                "--loudness expects a loudness in LUFS from -70 to -5"
            ),
            (["render", preset, "--loudness", "loud"], 64, "--loudness expects"),
            (["render", preset, "--true-peak", "-1"], 65, "--true-peak needs a loudness"),
            (["render", preset, "--no-limiter"], 65, "--no-limiter needs a loudness"),
            (["render", preset, "--set", "audio.limiter=false"], 65, "audio.limiter: a limiter needs"),
            (["render", preset, "--loudness", "-14", "--chunk", "0/2"], 64, "give it to flipbook join"),
            (
                ["render", preset, "--loudness", "-14", "-o", folder.path("out.gif")], 65,
                "--loudness applies only to"
            ),
            (
                ["render", preset, "--set", "audio.loudness=3"], 65,
                "audio.loudness: must be between -70 and -5"
            ),
            (
                ["render", preset, "--set", "audio.truePeak=-2"], 65,
                "audio.truePeak: a true-peak ceiling needs"
            ),
        ]
        for (arguments, status, message) in cases {
            let output = arguments.contains("-o") ? [] : ["-o", folder.path("out.mp4")]
            let result = try runner.run(arguments + output)
            #expect(result.status == status, "\(arguments): \(result.standardError)")
            #expect(result.standardError.contains(message), "\(arguments): \(result.standardError)")
        }
        #expect(!folder.contents().contains { $0.hasPrefix("out") || $0.hasPrefix(".out") })
        // Like the other sound options, it changes nothing in a video without sound: a batch
        // may hold presets of both kinds.
        let batch = try runner.run([
            "batch", preset, silent, "-o", folder.path("batch"), "--loudness", "-14", "--quiet",
        ])
        #expect(batch.status == 0, "\(batch.standardError)")
        #expect(Set(folder.contents("batch")) == ["p.mp4", "silent.mp4"])
    }
}
