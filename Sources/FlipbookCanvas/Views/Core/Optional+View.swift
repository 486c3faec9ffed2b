import Foundation

/// A view that may be missing, as in SwiftUI: what a view builder makes of `if` without `else`.
/// `nil` is no view at all — no place in a stack, no spacing beside it.
extension Optional: View where Wrapped: View {
    public var body: Optional { self }
}

extension Optional: PrimitiveView where Wrapped: View {
    func makeSubviews(in inputs: ViewInputs) -> [any ViewNode] {
        map { $0.subviews(in: inputs) } ?? []
    }
}
