/// Where text cut short at its line limit loses characters, marked by "…" (SwiftUI's
/// `Text.TruncationMode`): at its end, its start, or its middle. Public, as `Text` and a
/// composition's text layer take it; the layout that applies it is not.
public enum TextTruncationMode: String, CaseIterable, Hashable, Sendable {
    case head, middle, tail
}
