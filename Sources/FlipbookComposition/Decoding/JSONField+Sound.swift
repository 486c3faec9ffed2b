import FlipbookAudio
import FlipbookFFmpeg
import FlipbookJSON
import Foundation

extension JSONField {
    /// A volume: decibels as a number (`-6`) or a string (`"-6dB"`), or a linear factor as a
    /// string (`"50%"`, `"0.5x"`).
    public func volume() throws(PresetError) -> Double {
        let problem =
            "must be decibels (-6 or \"-6dB\", at most +24) or a factor (\"50%\", \"0.5x\") (got \(value.summary))"
        switch value.kind {
        case .number(let decibels):
            guard decibels.isFinite, decibels <= 24 else { throw error(problem) }
            return AudioTrack.gain(decibels: decibels)
        case .string(let text):
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if trimmed.lowercased().hasSuffix("db"), let decibels = Double(trimmed.dropLast(2)),
                decibels <= 24
            {
                return AudioTrack.gain(decibels: decibels)
            }
            if trimmed.hasSuffix("%"), let percent = Double(trimmed.dropLast()), (0...1600).contains(percent)
            {
                return percent / 100
            }
            if trimmed.hasSuffix("x"), let factor = Double(trimmed.dropLast()), (0...16).contains(factor) {
                return factor
            }
            throw error(problem)
        default:
            throw error(problem)
        }
    }

    /// A sound's `name`: 1 to 64 characters.
    public func soundName() throws(PresetError) -> String {
        let name = try string()
        guard (1...64).contains(name.count) else {
            throw error("must be a name of 1 to 64 characters (got \(value.summary))")
        }
        return name
    }

    /// The schema of a volume, as `volume()` reads it.
    package static var volumeSchema: JSONOutput {
        .object([
            (
                "description",
                .string("decibels (-6 or \"-6dB\", at most +24) or a factor (\"50%\", \"0.5x\")")
            ),
            (
                "anyOf",
                .array([
                    .object([("type", .string("number")), ("maximum", .integer(24))]),
                    .object([
                        ("type", .string("string")), ("pattern", .string("^-?[0-9.]+ *([dD][bB]|%|x)$")),
                    ]),
                ])
            ),
        ])
    }

    /// A sound file's path (`PresetFiles`), checked as the render will read it: opened, and
    /// decoded from `offset` for `seconds` (or to its end) — a file cut short or damaged there
    /// is refused here, at its JSON path, not part-way through a render.
    public func audioFile(files: PresetFiles, from offset: Double = 0, seconds: Double) throws(PresetError)
        -> String
    {
        let name = try string()
        guard !name.isEmpty else { throw error("must name a sound file") }
        let path = try files.path(name, at: self)
        do {
            try AudioFileReader(path: path).checkDecodes(from: offset, seconds: seconds)
        } catch let failure as MediaError {
            throw error("cannot use \(path) as sound: \(failure.message)")
        } catch {
            throw self.error("cannot use \(path) as sound: \(error)")
        }
        return path
    }
}
