import FlipbookComposition
import FlipbookJSON
import FlipbookTimeline

/// What reading a preset's `audio` needs besides the JSON, and what it gathers as it goes: the
/// preset's files, the video's length, the scene's events, the frame rate and markers its times
/// are read at; the problems of its tracks and cues, each read on its own, and the names its
/// tracks duck under, checked once every name is known.
final class AudioReading: TimeReading {
    let files: PresetFiles
    /// How long the video is: each file is decoded as far as it plays, to be sure it can be.
    let seconds: Double
    /// The times of the scene's own events (confetti bursts), where `sceneCues` play.
    let events: [Double]
    let frameRate: FrameRate
    /// A composition's markers, which the times of its sound may name.
    let markers: [String: Double]
    /// When, in seconds of the video, the clock of the times being read starts: 0, or a
    /// track's `start` while its volume keyframes are read.
    private(set) var clock = 0.0
    var problems = ProblemLog()
    var duckedUnder: [JSONField] = []

    init(
        files: PresetFiles, seconds: Double, events: [Double], frameRate: FrameRate, markers: [String: Double]
    ) {
        (self.files, self.seconds, self.events) = (files, seconds, events)
        (self.frameRate, self.markers) = (frameRate, markers)
    }

    /// `read`'s result, its times read on a clock that starts at `start` seconds of the video.
    func reading<Value>(from start: Double, _ read: () throws(PresetError) -> Value) throws(PresetError)
        -> Value
    {
        let outer = clock
        clock = start
        defer { clock = outer }
        return try read()
    }

    /// The items of the list `field`, each read by `read` on its own: those that cannot be are
    /// recorded in `problems` and left out.
    func each<Item>(_ field: JSONField, _ read: (JSONField) throws(PresetError) -> Item) throws(PresetError)
        -> [Item]
    {
        try field.array().compactMap { item in problems.attempt { () throws(PresetError) in try read(item) } }
    }
}
