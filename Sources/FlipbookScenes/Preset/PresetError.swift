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
        // Line 0 marks a value that came from the command line (`--set`), not from the file.
        let place =
            location.map { $0.line == 0 ? "\(file) (--set)" : "\(file):\($0.line):\($0.column)" } ?? file
        return path.isEmpty ? "\(place): \(message)" : "\(place): \(path): \(message)"
    }
}
