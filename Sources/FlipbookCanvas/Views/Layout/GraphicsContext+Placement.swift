import FlipbookGeometry
import Foundation

extension GraphicsContext {
    /// Moves the origin to `origin`, the top-leading corner layout chose for a subview in its
    /// parent, rounded to whole device pixels as SwiftUI rounds view frames — so that a colour
    /// or canvas placed after text of fractional width still has sharp edges. The offset from
    /// the parent is what is rounded, not the position on the canvas, so that an `offset` or a
    /// scale applied to a parent moves its subviews with it exactly; where user space is rotated
    /// or skewed there is no pixel grid to round to, and the origin is moved exactly.
    mutating func place(at origin: CGPoint) {
        let (xScale, yScale) = (transform.a, transform.d)
        guard transform.b == 0, transform.c == 0, xScale != 0, yScale != 0 else {
            translateBy(x: origin.x, y: origin.y)
            return
        }
        translateBy(x: (origin.x * xScale).rounded() / xScale, y: (origin.y * yScale).rounded() / yScale)
    }

    /// Draws `node`, laid out at `size` for `proposal`, with its top-leading corner at
    /// `origin` (`place(at:)`), leaving this context as it was.
    func draw(_ node: any ViewNode, at origin: CGPoint, proposal: ProposedViewSize, size: CGSize) {
        var child = self
        child.place(at: origin)
        node.draw(in: &child, proposal: proposal, size: size)
    }
}
