import FlipbookComposition
import FlipbookJSON
import FlipbookTimeline

extension Preset {
    /// One frame `flipbook test` compares with its reference picture: when, and its name — the
    /// time as the preset writes it (`"1.5s"`, `"drop+0.5"`), or a frame's number (`"36f"`) for
    /// the frames checked by default — which names the reference (`golden/NAME/1.5s.png`).
    package struct GoldenFrame: Hashable, Sendable {
        package var name: String
        package var seconds: Double
    }

    /// The frames `flipbook test` checks: the preset's `golden` times, else the first frame,
    /// the middle one and the last (`0f`, `Nf` and `(2N−1)f` of a video of 2N frames), which
    /// show how it starts, moves and ends without a list to keep.
    package var goldenFrames: [GoldenFrame] {
        if let golden { return golden }
        let count = TimelineSampler(frameRate: frameRate, durationSeconds: durationSeconds)?.frameCount ?? 1
        var seen = Set<Int>()
        return [0, count / 2, count - 1].filter { seen.insert($0).inserted }.map { index in
            GoldenFrame(
                name: "\(index)f", seconds: TimeExpression.Amount.frames(index).seconds(at: frameRate))
        }
    }

    /// The value kind of `golden`: a list of moments, as a composition writes them.
    static var goldenKind: ValueKind<Void, JSONField> {
        let moment = ValueKind<VideoTimes, Double>.moment { _ in 0 }
        return ValueKind(
            schema: .object([("type", .string("array")), ("items", moment.schema), ("minItems", .integer(1))]
            ),
            type: "array"
        ) { (field, _) throws(PresetError) in field }
    }

    /// Reads `golden` once the scene is made, so that its times may name a composition's markers:
    /// each within the video, no name twice.
    mutating func readGolden(_ field: JSONField?) throws(PresetError) {
        guard let field else { return }
        let times = VideoTimes(frameRate: frameRate, markers: (scene as? Composition)?.markers ?? [:])
        let items = try field.array()
        guard !items.isEmpty else {
            throw field.error(
                "must list at least one time (or be left out: the first, middle and last frames)")
        }
        var seen = Set<String>()
        golden = try items.map { (item) throws(PresetError) in
            let seconds = try times.moment(item, clockStart: 0)
            guard (0...durationSeconds).contains(seconds) else {
                throw item.error(
                    "must be within the \(JSONField.format(durationSeconds)) s video (got \(item.value.summary), "
                        + "\(JSONField.format(seconds)) s)")
            }
            let name = Self.goldenName(item)
            guard seen.insert(name).inserted else {
                throw item.error("lists \(name) twice: each time names one reference picture")
            }
            return GoldenFrame(name: name, seconds: seconds)
        }
    }

    /// The name a written time gives its reference picture: a number of seconds as `1.5s`,
    /// a string as written without its spaces (a time's characters are letters, digits, `.`,
    /// `_`, `+` and `-`, all safe in a file's name).
    private static func goldenName(_ field: JSONField) -> String {
        switch field.value.kind {
        case .number(let seconds): JSONField.format(seconds) + "s"
        case .string(let text): text.filter { !$0.isWhitespace }
        default: field.value.summary
        }
    }
}

/// Times on the video's own clock: frames counted at the preset's rate, and the markers of a
/// composition, which a preset's `golden` times may name.
struct VideoTimes: TimeReading {
    let frameRate: FrameRate
    let markers: [String: Double]
}
