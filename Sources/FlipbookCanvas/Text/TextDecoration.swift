/// A line drawn with text, at the positions and thickness its font gives.
public enum TextDecoration: Sendable {
    /// Under the text (SwiftUI's `underline`).
    case underline
    /// Through the text (SwiftUI's `strikethrough`).
    case strikethrough
}
