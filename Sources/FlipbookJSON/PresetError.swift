/// A problem with a preset, pointing at the file, line, column and JSON path, in the form
/// compilers use so editors and CI logs link to it:
/// `presets/confetti.json:12:14: parameters.count: must be between 1 and 100000 (got 0)`.
public struct PresetError: Error, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    /// Where in the file; `nil` when the problem is not at one place (an unreadable file).
    public var location: TextLocation?
    /// The JSON path of the offending value (`parameters.bursts[0].x`), empty for the document.
    public var path: String
    public var message: String
    /// The name of the limit that refused the value (`particles`, `pixels`: see `RenderLimits`
    /// and `SceneLimits`), when one did: raising it would let the value through.
    public var limit: String?
    /// The folder of a file the preset may not read (`PresetFiles`), when that refused it:
    /// allowing reads from it would let the file through.
    public var unreadableFolder: String?
    /// Further problems found in the same file in the same pass (a composition reports every
    /// problem of its layers at once), each printed on a line of its own after this one.
    public var others: [PresetError] = []

    public init(file: String, location: TextLocation?, path: String, message: String, limit: String? = nil) {
        (self.file, self.location, self.path, self.message, self.limit) = (
            file, location, path, message, limit
        )
    }

    /// The error as refused by the limit `name`.
    public func exceeding(_ name: String) -> PresetError {
        var error = self
        error.limit = name
        return error
    }

    /// In the library's own words: an override is "(override)", a limit is named by its name.
    /// The command line says `--set` and `--limit` instead (`text(overrideLabel:limitHint:)`).
    public var description: String {
        text(overrideLabel: "override") { "raise the \($0) limit" }
    }

    /// The error with `overrideLabel` marking a value that came from an override rather than
    /// from the file (`PresetOverride`, located at line 0), `limitHint` saying how to raise
    /// the limit that refused it and `readHint` how to allow reads from an unreadable folder.
    public func text(
        overrideLabel: String, limitHint: (String) -> String,
        readHint: (String) -> String = { "allow reads from \($0)" }
    ) -> String {
        let place =
            location.map { $0.isOverride ? "\(file) (\(overrideLabel))" : "\(file):\($0.line):\($0.column)" }
            ?? file
        let hint = limit.map { "; \(limitHint($0))" } ?? unreadableFolder.map { "; \(readHint($0))" } ?? ""
        let line = (path.isEmpty ? "\(place): \(message)" : "\(place): \(path): \(message)") + hint
        return
            ([line]
            + others.map { $0.text(overrideLabel: overrideLabel, limitHint: limitHint, readHint: readHint) })
            .joined(separator: "\n")
    }

    /// The first of `errors` carrying the rest as `others`; `nil` when there are none.
    public static func combined(_ errors: [PresetError]) -> PresetError? {
        let flat = errors.flatMap { error -> [PresetError] in
            var first = error
            first.others = []
            return [first] + error.others
        }
        guard var first = flat.first else { return nil }
        first.others = Array(flat.dropFirst())
        return first
    }
}
