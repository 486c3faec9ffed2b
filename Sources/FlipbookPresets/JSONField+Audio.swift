import FlipbookAudio
import FlipbookCanvas
import FlipbookComposition
import FlipbookFFmpeg
import FlipbookJSON
import Foundation

extension JSONField {
    /// A preset's `audio` object: `tracks` (soundtracks), `cues` (short sounds at times),
    /// `sceneCues` (a sound at each of the scene's own events, such as confetti bursts),
    /// `title`, and the `loudness` (LUFS) to bring the mix to without its true peak passing
    /// `truePeak` (dBTP), limiting its peaks unless `limiter` is false. Files are found and allowed by `files`, and are opened and decoded
    /// as far as a `seconds`-long video plays them, so a missing, damaged or silent file fails at load
    /// with its JSON path. `events` are the scene's
    /// event times; `otherNames`, the names of the sounds the scene plays itself (a
    /// composition's layers'), which tracks may duck under too.
    func audioMix(files: PresetFiles, seconds: Double, events: [Double], otherNames: Set<String> = [])
        throws(PresetError) -> AudioMix
    {
        var reader = try object()
        var mix = AudioMix()
        mix.title = try reader.optional("title")?.string()
        var problems = ProblemLog()
        // The names that tracks duck under, checked once every track and cue is read.
        var duckedUnder: [JSONField] = []
        if let list = reader.optional("tracks") {
            for item in try list.array() {
                if let track = problems.attempt({ () throws(PresetError) in
                    try item.audioTrack(files: files, seconds: seconds, duckedUnder: &duckedUnder)
                }) {
                    mix.tracks.append(track)
                }
            }
        }
        // The soundtrack's own title tag names it when the preset does not.
        if mix.title == nil, let first = mix.tracks.first {
            mix.title = (try? AudioFileReader(path: first.file))?.title
        }
        if let list = reader.optional("cues") {
            for item in try list.array() {
                if let cue = problems.attempt({ () throws(PresetError) in
                    try item.audioCue(files: files, seconds: seconds)
                }) {
                    mix.tracks.append(cue)
                }
            }
        }
        let names = Set(mix.tracks.compactMap(\.name)).union(otherNames)
        for field in duckedUnder {
            problems.attempt { () throws(PresetError) in
                let name = try field.string()
                guard names.contains(name) else {
                    let known = names.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
                    throw field.error(
                        "no track, cue or layer sound is named \"\(name)\" ("
                            + (known.isEmpty ? "none has a name" : "named: \(known)")
                            + ")")
                }
            }
        }
        if let field = reader.optional("sceneCues") {
            if let cue = problems.attempt({ () throws(PresetError) in
                try field.audioCue(files: files, seconds: seconds, timed: false)
            }) {
                mix.tracks += events.map { time in
                    var event = cue
                    event.start = time
                    return event
                }
            }
        }
        let loudness = reader.optional("loudness")
        if let field = loudness {
            if let level = problems.attempt({ () throws(PresetError) in
                try field.number(in: LoudnessTarget.integratedRange)
            }) {
                mix.loudness = LoudnessTarget(integrated: level)
            }
        }
        if let field = reader.optional("truePeak") {
            if let ceiling = problems.attempt({ () throws(PresetError) in
                guard loudness != nil else {
                    throw field.error("a true-peak ceiling needs a \"loudness\" to bring the sound to")
                }
                return try field.number(in: LoudnessTarget.truePeakRange)
            }) {
                mix.loudness?.truePeak = ceiling
            }
        }
        if let field = reader.optional("limiter") {
            if let limits = problems.attempt({ () throws(PresetError) in
                guard loudness != nil else {
                    throw field.error("a limiter needs a \"loudness\" to bring the sound to")
                }
                return try field.bool()
            }) {
                mix.loudness?.limits = limits
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

    /// A soundtrack: `{"file", "offset", "start", "duration", "volume" (or its keyframes),
    /// "fadeIn", "fadeOut", "loop", "name", "duck"}`; the names its `duck` gives are added to `duckedUnder`, for checking
    /// once every sound's name is known.
    func audioTrack(files: PresetFiles, seconds: Double, duckedUnder: inout [JSONField]) throws(PresetError)
        -> AudioTrack
    {
        var reader = try object()
        let file = try reader.required("file")
        let offset = try reader.optional("offset")?.number(in: 0...86_400) ?? 0
        var track = AudioTrack(file: try file.audioFile(files: files, from: offset, seconds: seconds))
        track.offset = offset
        track.name = try reader.optional("name")?.soundName()
        if let field = reader.optional("duck") {
            track.duck = try field.ducking(names: &duckedUnder)
        }
        track.start = try reader.optional("start")?.number(in: 0...86_400) ?? 0
        track.duration = try reader.optional("duration")?.number(in: 0.001...86_400)
        if let field = reader.optional("volume") {
            if case .array = field.value.kind {
                track.envelope = try field.volumeEnvelope()
            } else {
                track.gain = try field.volume()
            }
        }
        track.fadeIn = try reader.optional("fadeIn")?.number(in: 0...86_400) ?? 0
        track.fadeOut = try reader.optional("fadeOut")?.number(in: 0...86_400) ?? 0
        track.loop = try reader.optional("loop")?.bool() ?? false
        try reader.finish()
        return track
    }

    /// A cue: `{"t", "file", "volume", "name"}` (without `t` and `name` for scene cues).
    func audioCue(files: PresetFiles, seconds: Double, timed: Bool = true) throws(PresetError) -> AudioTrack {
        var reader = try object()
        let time = timed ? try reader.required("t").number(in: 0...86_400) : 0
        var cue = AudioTrack(file: try reader.required("file").audioFile(files: files, seconds: seconds))
        if timed { cue.name = try reader.optional("name")?.soundName() }
        cue.start = time
        cue.gain = try reader.optional("volume")?.volume() ?? 1
        try reader.finish()
        return cue
    }

    /// A track's `volume` as keyframes: `[{"t", "value"}, …]`, `t` in seconds from the track's
    /// start, rising from one keyframe to the next, `value` a volume (`volume()`).
    func volumeEnvelope() throws(PresetError) -> VolumeEnvelope {
        let items = try array()
        guard !items.isEmpty else { throw error("must have at least one keyframe") }
        var keyframes: [VolumeEnvelope.Keyframe] = []
        for item in items {
            var reader = try item.object()
            let time = try reader.required("t")
            let seconds = try time.number(in: 0...86_400)
            if let last = keyframes.last, seconds <= last.seconds {
                throw time.error(
                    "must come after the keyframe before it (at \(JSONField.format(last.seconds)))")
            }
            keyframes.append(.init(seconds: seconds, gain: try reader.required("value").volume()))
            try reader.finish()
        }
        guard let envelope = VolumeEnvelope(keyframes) else {
            throw error("must have keyframes in time order")
        }
        return envelope
    }

    /// A track's `duck`: `true` (under every sound that does not duck), or `{"under", "by",
    /// "attack", "hold", "release", "threshold"}`; the fields of `under`'s names are added to
    /// `names`.
    func ducking(names: inout [JSONField]) throws(PresetError) -> Ducking {
        if case .bool = value.kind {
            guard try bool() else { throw error("must be true or an object (false: leave the key out)") }
            return Ducking()
        }
        var reader = try object()
        var ducking = Ducking()
        if let under = reader.optional("under") {
            let fields = try under.array()
            guard !fields.isEmpty else { throw under.error("must name at least one track or cue") }
            ducking.under = try fields.map { (field) throws(PresetError) in try field.string() }
            names += fields
        }
        if let field = reader.optional("by") {
            ducking.gain = try field.volume()
            guard ducking.gain <= 1 else {
                throw field.error("must turn the track down, not up (got \(field.value.summary))")
            }
        }
        ducking.attack = try reader.optional("attack")?.number(in: Ducking.timeRange) ?? ducking.attack
        ducking.hold = try reader.optional("hold")?.number(in: Ducking.timeRange) ?? ducking.hold
        ducking.release = try reader.optional("release")?.number(in: Ducking.timeRange) ?? ducking.release
        ducking.threshold =
            try reader.optional("threshold")?.number(in: Ducking.thresholdRange) ?? ducking.threshold
        try reader.finish()
        return ducking
    }
}
