import Foundation

/// Views gathered without a layout of their own, as SwiftUI's `Group`: in a stack they are
/// the stack's subviews, and a modifier on the group applies to each of them.
public struct Group<Content: View>: View, PrimitiveView {
    let content: Content

    public init(@ViewBuilder content: () -> Content) {
        self.content = content()
    }

    public var body: Group { self }

    func makeSubviews(in inputs: ViewInputs) -> [any ViewNode] {
        content.subviews(in: inputs)
    }
}
