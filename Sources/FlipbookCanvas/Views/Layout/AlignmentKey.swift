import Foundation

/// An alignment guide: a line across a view, at a distance from its top-leading corner that
/// depends on the view — its edges and middle for every view, the baselines of its text.
/// SwiftUI's `HorizontalAlignment` and `VerticalAlignment` values are these.
enum AlignmentKey: Hashable, Sendable {
    case leading, horizontalCenter, trailing
    case top, verticalCenter, bottom, firstTextBaseline, lastTextBaseline

    /// The axis along which the guide's value is measured: horizontal guides are x positions.
    var axis: Axis {
        switch self {
        case .leading, .horizontalCenter, .trailing: .horizontal
        default: .vertical
        }
    }

    /// Whether the guide is a baseline of text, which only views with text define.
    var isTextBaseline: Bool { self == .firstTextBaseline || self == .lastTextBaseline }

    /// The guide's value in a view of `size` that has none of its own: an edge or the middle,
    /// and — as in SwiftUI — the bottom for the baselines of a view without text.
    func defaultValue(in size: CGSize) -> CGFloat {
        switch self {
        case .leading, .top: 0
        case .horizontalCenter: size.width / 2
        case .verticalCenter: size.height / 2
        case .trailing: size.width
        case .bottom, .firstTextBaseline, .lastTextBaseline: size.height
        }
    }
}
