import Foundation

/// Views one over another, the first at the back, as SwiftUI's `ZStack`: each offered what the
/// stack is offered, lined up by `alignment`, the stack as large as they are together (see
/// `ZStackLayout`).
public struct ZStack<Content: View>: View, PrimitiveView {
    let alignment: Alignment
    let content: Content

    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {
        (self.alignment, self.content) = (alignment, content())
    }

    public var body: ZStack { self }

    func makeSubviews(in inputs: ViewInputs) -> [any ViewNode] {
        var layered = inputs
        layered.stackAxis = nil
        return [ZStackLayout(alignment: alignment, children: content.subviews(in: layered))]
    }
}
