import Foundation

/// How views line up across a horizontal stack or a frame, as SwiftUI's `VerticalAlignment`:
/// by their top edges, middles, bottom edges, or the first or last baselines of their text.
public struct VerticalAlignment: Hashable, Sendable {
    let key: AlignmentKey

    public static let top = VerticalAlignment(key: .top)
    public static let center = VerticalAlignment(key: .verticalCenter)
    public static let bottom = VerticalAlignment(key: .bottom)
    public static let firstTextBaseline = VerticalAlignment(key: .firstTextBaseline)
    public static let lastTextBaseline = VerticalAlignment(key: .lastTextBaseline)
}
