import Foundation

/// A subview that remembers the sizes it answered. A stack asks each subview for its smallest,
/// largest and allotted size, and asks again when drawn; a stack inside a stack would ask its
/// own subviews three times for each question, and so on down — remembering makes each level
/// cost one set of questions.
///
/// A class, so that the stack's copies share one memory; it lives for one frame's layout on the
/// thread drawing that frame.
final class MeasuredNode: ViewNode {
    private let node: any ViewNode
    private var sizes: [ProposedViewSize: CGSize] = [:]

    init(_ node: any ViewNode) {
        self.node = node
    }

    func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        if let size = sizes[proposal] { return size }
        let size = node.sizeThatFits(proposal)
        sizes[proposal] = size
        return size
    }

    func draw(in context: inout GraphicsContext, proposal: ProposedViewSize, size: CGSize) {
        node.draw(in: &context, proposal: proposal, size: size)
    }

    func explicitAlignment(of guide: AlignmentKey, proposal: ProposedViewSize, size: CGSize) -> CGFloat? {
        node.explicitAlignment(of: guide, proposal: proposal, size: size)
    }

    var layoutPriority: Double { node.layoutPriority }

    var isSpacer: Bool { node.isSpacer }
}
