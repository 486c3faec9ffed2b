/// The tool's version, as `flipbook --version` prints it: the one place it is written (a test
/// holds docs/cli.md's example to it).
enum ToolVersion {
    /// The release, as semantic versioning writes it: major, minor and patch.
    static let number = "0.1.0"

    /// What `flipbook --version` and `flipbook version` print.
    static var line: String { "flipbook \(number)" }
}
