import Foundation

/// One of Flipbook's own modifiers — a frame, padding, a background, an opacity: what it makes
/// of the subviews of the view it is applied to. Applied to a `Group` or a `ForEach`, a
/// modifier applies to each of their subviews, as in SwiftUI.
protocol PrimitiveModifier {
    /// The subviews of the modified view, given `content`, which resolves the subviews of the
    /// view the modifier is applied to from the inputs it is given.
    func modify(_ content: (ViewInputs) -> [any ViewNode], in inputs: ViewInputs) -> [any ViewNode]
}

/// A view with one of Flipbook's own modifiers applied; the `some View` that `frame`,
/// `padding` and the other modifiers return.
struct ModifiedView<Content: View, Modifier: PrimitiveModifier>: View, PrimitiveView {
    let content: Content
    let modifier: Modifier

    var body: ModifiedView { self }

    func makeSubviews(in inputs: ViewInputs) -> [any ViewNode] {
        modifier.modify({ content.subviews(in: $0) }, in: inputs)
    }
}

extension View {
    /// This view with `modifier` applied.
    func modified<Modifier: PrimitiveModifier>(by modifier: Modifier) -> ModifiedView<Self, Modifier> {
        ModifiedView(content: self, modifier: modifier)
    }
}
