import Foundation

/// Where a text's lines sit in its layer's box, from top to bottom (the box's `size` may be
/// taller or shorter than the lines): against its top, in its middle, against its bottom, or
/// with the first line's baseline on the box's bottom edge — SwiftUI's `.firstTextBaseline`
/// alignment in a frame, whose guide lies on the bottom of a view without text — so that texts
/// of different sizes in boxes of one height stand on one line, whatever their fonts' ascents.
package enum TextVerticalAlignment: String, CaseIterable, Hashable, Sendable {
    case top, center, bottom, firstBaseline

    /// How far below the box's top the text's top goes — its first line's top, the layout
    /// box's (0, 0) — for lines `height` tall whose first baseline is `firstBaseline` below
    /// their top, in a box `boxHeight` tall: the room left over (negative when the text is
    /// taller) shared as the alignment says.
    package func offset(height: Double, firstBaseline: Double, in boxHeight: Double) -> Double {
        switch self {
        case .top: 0
        case .center: (boxHeight - height) / 2
        case .bottom: boxHeight - height
        case .firstBaseline: boxHeight - firstBaseline
        }
    }
}
