import FlipbookComposition
import FlipbookJSON

/// What reading a preset's `audio` needs besides the JSON, and what it gathers as it goes: the
/// preset's files, the video's length, the scene's events; the problems of its tracks and cues,
/// each read on its own, and the names its tracks duck under, checked once every name is known.
final class AudioReading {
    let files: PresetFiles
    /// How long the video is: each file is decoded as far as it plays, to be sure it can be.
    let seconds: Double
    /// The times of the scene's own events (confetti bursts), where `sceneCues` play.
    let events: [Double]
    var problems = ProblemLog()
    var duckedUnder: [JSONField] = []

    init(files: PresetFiles, seconds: Double, events: [Double]) {
        (self.files, self.seconds, self.events) = (files, seconds, events)
    }

    /// The items of the list `field`, each read by `read` on its own: those that cannot be are
    /// recorded in `problems` and left out.
    func each<Item>(_ field: JSONField, _ read: (JSONField) throws(PresetError) -> Item) throws(PresetError)
        -> [Item]
    {
        try field.array().compactMap { item in problems.attempt { () throws(PresetError) in try read(item) } }
    }
}
