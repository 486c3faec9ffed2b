import Foundation

/// A modifier that changes what its content is resolved with — an environment value, the
/// foreground style — for every view inside it, as SwiftUI's environment flows down.
struct InputModifier: PrimitiveModifier {
    let change: (inout ViewInputs) -> Void

    func modify(_ content: (ViewInputs) -> [any ViewNode], in inputs: ViewInputs) -> [any ViewNode] {
        var changed = inputs
        change(&changed)
        return content(changed)
    }
}

extension View {
    /// This view with `keyPath` of the drawing environment set to `value` for everything in it —
    /// canvases, text, pictures — as SwiftUI's `environment(_:_:)`:
    /// `.environment(\.locale, Locale(identifier: "de_DE"))`.
    public func environment<Value>(_ keyPath: WritableKeyPath<EnvironmentValues, Value>, _ value: Value)
        -> some View
    {
        modified(by: InputModifier { $0.environment[keyPath: keyPath] = value })
    }

    /// This view with text, shapes and symbols in it painted with `style` where they have no
    /// style of their own, as SwiftUI's `foregroundStyle(_:)`. A canvas's `.foreground` takes it
    /// too, unless the canvas sets its own `foregroundStyle`. A gradient is laid out in the bounds
    /// of each thing it paints.
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View {
        modified(by: InputModifier { $0.foregroundStyle = style })
    }

    /// This view with text, shapes and symbols in it painted in `color` (as it is when `nil`).
    public func foregroundColor(_ color: Color?) -> some View {
        modified(by: InputModifier { if let color { $0.foregroundStyle = color } })
    }
}
