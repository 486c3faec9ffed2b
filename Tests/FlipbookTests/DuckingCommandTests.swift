import FlipbookTestSupport
import Foundation
import Testing

/// `duck`: music under a voice, measured in the written file by PyAV — the music's own
/// frequency, apart from the voice's, level by level through the ramps.
@Suite struct DuckingCommandTests {
    private let runner = CommandRunner()

    /// Music: a 1 kHz tone for 4 s; voice: a 3 kHz tone of 1 s. The preset plays the music
    /// with `duck` and the voice as a cue at 1 s with `cueKeys`.
    private func render(_ folder: TemporaryDirectory, duck: String, cueKeys: String = "") throws -> String {
        try WAVFile.writeSine(to: folder.path("music.wav"), seconds: 4, frequency: 1000, amplitude: 0.3)
        try WAVFile.writeSine(to: folder.path("voice.wav"), seconds: 1, frequency: 3000, amplitude: 0.3)
        let preset = try folder.write(
            """
            {"scene": "triangle", "width": 64, "height": 64, "fps": 30, "duration": 4,
             "audio": {"tracks": [{"file": "music.wav", "duck": \(duck)}],
                       "cues": [{"t": 1, "file": "voice.wav"\(cueKeys)}]}}
            """, to: "p.json")
        let output = folder.path("out.mov")
        let result = try runner.run(["render", preset, "-o", output, "--audio-codec", "pcm_s16le"])
        #expect(result.status == 0, "\(result.standardError)")
        return output
    }

    /// The level (dBFS, of a sine's amplitude) of `frequency` in the left channel over each
    /// 20 ms window starting at `times`.
    private func levels(_ path: String, frequency: Double, at times: [Double]) throws -> [Double] {
        let script = """
            import sys, json, av, numpy as np
            with av.open(sys.argv[1]) as container:
                frames = [f.to_ndarray().reshape(-1, 2).T[0] for f in container.decode(audio=0)]
            left = np.concatenate(frames).astype(np.float64) / 32768
            frequency, times = float(sys.argv[2]), json.loads(sys.argv[3])
            def level(t):
                part = left[int(t * 48000):int(t * 48000) + 960]
                n = np.arange(len(part))
                amplitude = 2 * abs(np.dot(part, np.exp(-2j * np.pi * frequency * n / 48000))) / len(part)
                return float(20 * np.log10(amplitude + 1e-12))
            print(json.dumps([level(t) for t in times]))
            """
        let data = try JSONSerialization.data(withJSONObject: times)
        return try IndependentDecoder.json(
            script, [path, "\(frequency)", String(decoding: data, as: UTF8.self)]) as? [Double] ?? []
    }

    @Test func musicMakesWayForTheVoiceAndComesBackInItsPause() throws {
        let folder = TemporaryDirectory()
        let output = try render(
            folder, duck: #"{"under": ["voice"], "by": -12}"#, cueKeys: #", "name": "voice""#)
        // Down over the 0.2 s before the voice, down while it speaks and 0.3 s after, back up
        // over 0.6 s.
        let times = [0.5, 0.89, 1.0, 1.5, 2.2, 2.59, 3.0, 3.5]
        let music = try levels(output, frequency: 1000, at: times)
        let full = 20 * log10(0.3)
        #expect(music.count == times.count)
        guard music.count == times.count else { return }
        let expected = [0.0, -6, -12, -12, -12, -6, 0, 0].map { full + $0 }
        for (index, time) in times.enumerated() {
            #expect(
                abs(music[index] - expected[index]) < 0.8,
                "at \(time) s: \(music[index]) dB, not \(expected[index])")
        }
        // The voice itself is untouched.
        let voice = try levels(output, frequency: 3000, at: [1.2, 1.7])
        #expect(voice.allSatisfy { abs($0 - full) < 0.3 }, "\(voice)")
    }

    @Test func duckTrueMakesWayForEverySoundThatDoesNotDuck() throws {
        let folder = TemporaryDirectory()
        let output = try render(folder, duck: "true")
        let music = try levels(output, frequency: 1000, at: [0.5, 1.5])
        #expect(music.count == 2 && abs(music[1] - music[0] + 12) < 0.5, "\(music)")
    }

    @Test func musicDucksUnderANamedLayerSound() throws {
        // A composition whose text layer speaks its line (the voice) from 1 s.
        let folder = TemporaryDirectory()
        try WAVFile.writeSine(to: folder.path("music.wav"), seconds: 4, frequency: 1000, amplitude: 0.3)
        try WAVFile.writeSine(to: folder.path("voice.wav"), seconds: 1, frequency: 3000, amplitude: 0.3)
        let preset = try folder.write(
            """
            {"width": 64, "height": 64, "fps": 30, "duration": 4,
             "audio": {"tracks": [{"file": "music.wav", "duck": {"under": ["line"]}}]},
             "layers": [{"type": "text", "text": "Hi", "start": 1,
                         "sound": {"file": "voice.wav", "name": "line"}}]}
            """, to: "p.json")
        let output = folder.path("out.mov")
        let result = try runner.run(["render", preset, "-o", output, "--audio-codec", "pcm_s16le"])
        #expect(result.status == 0, "\(result.standardError)")
        let music = try levels(output, frequency: 1000, at: [0.5, 1.5])
        #expect(music.count == 2 && abs(music[1] - music[0] + 12) < 0.5, "\(music)")
    }

    @Test func badDuckingIsRefusedNamingTheKey() throws {
        let folder = TemporaryDirectory()
        try WAVFile.writeSine(to: folder.path("music.wav"), seconds: 1)
        let cases: [(String, String)] = [
            (
                #"{"under": ["voic"]}"#,
                #"audio.tracks[0].duck.under[0]: no track, cue or layer sound is named "voic" (named: "voice")"#
            ),
            ("false", "audio.tracks[0].duck: must be true or an object"),
            (#"{"by": 6}"#, "audio.tracks[0].duck.by: must turn the track down, not up"),
            (#"{"attack": 20}"#, "audio.tracks[0].duck.attack: must be between 0 and 10"),
            (#"{"under": []}"#, "audio.tracks[0].duck.under: must name at least one track or cue"),
            (#"{"unde": ["voice"]}"#, #"unknown key "unde"; did you mean "under"?"#),
        ]
        for (duck, message) in cases {
            let preset = try folder.write(
                """
                {"scene": "triangle", "width": 64, "height": 64, "duration": 1,
                 "audio": {"tracks": [{"file": "music.wav", "duck": \(duck)}],
                           "cues": [{"t": 0, "file": "music.wav", "name": "voice"}]}}
                """, to: "p.json")
            let result = try runner.run(["render", preset, "-o", folder.path("out.mp4")])
            #expect(result.status == 65, "\(duck): \(result.standardError)")
            #expect(result.standardError.contains(message), "\(duck): \(result.standardError)")
        }
        #expect(!folder.contents().contains { $0.hasPrefix("out") || $0.hasPrefix(".out") })
    }
}
