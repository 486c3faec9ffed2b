import Flipbook

/// What the audio stage of a render will do, announced when the render starts: how many sounds
/// it mixes and how it encodes them.
struct AudioStage {
    var sounds: Int
    var codec: AudioCodec
    /// Bits per second; `nil` for PCM.
    var bitrate: Int?
    var seconds: Double
    var title: String?
    /// The loudness measured and the gain found, when the sound has a target.
    var loudness: LoudnessNormalization?

    /// The stage of `export`, or `nil` for a silent video.
    init?(_ export: VideoExport) {
        guard let audio = export.encoderSettings.audio else { return nil }
        sounds = audio.mix.tracks.count
        codec = audio.codec
        bitrate = audio.codec == .pcm ? nil : audio.bitrate
        seconds = Double(audio.totalFrames) / Double(AudioMix.sampleRate)
        title = audio.mix.title
        loudness = audio.mix.normalization
    }

    /// One line: `audio: 3 sounds mixed → aac 192 kb/s, 48 kHz stereo, 6 s ("Title")`, and
    /// with a loudness target `, loudness -19.5 → -14.0 LUFS (gain +5.5 dB)` (and `, peaks limited
    /// by up to 3.2 dB` when they are).
    var description: String {
        let rate = bitrate.map { " \($0 / 1000) kb/s" } ?? ""
        let named = title.map { " (\"\($0)\")" } ?? ""
        var line =
            "audio: \(sounds) sound\(sounds == 1 ? "" : "s") mixed → \(codec.rawValue)\(rate), "
            + "48 kHz stereo, \(JSONField.format(seconds)) s\(named)"
        if let loudness, let measured = loudness.measured.integrated, let reached = loudness.reached {
            let format = LoudnessNormalization.format
            line +=
                ", loudness \(format(measured)) → \(format(reached)) LUFS (gain "
                + (loudness.gain >= 0 ? "+" : "") + "\(format(loudness.gain)) dB"
                + (loudness.limiting.map { ", peaks limited by up to \(format(-$0)) dB" } ?? "") + ")"
        }
        return line
    }

    /// The fields of the `audio` progress event.
    var fields: [String: Any] {
        var fields: [String: Any] = [
            "sounds": sounds, "codec": codec.rawValue, "sample_rate": AudioMix.sampleRate,
            "channels": AudioMix.channels, "duration": seconds,
        ]
        if let bitrate { fields["bitrate"] = bitrate }
        if let title { fields["title"] = title }
        if let loudness {
            var object: [String: Any] = [
                "target": loudness.target.integrated, "true_peak_limit": loudness.target.truePeak,
                "gain": Self.rounded(loudness.gain),
            ]
            object["measured"] = loudness.measured.integrated.map(Self.rounded)
            object["reached"] = loudness.reached.map(Self.rounded)
            object["limiter"] = loudness.limiting.map(Self.rounded)
            object["encoded_true_peak"] = loudness.encodedTruePeak.map(Self.rounded)
            if loudness.measured.truePeak.isFinite {
                object["measured_true_peak"] = Self.rounded(loudness.measured.truePeak)
            }
            fields["loudness"] = object
        }
        return fields
    }

    /// A level in decibels to a hundredth, for the JSON events.
    private static func rounded(_ value: Double) -> Double {
        (value * 100).rounded() / 100
    }
}
