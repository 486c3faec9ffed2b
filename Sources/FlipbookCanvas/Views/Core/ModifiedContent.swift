import Foundation

/// A view with a `ViewModifier` applied, as SwiftUI's `ModifiedContent`: the view the
/// modifier's `body(content:)` makes of `content`.
public struct ModifiedContent<Content, Modifier> {
    public var content: Content
    public var modifier: Modifier

    public init(content: Content, modifier: Modifier) {
        (self.content, self.modifier) = (content, modifier)
    }
}

extension ModifiedContent: View, PrimitiveView where Content: View, Modifier: ViewModifier {
    public var body: ModifiedContent { self }

    func makeSubviews(in inputs: ViewInputs) -> [any ViewNode] {
        let content = self.content
        return modifier.body(content: _ViewModifier_Content { content.subviews(in: $0) }).subviews(in: inputs)
    }
}
