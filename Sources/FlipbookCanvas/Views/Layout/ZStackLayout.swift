import Foundation

/// The layout of `ZStack`: subviews drawn one over another, first at the back, lined up on
/// `alignment`'s guides in both directions, as SwiftUI's `ZStack` lays them out.
///
/// Each subview of the highest layout priority is offered what the stack is offered, and the
/// stack is the size of those subviews once lined up; subviews of lower priority are then
/// offered that size, and lined up on the same guides.
struct ZStackLayout: ArrangedLayout {
    let alignment: Alignment
    let children: [MeasuredNode]

    init(alignment: Alignment, children: [any ViewNode]) {
        self.alignment = alignment
        self.children = children.map(MeasuredNode.init)
    }

    func arrangement(for proposal: ProposedViewSize) -> SubviewArrangement {
        let top = children.map(\.layoutPriority).max() ?? 0
        let leaders = children.indices.filter { children[$0].layoutPriority == top }
        var proposals = children.map { _ in proposal }
        var sizes = children.map { _ in CGSize.zero }
        for index in leaders { sizes[index] = children[index].sizeThatFits(proposal) }
        let keys = [alignment.horizontal.key, alignment.vertical.key]
        func guides(_ key: AlignmentKey, of indices: [Int]) -> [CGFloat] {
            indices.map { children[$0].dimension(key, proposal: proposals[$0], size: sizes[$0]) }
        }
        let lines = keys.map { GuideLine(guides: guides($0, of: leaders)) }
        var size = CGSize.zero
        for (key, line) in zip(keys, lines) {
            size[key.axis] = line.extent(
                guides: guides(key, of: leaders), lengths: leaders.map { sizes[$0][key.axis] })
        }
        for index in children.indices where children[index].layoutPriority != top {
            proposals[index] = ProposedViewSize(size)
            sizes[index] = children[index].sizeThatFits(proposals[index])
        }
        let origins = children.indices.map { index in
            CGPoint(
                x: lines[0].start(guide: guides(keys[0], of: [index])[0]),
                y: lines[1].start(guide: guides(keys[1], of: [index])[0]))
        }
        return SubviewArrangement(proposals: proposals, sizes: sizes, origins: origins, size: size)
    }

    /// The highest first baseline and lowest last baseline among the subviews that have text.
    func explicitAlignment(of guide: AlignmentKey, proposal: ProposedViewSize, size: CGSize) -> CGFloat? {
        guide.isTextBaseline ? spanningBaseline(guide, in: arrangement(for: proposal)) : nil
    }
}
