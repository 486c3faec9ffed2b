import Foundation

/// The box of `frame(minWidth:idealWidth:maxWidth:minHeight:idealHeight:maxHeight:alignment:)`,
/// sized as Apple documents it, side by side.
///
/// The subview is offered what the box is offered, with the ideal length where nothing is
/// offered, limited to the minimum and maximum. The box's own length then depends on the
/// limits given: with neither, it is the subview's; with both, it is the length offered
/// (or, with nothing offered, the ideal or the subview's), clamped to them; with a minimum
/// only, the subview's length, but no less than the minimum and, where less is offered than
/// the subview takes, the length offered; with a maximum only, the subview's length, but no more
/// than the maximum and, where more is offered, the length offered. So `frame(maxWidth:
/// .infinity)` makes any view as wide as what it is offered.
struct FlexibleFrameLayout: UnaryLayout {
    /// The limits along one side.
    struct Limits {
        var min: CGFloat?
        var ideal: CGFloat?
        var max: CGFloat?

        /// What the subview is offered when the box is offered `proposed`.
        func offer(_ proposed: CGFloat?) -> CGFloat? {
            (proposed ?? ideal).map { Swift.min(Swift.max($0, min ?? -.infinity), max ?? .infinity) }
        }

        /// The box's length when offered `proposed`, around a subview of length `child`.
        func length(offered proposed: CGFloat?, child: CGFloat) -> CGFloat {
            let offered = proposed ?? ideal ?? child
            var length = child
            if let min { length = Swift.max(min, Swift.min(length, offered)) }
            if let max { length = Swift.min(max, Swift.max(length, offered)) }
            return length
        }
    }

    let width: Limits
    let height: Limits
    let alignment: Alignment

    private func offer(_ proposal: ProposedViewSize) -> ProposedViewSize {
        ProposedViewSize(width: width.offer(proposal.width), height: height.offer(proposal.height))
    }

    func sizeThatFits(_ proposal: ProposedViewSize, child: any ViewNode) -> CGSize {
        let size = child.sizeThatFits(offer(proposal))
        return CGSize(
            width: width.length(offered: proposal.width, child: size.width),
            height: height.length(offered: proposal.height, child: size.height))
    }

    func placement(of child: any ViewNode, proposal: ProposedViewSize, size: CGSize) -> ChildPlacement {
        alignment.place(child, offering: offer(proposal), in: size)
    }
}

extension View {
    /// This view in a box whose sides are limited rather than fixed, as SwiftUI's flexible
    /// `frame`: `frame(maxWidth: .infinity)` is as wide as what it is offered, `frame(minHeight:
    /// 40)` at least 40 points high. See `FlexibleFrameLayout` for the rules; the view is placed
    /// in the box by `alignment`.
    public func frame(
        minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil,
        minHeight: CGFloat? = nil, idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil,
        alignment: Alignment = .center
    ) -> some View {
        modified(
            by: FlexibleFrameLayout(
                width: .init(min: minWidth, ideal: idealWidth, max: maxWidth),
                height: .init(min: minHeight, ideal: idealHeight, max: maxHeight), alignment: alignment))
    }
}
