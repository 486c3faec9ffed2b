import FlipbookGeometry
import Foundation

/// `clipShape(_:style:)` and `clipped()`: the subview drawn only inside `shape` laid out in its
/// bounds.
struct ClipEffect<ClipShape: Shape>: RenderEffect {
    let shape: ClipShape
    let style: FillStyle

    func draw(
        _ child: any ViewNode, in context: inout GraphicsContext, proposal: ProposedViewSize, size: CGSize
    ) {
        var clipped = context
        clipped.clip(to: shape.path(in: CGRect(origin: .zero, size: size)), style: style)
        child.draw(in: &clipped, proposal: proposal, size: size)
    }
}

extension View {
    /// This view drawn only inside `shape` fitted to its bounds, as SwiftUI's `clipShape`.
    public func clipShape<S: Shape>(_ shape: S, style: FillStyle = FillStyle()) -> some View {
        modified(by: ClipEffect(shape: shape, style: style))
    }

    /// This view drawn only inside its bounds — a picture larger than its frame is cut at the
    /// frame — as SwiftUI's `clipped()`.
    public func clipped() -> some View {
        clipShape(Rectangle())
    }

    /// This view with its corners rounded by `radius`, as SwiftUI's `cornerRadius(_:)`.
    public func cornerRadius(_ radius: CGFloat) -> some View {
        clipShape(RoundedRectangle(cornerRadius: radius))
    }
}
