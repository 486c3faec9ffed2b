import Foundation

/// One of two views, as SwiftUI's `_ConditionalContent`: what a view builder makes of
/// `if`/`else` and `switch`.
public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View, PrimitiveView {
    enum Storage {
        case trueContent(TrueContent)
        case falseContent(FalseContent)
    }

    let storage: Storage

    public var body: _ConditionalContent { self }

    func makeSubviews(in inputs: ViewInputs) -> [any ViewNode] {
        switch storage {
        case .trueContent(let content): content.subviews(in: inputs)
        case .falseContent(let content): content.subviews(in: inputs)
        }
    }
}
