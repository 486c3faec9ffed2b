import Foundation

/// A view with nothing in it, as SwiftUI's `EmptyView`: it takes no place in a stack and puts no
/// spacing beside it.
public struct EmptyView: View, PrimitiveView {
    public init() {}

    public var body: EmptyView { self }

    func makeSubviews(in inputs: ViewInputs) -> [any ViewNode] { [] }
}
