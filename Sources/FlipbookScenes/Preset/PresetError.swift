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

    public init(file: String, location: TextLocation?, path: String, message: String) {
        (self.file, self.location, self.path, self.message) = (file, location, path, message)
    }

    public var description: String {
        let place = location.map { "\(file):\($0.line):\($0.column)" } ?? file
        return path.isEmpty ? "\(place): \(message)" : "\(place): \(path): \(message)"
    }
}
