import Foundation

/// Builds views from closures, as SwiftUI's `ViewBuilder`: several views in a row become a
/// `TupleView`, `if` without `else` an optional view, `if`/`else` and `switch` a
/// `_ConditionalContent`, and `if #available` an `AnyView`. Loops are written with `ForEach`.
@resultBuilder
public enum ViewBuilder {
    /// No views.
    public static func buildBlock() -> EmptyView {
        EmptyView()
    }

    /// One view, as it is.
    public static func buildBlock<Content: View>(_ content: Content) -> Content {
        content
    }

    /// Several views, in order.
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<
        (repeat each Content)
    > {
        TupleView(repeat each content)
    }

    /// The view of an `if` without `else`: `nil` when the condition is false.
    public static func buildIf<Content: View>(_ content: Content?) -> Content? {
        content
    }

    /// The view of the first branch of an `if`/`else` or `switch`.
    public static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent)
        -> _ConditionalContent<TrueContent, FalseContent>
    {
        _ConditionalContent(storage: .trueContent(first))
    }

    /// The view of the second branch of an `if`/`else` or `switch`.
    public static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent)
        -> _ConditionalContent<TrueContent, FalseContent>
    {
        _ConditionalContent(storage: .falseContent(second))
    }

    /// The view of an `if #available` branch, with its type erased.
    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView {
        AnyView(content)
    }
}
