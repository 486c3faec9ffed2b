import FlipbookFFmpeg
import FlipbookJSON

extension LayerSound {
    /// A layer sound's keys: the file, its volume, when after the layer appears, and its name.
    static let keys = ObjectDeclaration<CompositionDecoder, LayerSound>(
        "layer-sound",
        [
            .key(
                "file", .fileName, default: .required,
                doc: "a sound file as in [audio.md](audio.md), relative to the preset's folder"
            ) { (sound, _, field, decoder) throws(PresetError) in
                sound.track.file = try field.audioFile(files: decoder.files, seconds: decoder.duration)
                decoder.inputFiles.append(sound.track.file)
            },
            .key(
                "volume", \.track.gain, .volume, default: "`0` (dB)",
                doc: "its level: decibels (`-6`, `\"-6dB\"`) or a factor (`\"50%\"`)"),
            .key(
                "delay", \.delay, .time, default: "`0`",
                doc: "how long after the layer appears it starts (negative: before)"),
            .key(
                "name", \.track.name, .soundName, default: .absent,
                doc: "what soundtracks that [duck](audio.md#ducking) under it call it"),
        ])
}
