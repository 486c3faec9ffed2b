/// A failure to read or rasterise an SVG document, with what Flipbook was doing and what went
/// wrong — librsvg's own words where it gave some.
public struct SVGError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What Flipbook was doing, e.g. "read logo.svg".
    public var operation: String
    /// What went wrong.
    public var message: String

    public init(operation: String, message: String) {
        (self.operation, self.message) = (operation, message)
    }

    public var description: String {
        "cannot \(operation): \(message)"
    }
}
