import Foundation

/// The layout of `HStack` and `VStack`: subviews one after another along `axis`, lined up
/// across it on `alignment`'s guide, as SwiftUI's stacks lay them out.
///
/// Along the axis, the spacing between neighbours is set aside first — `spacing`, or 8 points
/// (none beside a `Spacer`). What is left is offered to the subviews in turn: by layout
/// priority, highest first, and within a priority from the least flexible to the most
/// (flexibility: how much longer a subview is when offered unlimited length than when offered
/// none — a fixed frame has none, a canvas unlimited). Each is offered an equal share of what
/// is still left, less the smallest lengths of the subviews of lower priority, takes what it
/// takes, and leaves the rest to the next. So in a 300-point `HStack` with 10 points of spacing,
/// a canvas framed 100 wide takes 100 and two bare canvases share the other 180, 90 each; and
/// offered nothing along its axis (`nil`), a stack asks each subview for its ideal length.
///
/// Across the axis each subview is offered what the stack is offered, and the stack is as
/// thick as its subviews once lined up.
struct StackLayout: ArrangedLayout {
    let axis: Axis
    /// The guide subviews line up on, across the axis.
    let alignment: AlignmentKey
    /// Between neighbours; `nil` for SwiftUI's default.
    let spacing: CGFloat?
    let children: [MeasuredNode]

    init(axis: Axis, alignment: AlignmentKey, spacing: CGFloat?, children: [any ViewNode]) {
        (self.axis, self.alignment, self.spacing) = (axis, alignment, spacing)
        self.children = children.map(MeasuredNode.init)
    }

    /// The stack of `content`'s subviews, resolved as subviews of a stack along `axis` (where a
    /// `Spacer` grows along it).
    init(axis: Axis, alignment: AlignmentKey, spacing: CGFloat?, content: some View, inputs: ViewInputs) {
        var stacked = inputs
        stacked.stackAxis = axis
        self.init(axis: axis, alignment: alignment, spacing: spacing, children: content.subviews(in: stacked))
    }

    func arrangement(for proposal: ProposedViewSize) -> SubviewArrangement {
        let gaps = children.indices.dropLast().map(gap(after:))
        let proposals = allot(proposal, afterSpacing: gaps.reduce(0, +))
        let sizes = zip(children, proposals).map { $0.sizeThatFits($1) }
        let guides = children.indices.map {
            children[$0].dimension(alignment, proposal: proposals[$0], size: sizes[$0])
        }
        let line = GuideLine(guides: guides)
        var origins: [CGPoint] = []
        var along: CGFloat = 0
        for index in children.indices {
            var origin = CGPoint.zero
            origin[axis] = along
            origin[axis.cross] = line.start(guide: guides[index])
            origins.append(origin)
            along += sizes[index][axis] + (index < gaps.count ? gaps[index] : 0)
        }
        var size = CGSize.zero
        size[axis] = along
        size[axis.cross] = line.extent(guides: guides, lengths: sizes.map { $0[axis.cross] })
        return SubviewArrangement(proposals: proposals, sizes: sizes, origins: origins, size: size)
    }

    /// The space between subview `index` and the next.
    private func gap(after index: Int) -> CGFloat {
        if let spacing { return spacing }
        return children[index].isSpacer || children[index + 1].isSpacer ? 0 : LayoutDefaults.spacing
    }

    /// What each subview is offered: its share of the stack's length (see the type's
    /// description, `StackAllotment`), and across the axis what the stack is offered.
    private func allot(_ proposal: ProposedViewSize, afterSpacing spacing: CGFloat) -> [ProposedViewSize] {
        func offering(_ length: CGFloat?) -> ProposedViewSize {
            var offer = proposal
            offer[axis] = length
            return offer
        }
        guard let length = proposal[axis], length.isFinite else {
            return children.map { _ in offering(proposal[axis]) }
        }
        let smallest = children.map { $0.sizeThatFits(offering(0))[axis] }
        let flexibility = children.indices.map {
            children[$0].sizeThatFits(offering(.infinity))[axis] - smallest[$0]
        }
        var offers = children.map { _ in offering(0) }
        StackAllotment.share(
            length - spacing, smallest: smallest, flexibility: flexibility,
            priorities: children.map(\.layoutPriority)
        ) { index, length in
            offers[index] = offering(length)
            return children[index].sizeThatFits(offers[index])[axis]
        }
        return offers
    }

    /// The stack's text baselines: along a vertical stack, its first subview's first baseline
    /// and its last subview's last; across a horizontal stack, the highest first baseline and
    /// the lowest last baseline of the subviews that have text. Other guides take their
    /// defaults.
    func explicitAlignment(of guide: AlignmentKey, proposal: ProposedViewSize, size: CGSize) -> CGFloat? {
        guard guide.isTextBaseline else { return nil }
        let arrangement = arrangement(for: proposal)
        guard axis == .vertical, !children.isEmpty else { return spanningBaseline(guide, in: arrangement) }
        let index = guide == .firstTextBaseline ? 0 : children.count - 1
        return children[index].dimension(
            guide, proposal: arrangement.proposals[index], size: arrangement.sizes[index])
            + arrangement.origins[index].y
    }
}
