import Foundation

/// The lengths SwiftUI chooses when none is given, as it chooses them on iOS.
enum LayoutDefaults {
    /// Between two adjacent subviews of a stack (`spacing: nil`), and a `Spacer`'s least length
    /// (`minLength: nil`). SwiftUI's system spacing varies a little with the pair of views (text
    /// beside text, say); 8 points is its value between most views.
    static let spacing: CGFloat = 8
    /// On each side, for `padding()` and `padding(.horizontal)` without a length.
    static let padding: CGFloat = 16
}
