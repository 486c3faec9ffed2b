import Foundation

/// Subviews laid out by a container for one proposal: what each was offered, the size it took
/// and where its top-leading corner goes, and the container's own size.
struct SubviewArrangement {
    var proposals: [ProposedViewSize]
    var sizes: [CGSize]
    var origins: [CGPoint]
    var size: CGSize

    /// Where the subviews that have `guide` of their own put it, measured from the container's
    /// top-leading corner (text baselines, for the container's own).
    func explicitGuides(_ guide: AlignmentKey, of children: [MeasuredNode]) -> [CGFloat] {
        children.indices.compactMap { index in
            children[index].explicitAlignment(of: guide, proposal: proposals[index], size: sizes[index])
                .map { $0 + origins[index][guide.axis] }
        }
    }
}

/// A container that lays out several subviews (the stacks): it is as large as its arrangement,
/// and draws its subviews where the arrangement puts them, first at the back.
protocol ArrangedLayout: ViewNode {
    var children: [MeasuredNode] { get }

    /// The subviews laid out for `proposal`.
    func arrangement(for proposal: ProposedViewSize) -> SubviewArrangement
}

extension ArrangedLayout {
    func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        arrangement(for: proposal).size
    }

    func draw(in context: inout GraphicsContext, proposal: ProposedViewSize, size: CGSize) {
        let arrangement = arrangement(for: proposal)
        for (index, child) in children.enumerated() {
            context.draw(
                child, at: arrangement.origins[index], proposal: arrangement.proposals[index],
                size: arrangement.sizes[index])
        }
    }

    /// The highest first baseline or the lowest last baseline of the subviews that have text;
    /// `nil` when none has, or for another guide.
    func spanningBaseline(_ guide: AlignmentKey, in arrangement: SubviewArrangement) -> CGFloat? {
        let baselines = arrangement.explicitGuides(guide, of: children)
        switch guide {
        case .firstTextBaseline: return baselines.min()
        case .lastTextBaseline: return baselines.max()
        default: return nil
        }
    }
}
