import Foundation

/// Views side by side, left to right, as SwiftUI's `HStack`: `spacing` points apart (8 by
/// default, none beside a `Spacer`), lined up by `alignment`, sharing out the width it is
/// offered by flexibility (see `StackLayout`).
public struct HStack<Content: View>: View, PrimitiveView {
    let alignment: VerticalAlignment
    let spacing: CGFloat?
    let content: Content

    public init(
        alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content
    ) {
        (self.alignment, self.spacing, self.content) = (alignment, spacing, content())
    }

    public var body: HStack { self }

    func makeSubviews(in inputs: ViewInputs) -> [any ViewNode] {
        [
            StackLayout(
                axis: .horizontal, alignment: alignment.key, spacing: spacing, content: content,
                inputs: inputs)
        ]
    }
}
