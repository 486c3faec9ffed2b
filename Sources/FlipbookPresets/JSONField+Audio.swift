import FlipbookCanvas
import FlipbookJSON
import FlipbookMedia
import Foundation

extension JSONField {
    /// A preset's `audio` object: `tracks` (soundtracks), `cues` (short sounds at times),
    /// `sceneCues` (a sound at each of the scene's own events, such as confetti bursts),
    /// `title`, and the `loudness` (LUFS) to bring the mix to without its true peak passing
    /// `truePeak` (dBTP), limiting its peaks unless `limiter` is false. Files are relative to the preset's folder and are opened here, so a missing,
    /// damaged or silent file fails at load with its JSON path. `events` are the scene's
    /// event times.
    func audioMix(directory: String, events: [Double]) throws(PresetError) -> AudioMix {
        var reader = try object()
        var mix = AudioMix()
        mix.title = try reader.optional("title")?.string()
        var problems = ProblemLog()
        if let list = reader.optional("tracks") {
            for item in try list.array() {
                if let track = problems.attempt({ () throws(PresetError) in
                    try item.audioTrack(directory: directory)
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
                    try item.audioCue(directory: directory)
                }) {
                    mix.tracks.append(cue)
                }
            }
        }
        if let field = reader.optional("sceneCues") {
            if let cue = problems.attempt({ () throws(PresetError) in
                try field.audioCue(directory: directory, timed: false)
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

    /// A soundtrack: `{"file", "offset", "start", "duration", "volume", "fadeIn", "fadeOut", "loop"}`.
    func audioTrack(directory: String) throws(PresetError) -> AudioTrack {
        var reader = try object()
        var track = AudioTrack(file: try reader.required("file").audioFile(directory: directory))
        track.offset = try reader.optional("offset")?.number(in: 0...86_400) ?? 0
        track.start = try reader.optional("start")?.number(in: 0...86_400) ?? 0
        track.duration = try reader.optional("duration")?.number(in: 0.001...86_400)
        track.gain = try reader.optional("volume")?.volume() ?? 1
        track.fadeIn = try reader.optional("fadeIn")?.number(in: 0...86_400) ?? 0
        track.fadeOut = try reader.optional("fadeOut")?.number(in: 0...86_400) ?? 0
        track.loop = try reader.optional("loop")?.bool() ?? false
        try reader.finish()
        return track
    }

    /// A cue: `{"t", "file", "volume"}` (without `t` for scene cues).
    func audioCue(directory: String, timed: Bool = true) throws(PresetError) -> AudioTrack {
        var reader = try object()
        let time = timed ? try reader.required("t").number(in: 0...86_400) : 0
        var cue = AudioTrack(file: try reader.required("file").audioFile(directory: directory))
        cue.start = time
        cue.gain = try reader.optional("volume")?.volume() ?? 1
        try reader.finish()
        return cue
    }
}
