import Foundation

/// Several views side by side, as SwiftUI's `TupleView`: what a view builder makes of a closure
/// holding more than one view. A stack lays out each of them as one of its subviews.
public struct TupleView<T>: View, PrimitiveView {
    /// The views, as a tuple.
    public var value: T
    /// The same views, in order, for layout.
    private let children: [any View]

    init<each Content: View>(_ content: repeat each Content) where T == (repeat each Content) {
        value = (repeat each content)
        var children: [any View] = []
        for child in repeat each content { children.append(child) }
        self.children = children
    }

    public var body: TupleView { self }

    func makeSubviews(in inputs: ViewInputs) -> [any ViewNode] {
        children.flatMap { $0.subviews(in: inputs) }
    }
}
