import FlipbookAudio
import FlipbookComposition
import FlipbookFFmpeg
import FlipbookJSON

extension AudioTrack {
    /// A soundtrack's keys, its times as compositions write them (`TimeReading`): `start` may
    /// name a marker. `offset` is read first: the file is decoded from there, as far as the video
    /// plays it, to be sure it can be.
    static let keys = ObjectDeclaration<AudioReading, AudioTrack>(
        "audio-track",
        [
            .key(
                "file", .fileName, default: .required,
                doc:
                    "any file libavformat reads — WAV, MP3, AAC/M4A, FLAC, Ogg/Opus, the sound of a video — relative to the preset's folder"
            ) { (track, _, field, audio) throws(PresetError) in
                track.file = try field.audioFile(
                    files: audio.files, from: track.offset, seconds: audio.seconds)
            },
            .key(
                "offset", \.offset, .span(in: 0...86_400), default: "`0`",
                doc: "where in the file to begin"
            ).read(.first),
            .key(
                "start", \.start, videoTime, default: "`0`", doc: "when in the video it begins"),
            .key(
                "duration", \.duration, .span(in: 0.001...86_400), default: "to the file's end",
                doc: "how long it plays; a looping track plays to the video's end"),
            .key(
                "volume", trackVolume.deferred, default: "`0` (dB)", type: "volume or keyframes",
                doc:
                    "decibels as a number (`-6`) or string (`\"-6dB\"`, at most +24), or a factor (`\"50%\"`, `\"0.5x\"`); or keyframes, `[{\"t\": 0, \"value\": \"0%\"}, {\"t\": 2, \"value\": -6}, …]` with `t` from the track's start ([Volume keyframes](#volume-keyframes)): between two, the volume changes evenly in amplitude, as a fade does; before the first and after the last it holds"
            ) { (track, field, _, audio) throws(PresetError) in
                // Keyframes count from the track's start: a marker they name is turned into that.
                let volume = try audio.reading(from: track.start) { () throws(PresetError) in
                    try trackVolume.read(field, audio)
                }
                switch volume {
                case .gain(let gain): track.gain = gain
                case .envelope(let envelope): track.envelope = envelope
                }
            },
            .key(
                "fadeIn", \.fadeIn, .span(in: 0...86_400), default: "`0`",
                doc: "how long it fades in, linearly, from its start"),
            .key(
                "fadeOut", \.fadeOut, .span(in: 0...86_400), default: "`0`",
                doc: "how long it fades out, linearly, to its end (its `duration`'s end, or the video's)"),
            .key(
                "loop", \.loop, .bool, default: "`false`",
                doc: "start again from `offset` whenever the file ends"),
            nameKey,
            .key(
                "duck", \.duck, Ducking.kind, default: .absent,
                doc:
                    "turn this track down while other sounds play: `true`, or an object — see [Ducking](#ducking)"
            ),
        ])

    /// A cue's keys: a short sound at a time.
    static let cueKeys = ObjectDeclaration<AudioReading, AudioTrack>(
        "audio-cue",
        [
            .key(
                "t", \.start, videoTime, default: .required, doc: "when in the video it plays"),
            fileKey, volumeKey, nameKey,
        ])

    /// A scene cue's keys: the sound played at each of the scene's events.
    static let sceneCueKeys = ObjectDeclaration<AudioReading, AudioTrack>("scene-cue", [fileKey, volumeKey])

    private static let fileKey = PropertyDeclaration<AudioReading, AudioTrack>.key(
        "file", .fileName, default: .required, doc: "a sound file, as a track's"
    ) { (cue, _, field, audio) throws(PresetError) in
        cue.file = try field.audioFile(files: audio.files, seconds: audio.seconds)
    }
    private static let volumeKey = PropertyDeclaration<AudioReading, AudioTrack>.key(
        "volume", \.gain, .volume, default: "`0` (dB)",
        doc: "its level, as a track's `volume` without keyframes")
    private static let nameKey = PropertyDeclaration<AudioReading, AudioTrack>.key(
        "name", \.name, .soundName, default: .absent,
        doc: "what other tracks' `duck.under` call it (several may share one: the lines of a voice-over)")

    /// A moment of the video, from 0 to a day: a track's or a cue's start.
    private static var videoTime: ValueKind<AudioReading, Double> { .moment { $0.clock }.within(0...86_400) }

    /// A volume, or keyframes of volumes `[{"t", "value"}, …]`, `t` rising from one to the next.
    private static var trackVolume: ValueKind<AudioReading, Volume> {
        let keyframe = VolumeEnvelope.keyframeKeys
        let keyframes = ValueKind<AudioReading, Volume>(
            schema: .object([
                ("type", .string("array")), ("minItems", .integer(1)), ("items", keyframe.schema),
            ]),
            type: "array"
        ) { (field, audio) throws(PresetError) in
            var frames: [VolumeEnvelope.Keyframe] = []
            for item in try field.array() {
                let frame = try keyframe.decode(
                    item, into: VolumeEnvelope.Keyframe(seconds: 0, gain: 1), audio
                ) {
                    (frame, reading, _) throws(PresetError) in
                    if let last = frames.last, frame.seconds <= last.seconds, let time = reading.fields["t"] {
                        throw time.error(
                            "must come after the keyframe before it (at \(JSONField.format(last.seconds)))")
                    }
                }
                frames.append(frame)
            }
            guard let envelope = VolumeEnvelope(frames) else {
                throw field.error(
                    frames.isEmpty ? "must have at least one keyframe" : "must have keyframes in time order")
            }
            return .envelope(envelope)
        }
        return ValueKind<AudioReading, Double>.volume.map { (gain, _, _) throws(PresetError) in
            Volume.gain(gain)
        }
        .or(array: keyframes, type: "volume or keyframes")
    }
}

extension VolumeEnvelope {
    /// A volume keyframe's keys.
    static let keyframeKeys = ObjectDeclaration<AudioReading, Keyframe>(
        "volume-keyframe",
        [
            .key(
                "t", \.seconds, .moment { $0.clock }.within(0...86_400), default: .required,
                doc: "the time from the track's start (a marker counts from there too)"),
            .key("value", \.gain, .volume, default: .required, doc: "the volume then"),
        ])
}
