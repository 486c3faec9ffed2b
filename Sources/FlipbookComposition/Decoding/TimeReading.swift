import FlipbookJSON
import FlipbookTimeline

/// What times are read against (`TimeExpression`): the frame rate frames count at — the
/// preset's `fps`, known before any time is read (`"36f"` means the same whatever `--fps` a
/// render is made at) — and the composition's markers, named times on the video's timeline.
///
/// A composition's decoder is one; so is the reading of a preset's `audio`, whose times are
/// the video's too.
package protocol TimeReading: SendableMetatype {
    var frameRate: FrameRate { get }
    /// The markers by name, in seconds of the video.
    var markers: [String: Double] { get }
}

extension TimeReading {
    /// The moment `field` writes, in seconds on a clock that reads 0 at `clockStart` seconds of
    /// the video: a marker's time is turned into that clock's (`"t": "drop"` in a layer that
    /// starts at 1 s is 1 s before the marker's time), so that a marker is the same moment
    /// wherever it is named. `clockStart` is `nil` where the clock's start is not known when the
    /// file is read (inside a sequence, whose layers' starts are worked out after them): a
    /// marker is refused there.
    package func moment(_ field: JSONField, clockStart: Double?) throws(PresetError) -> Double {
        let expression = try Self.expression(field, Self.momentForms)
        var seconds = expression.amount.seconds(at: frameRate)
        if let name = expression.marker {
            let time = try marker(name, at: field)
            guard let clockStart else {
                throw field.error(
                    "a marker cannot be used inside a sequence, whose layers' starts are worked out from each other (got \(field.value.summary))"
                )
            }
            seconds += time - clockStart
        }
        return try Self.withinADay(seconds, field, Self.momentForms)
    }

    /// The length of time `field` writes, in seconds: an amount, never a marker (a marker is a
    /// moment, not a length of time).
    package func span(_ field: JSONField) throws(PresetError) -> Double {
        let expression = try Self.expression(field, Self.spanForms)
        if let name = expression.marker {
            throw field.error(
                "must be a length of time — \(Self.spanForms) — not a marker: \"\(name)\" names a moment (a layer that should end at one gives its \"end\") (got \(field.value.summary))"
            )
        }
        return try Self.withinADay(expression.amount.seconds(at: frameRate), field, Self.spanForms)
    }

    /// The time of the marker `name`, or an error at `field` with a did-you-mean among the
    /// markers there are.
    package func marker(_ name: String, at field: JSONField) throws(PresetError) -> Double {
        guard let time = markers[name] else {
            throw Self.unknownMarker(name, among: Array(markers.keys), at: field)
        }
        return time
    }

    /// The error for a marker `name` that is not among `names`, at `field`: a did-you-mean and
    /// the markers there are, or — with none — how to write one, and what else a time may be.
    package static func unknownMarker(_ name: String, among names: [String], at field: JSONField)
        -> PresetError
    {
        guard !names.isEmpty else {
            return field.error(
                "there is no marker \"\(name)\": the composition has no \"markers\" (write them as \"markers\": {\"\(name)\": 1.2}), and a time is \(momentForms) (got \(field.value.summary))"
            )
        }
        let sorted = names.sorted()
        let hint = DidYouMean.closest(to: name, among: sorted).map { "; did you mean \"\($0)\"?" } ?? ""
        return field.error("unknown marker \"\(name)\"\(hint) (markers: \(sorted.joined(separator: ", ")))")
    }

    /// A moment's forms, as messages list them.
    package static var momentForms: String {
        "seconds (1.5 or \"1.5s\"), milliseconds (\"500ms\"), frames at the preset's fps (\"36f\"), a marker (\"drop\") or a marker plus or minus one of those (\"drop+0.1\", \"drop-250ms\", \"drop+12f\")"
    }

    /// A length of time's forms, as messages list them.
    package static var spanForms: String {
        "seconds (1.5 or \"1.5s\"), milliseconds (\"500ms\") or frames at the preset's fps (\"36f\")"
    }

    /// The expression `field` writes: a number of seconds, or a string `TimeExpression` reads.
    private static func expression(_ field: JSONField, _ forms: String) throws(PresetError) -> TimeExpression
    {
        switch field.value.kind {
        case .number(let seconds): return TimeExpression(amount: .seconds(seconds))
        case .string(let text):
            if let expression = TimeExpression(parsing: text) { return expression }
        default: break
        }
        throw field.error("must be a time: \(forms) (got \(field.value.summary))")
    }

    /// `seconds`, when it is finite and within a day either way.
    private static func withinADay(_ seconds: Double, _ field: JSONField, _ forms: String) throws(PresetError)
        -> Double
    {
        guard seconds.isFinite, abs(seconds) <= 86_400 else {
            throw field.error("must be a time within a day: \(forms) (got \(field.value.summary))")
        }
        return seconds
    }
}

/// Times read at a frame rate alone, where there are no markers: a preset's own `duration`.
package struct FrameRateTimes: TimeReading {
    package let frameRate: FrameRate
    package var markers: [String: Double] { [:] }

    package init(frameRate: FrameRate) {
        self.frameRate = frameRate
    }
}
