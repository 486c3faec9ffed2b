import Foundation

/// How views line up across a vertical stack or a frame, as SwiftUI's `HorizontalAlignment`:
/// by their leading edges, middles or trailing edges. Leading is left (a video has no
/// right-to-left layout).
public struct HorizontalAlignment: Hashable, Sendable {
    let key: AlignmentKey

    public static let leading = HorizontalAlignment(key: .leading)
    public static let center = HorizontalAlignment(key: .horizontalCenter)
    public static let trailing = HorizontalAlignment(key: .trailing)
}
