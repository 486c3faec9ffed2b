import FlipbookAudio
import FlipbookComposition
import FlipbookFFmpeg
import FlipbookJSON
import FlipbookTimeline

extension AudioMix {
    /// A preset's `audio` keys: its soundtracks and cues, and the loudness the mix is brought to.
    /// Its `title` is read first: without one, the first soundtrack's own title tag names it.
    static let keys = ObjectDeclaration<AudioReading, AudioMix>(
        "audio",
        [
            .key(
                "tracks", .each(.object(AudioTrack.keys, from: AudioTrack(file: ""))), default: .absent,
                doc: "soundtracks, mixed: each an object of the keys below"
            ) { (mix, tracks, _, _) in
                mix.tracks += tracks
                // The soundtrack's own title tag names it when the preset does not.
                if mix.title == nil, let first = tracks.first {
                    mix.title = (try? AudioFileReader(path: first.file))?.title
                }
            },
            .key(
                "cues", .each(.object(AudioTrack.cueKeys, from: AudioTrack(file: ""))), default: .absent,
                doc: "short sounds at times ([Cues](#cues))"
            ) { (mix, cues, _, _) in mix.tracks += cues },
            .key(
                "sceneCues", .object(AudioTrack.sceneCueKeys, from: AudioTrack(file: "")), default: .absent,
                doc:
                    "the sound played at each of the scene's own events — every confetti burst, in a scene preset or in a composition's confetti layers (at the layer's time)"
            ) { (mix, cue, _, audio) in
                mix.tracks += audio.events.map { time in
                    var event = cue
                    event.start = time
                    return event
                }
            },
            .key(
                "title", \.title, .string, default: "the first track's own `title` tag",
                doc: "the soundtrack's title, written into the video's description and its captions"
            ).read(.first),
            .key(
                "loudness", .number(LoudnessTarget.integratedRange), default: .absent, type: "LUFS",
                doc:
                    "the integrated loudness (−70…−5) the whole mix is brought to — see [Loudness](#loudness)"
            ) { (mix, level, _, _) in mix.loudness = LoudnessTarget(integrated: level) },
            .key(
                "truePeak", .number(LoudnessTarget.truePeakRange), default: "`-1`", type: "dBTP",
                doc: "the true peak (−9…0) that bringing it there may not pass"
            ) { (mix, ceiling, _, _) in mix.loudness?.truePeak = ceiling }.checked(
                .requires(
                    "loudness", message: "a true-peak ceiling needs a \"loudness\" to bring the sound to")),
            .key(
                "limiter", .bool, default: "`true`",
                doc:
                    "`true`: limit the peaks that would pass `truePeak`, so the target is reached; `false`: stop the gain short instead"
            ) { (mix, limits, _, _) in mix.loudness?.limits = limits }.checked(
                .requires("loudness", message: "a limiter needs a \"loudness\" to bring the sound to")),
        ])
}

extension ValueKind where Context == AudioReading {
    /// A list of `element`s, each read on its own: those that cannot be are recorded in the
    /// reading's problems and left out, and the rest kept (their names are what tracks duck under).
    static func each<Element>(_ element: ValueKind<AudioReading, Element>) -> ValueKind
    where Value == [Element] {
        let read = element.read
        return ValueKind(
            schema: .object([("type", .string("array")), ("items", element.schema)]), type: "array"
        ) { (field, audio) throws(PresetError) in
            try audio.each(field) { (item) throws(PresetError) in try read(item, audio) }
        }
    }
}

extension JSONField {
    /// A preset's `audio` object (`AudioMix.keys`), every problem in it thrown at once. Files are
    /// found and allowed by `files`, and are opened and decoded as far as a `seconds`-long video
    /// plays them, so a missing, damaged or silent file fails at load with its JSON path.
    /// `events` are the scene's event times; `otherNames`, the names of the sounds the scene
    /// plays itself (a composition's layers'), which tracks may duck under too. Times count
    /// frames at `frameRate` and may name `markers`, a composition's.
    func audioMix(
        files: PresetFiles, seconds: Double, events: [Double], frameRate: FrameRate,
        markers: [String: Double],
        otherNames: Set<String> = []
    ) throws(PresetError) -> AudioMix {
        let audio = AudioReading(
            files: files, seconds: seconds, events: events, frameRate: frameRate, markers: markers)
        var reader = try object()
        var mix = AudioMix()
        var problems = ProblemLog()
        _ = AudioMix.keys.read(&reader, into: &mix, audio, problems: &problems)
        for problem in audio.problems.problems { problems.record(problem) }
        let names = Set(mix.tracks.compactMap(\.name)).union(otherNames)
        for field in audio.duckedUnder {
            problems.attempt { () throws(PresetError) in
                let name = try field.string()
                guard names.contains(name) else {
                    let known = names.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
                    throw field.error(
                        "no track, cue or layer sound is named \"\(name)\" ("
                            + (known.isEmpty ? "none has a name" : "named: \(known)") + ")")
                }
            }
        }
        for problem in reader.unknownKeys() { problems.record(problem) }
        try problems.finish()
        guard mix.tracks.count <= Self.maximumAudioTracks else {
            throw error(
                "at most \(Self.maximumAudioTracks) sounds may play in one video (got \(mix.tracks.count))")
        }
        return mix
    }

    /// The most tracks and cues a preset's audio may have.
    static let maximumAudioTracks = 10_000
}
