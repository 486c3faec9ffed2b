import Foundation

/// A view of any type, as SwiftUI's `AnyView`: for returning different kinds of view from one
/// place. It lays out and draws exactly as the view it holds.
public struct AnyView: View, PrimitiveView {
    private let view: any View

    public init<V: View>(_ view: V) {
        self.view = view
    }

    /// `view` with its type erased, as SwiftUI's `AnyView(erasing:)`.
    public init<V: View>(erasing view: V) {
        self.init(view)
    }

    public var body: AnyView { self }

    func makeSubviews(in inputs: ViewInputs) -> [any ViewNode] {
        view.subviews(in: inputs)
    }
}
