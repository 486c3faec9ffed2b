import Foundation

/// A view that Flipbook lays out and draws itself, rather than through its body: its subviews
/// for one frame are layout nodes of its own.
protocol PrimitiveView {
    /// The layout nodes this view stands for, resolved from `inputs`: one for most views, none for
    /// `EmptyView` or a missing optional, one per child for a group.
    func makeSubviews(in inputs: ViewInputs) -> [any ViewNode]
}

extension View {
    /// The layout nodes this view stands for in the frame `inputs` describe: a primitive view's
    /// own, or else those of its body, evaluated now.
    func subviews(in inputs: ViewInputs) -> [any ViewNode] {
        if let primitive = self as? any PrimitiveView { return primitive.makeSubviews(in: inputs) }
        return body.subviews(in: inputs)
    }
}
