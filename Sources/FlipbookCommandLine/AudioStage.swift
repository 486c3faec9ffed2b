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

    /// The stage of `export`, or `nil` for a silent video.
    init?(_ export: VideoExport) {
        guard let audio = export.encoderSettings.audio else { return nil }
        sounds = audio.mix.tracks.count
        codec = audio.codec
        bitrate = audio.codec == .pcm ? nil : audio.bitrate
        seconds = Double(audio.totalFrames) / Double(AudioFileReader.sampleRate)
        title = audio.mix.title
    }

    /// One line: `audio: 3 sounds mixed → aac 192 kb/s, 48 kHz stereo, 6 s ("Title")`.
    var description: String {
        let rate = bitrate.map { " \($0 / 1000) kb/s" } ?? ""
        let named = title.map { " (\"\($0)\")" } ?? ""
        return "audio: \(sounds) sound\(sounds == 1 ? "" : "s") mixed → \(codec.rawValue)\(rate), "
            + "48 kHz stereo, \(JSONField.format(seconds)) s\(named)"
    }

    /// The fields of the `audio` progress event.
    var fields: [String: Any] {
        var fields: [String: Any] = [
            "sounds": sounds, "codec": codec.rawValue, "sample_rate": AudioFileReader.sampleRate,
            "channels": AudioFileReader.channels, "duration": seconds,
        ]
        if let bitrate { fields["bitrate"] = bitrate }
        if let title { fields["title"] = title }
        return fields
    }
}
