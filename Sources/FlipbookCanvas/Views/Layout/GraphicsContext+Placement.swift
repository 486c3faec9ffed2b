import FlipbookGeometry
import Foundation

extension GraphicsContext {
    /// Moves the origin to `origin`, the top-leading corner layout chose for a subview, rounded
    /// to whole device pixels as SwiftUI rounds view frames — so that a colour or canvas placed
    /// after text of fractional width still has sharp edges. Where user space is rotated or
    /// skewed there is no pixel grid to round to, and the origin is moved exactly.
    mutating func place(at origin: CGPoint) {
        translateBy(x: origin.x, y: origin.y)
        guard transform.b == 0, transform.c == 0 else { return }
        transform.tx = transform.tx.rounded()
        transform.ty = transform.ty.rounded()
    }

    /// Draws `node`, laid out at `size` for `proposal`, with its top-leading corner at
    /// `origin` (`place(at:)`), leaving this context as it was.
    func draw(_ node: any ViewNode, at origin: CGPoint, proposal: ProposedViewSize, size: CGSize) {
        var child = self
        child.place(at: origin)
        node.draw(in: &child, proposal: proposal, size: size)
    }
}
