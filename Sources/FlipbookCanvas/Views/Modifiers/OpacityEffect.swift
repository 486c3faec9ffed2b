import Foundation

/// `opacity(_:)`: the subview drawn into a layer and composited at `opacity`, as SwiftUI fades
/// a view — as one picture, so that where parts of it overlap, the back does not show through
/// the front.
struct OpacityEffect: RenderEffect {
    let opacity: Double

    func draw(
        _ child: any ViewNode, in context: inout GraphicsContext, proposal: ProposedViewSize, size: CGSize
    ) {
        var faded = context
        faded.opacity *= opacity
        faded.drawLayer { layer in child.draw(in: &layer, proposal: proposal, size: size) }
    }
}

extension View {
    /// This view drawn at `opacity` (0 transparent … 1 as it is), as one picture.
    public func opacity(_ opacity: Double) -> some View {
        modified(by: OpacityEffect(opacity: opacity))
    }
}
