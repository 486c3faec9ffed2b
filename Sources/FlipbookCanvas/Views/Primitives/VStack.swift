import Foundation

/// Views one above another, as SwiftUI's `VStack`: `spacing` points apart (8 by default, none
/// beside a `Spacer`), lined up by `alignment`, sharing out the height it is offered by
/// flexibility (see `StackLayout`).
public struct VStack<Content: View>: View, PrimitiveView {
    let alignment: HorizontalAlignment
    let spacing: CGFloat?
    let content: Content

    public init(
        alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content
    ) {
        (self.alignment, self.spacing, self.content) = (alignment, spacing, content())
    }

    public var body: VStack { self }

    func makeSubviews(in inputs: ViewInputs) -> [any ViewNode] {
        [
            StackLayout(
                axis: .vertical, alignment: alignment.key, spacing: spacing, content: content, inputs: inputs)
        ]
    }
}
