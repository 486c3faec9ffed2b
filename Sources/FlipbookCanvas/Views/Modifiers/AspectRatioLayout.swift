import Foundation

/// How a view keeps its proportions in a box of others, as SwiftUI's `ContentMode`: within it,
/// or covering it.
public enum ContentMode: Hashable, Sendable {
    case fit, fill
}

/// `aspectRatio(_:contentMode:)`: the subview offered the largest size of `ratio` (width over
/// height) that fits in what the box is offered (`.fit`), or the smallest that covers it
/// (`.fill`); the box is the size the subview takes. Without a ratio, the subview's own ideal
/// proportions are kept; a side offered nothing (or unlimited) is worked out from the other, and
/// with neither, the subview's ideal size is fitted.
struct AspectRatioLayout: UnaryLayout {
    let ratio: CGFloat?
    let contentMode: ContentMode

    private func offer(_ proposal: ProposedViewSize, child: any ViewNode) -> ProposedViewSize {
        let ideal = child.sizeThatFits(.unspecified)
        let ratio = ratio ?? ideal.width / ideal.height
        guard ratio.isFinite, ratio > 0 else { return proposal }
        func given(_ length: CGFloat?) -> CGFloat? { length.flatMap { $0.isFinite ? $0 : nil } }
        switch (given(proposal.width), given(proposal.height)) {
        case (let width?, let height?):
            let wider = width / height > ratio
            let byHeight = contentMode == .fit ? wider : !wider
            return byHeight
                ? ProposedViewSize(width: height * ratio, height: height)
                : ProposedViewSize(width: width, height: width / ratio)
        case (let width?, nil): return ProposedViewSize(width: width, height: width / ratio)
        case (nil, let height?): return ProposedViewSize(width: height * ratio, height: height)
        case (nil, nil):
            return ideal.width / ideal.height > ratio
                ? ProposedViewSize(width: ideal.height * ratio, height: ideal.height)
                : ProposedViewSize(width: ideal.width, height: ideal.width / ratio)
        }
    }

    func sizeThatFits(_ proposal: ProposedViewSize, child: any ViewNode) -> CGSize {
        child.sizeThatFits(offer(proposal, child: child))
    }

    func placement(of child: any ViewNode, proposal: ProposedViewSize, size: CGSize) -> ChildPlacement {
        ChildPlacement(proposal: offer(proposal, child: child), size: size, origin: .zero)
    }
}

extension View {
    /// This view kept at `aspectRatio` (width over height; its own ideal proportions when
    /// `nil`), fitted in or filling what it is offered, as SwiftUI's
    /// `aspectRatio(_:contentMode:)`. A picture must be `resizable()` to change size.
    public func aspectRatio(_ aspectRatio: CGFloat? = nil, contentMode: ContentMode) -> some View {
        modified(by: AspectRatioLayout(ratio: aspectRatio, contentMode: contentMode))
    }

    /// This view kept at the proportions of `aspectRatio`.
    public func aspectRatio(_ aspectRatio: CGSize, contentMode: ContentMode) -> some View {
        self.aspectRatio(aspectRatio.width / aspectRatio.height, contentMode: contentMode)
    }

    /// This view as large as fits in what it is offered, at its own proportions.
    public func scaledToFit() -> some View {
        aspectRatio(contentMode: .fit)
    }

    /// This view as small as covers what it is offered, at its own proportions.
    public func scaledToFill() -> some View {
        aspectRatio(contentMode: .fill)
    }
}
