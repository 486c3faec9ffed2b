import Foundation

/// A reusable change to a view, as SwiftUI's `ViewModifier`: `body(content:)` says what the
/// modified view is made of, with `content` standing for the view it is applied to.
///
/// ```swift
/// struct Badge: ViewModifier {
///     func body(content: Content) -> some View {
///         content.padding(8).background(.yellow)
///     }
/// }
/// Text("New").modifier(Badge())
/// ```
public protocol ViewModifier {
    /// The type of view the modifier makes.
    associatedtype Body: View
    /// What `content` stands for: the view the modifier is applied to.
    typealias Content = _ViewModifier_Content<Self>

    /// The modified view, made of `content`.
    @ViewBuilder func body(content: Content) -> Body
}

/// The view a `ViewModifier` is applied to, as it appears in the modifier's `body(content:)`,
/// as SwiftUI's `_ViewModifier_Content`: it lays out and draws as that view.
public struct _ViewModifier_Content<Modifier: ViewModifier>: View, PrimitiveView {
    let subviews: (ViewInputs) -> [any ViewNode]

    public var body: _ViewModifier_Content { self }

    func makeSubviews(in inputs: ViewInputs) -> [any ViewNode] {
        subviews(inputs)
    }
}

extension View {
    /// This view changed by `modifier`.
    public func modifier<Modifier>(_ modifier: Modifier) -> ModifiedContent<Self, Modifier> {
        ModifiedContent(content: self, modifier: modifier)
    }
}
