import Foundation

/// Subviews lined up on one alignment guide along an axis, as a stack lines up its subviews
/// across its axis and a `ZStack` in both directions: each subview is shifted so that its guide
/// lies on one line, and the line is as far from the start of the box as the largest guide
/// value, so that no subview starts before the box does.
struct GuideLine {
    /// The line's distance from the start of the box.
    let position: CGFloat

    /// The line for subviews whose guides lie `guides` from their starts.
    init(guides: [CGFloat]) {
        position = guides.max() ?? 0
    }

    /// Where a subview whose guide lies `guide` from its start begins.
    func start(guide: CGFloat) -> CGFloat {
        position - guide
    }

    /// The length of the box that holds subviews with these guides and lengths: from its start
    /// to the farthest end.
    func extent(guides: [CGFloat], lengths: [CGFloat]) -> CGFloat {
        zip(guides, lengths).map { start(guide: $0) + $1 }.max() ?? 0
    }
}
