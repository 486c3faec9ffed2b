import Foundation

/// A drawing surface driven by a closure, as SwiftUI's `Canvas`.
///
/// `Canvas { context, size in … }` ports unchanged; instead of being shown in a view hierarchy,
/// the closure runs once per frame and its drawing is recorded as a `DisplayList`.
public struct Canvas {
    public let renderer: (inout GraphicsContext, CGSize) -> Void

    public init(renderer: @escaping (inout GraphicsContext, CGSize) -> Void) {
        self.renderer = renderer
    }

    /// Runs the closure for a canvas of `size` and returns what it drew.
    public func displayList(size: CGSize) -> DisplayList {
        displayList(size: size, observer: nil)
    }

    /// Runs the closure with named layers drawn under `observer`'s tracking.
    package func displayList(size: CGSize, observer: LayerObserver?) -> DisplayList {
        let recording = GraphicsContext.Recording()
        recording.observer = observer
        var context = GraphicsContext(recording: recording)
        context.canvasSize = size
        renderer(&context, size)
        return recording.list
    }
}
