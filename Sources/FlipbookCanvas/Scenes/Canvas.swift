import Foundation

/// A drawing surface driven by a closure, as SwiftUI's `Canvas`.
///
/// `Canvas { context, size in … }` ports unchanged; instead of being shown in a view hierarchy,
/// the closure runs once per frame and its drawing is recorded as a `DisplayList`.
public struct Canvas {
    public let renderer: (inout GraphicsContext, CGSize) -> Void
    /// The symbols the renderer can stamp (`resolveSymbol(id:)`).
    public let symbols: [CanvasSymbol]
    /// What symbols and unstyled text are painted with (SwiftUI's `.foregroundStyle` on the
    /// canvas).
    public private(set) var foregroundShading = GraphicsContext.Shading.color(.primary)

    public init(renderer: @escaping (inout GraphicsContext, CGSize) -> Void) {
        self.renderer = renderer
        symbols = []
    }

    /// A canvas with symbols, as `Canvas { context, size in … } symbols: { … }`.
    public init(
        renderer: @escaping (inout GraphicsContext, CGSize) -> Void,
        @CanvasSymbolBuilder symbols: () -> [CanvasSymbol]
    ) {
        self.renderer = renderer
        self.symbols = symbols()
    }

    /// The canvas with symbols and unstyled text painted in `color`.
    public func foregroundStyle(_ color: Color) -> Canvas {
        foregroundStyle(.color(color))
    }

    public func foregroundStyle(_ shading: GraphicsContext.Shading) -> Canvas {
        var canvas = self
        canvas.foregroundShading = shading
        return canvas
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
        draw(in: &context, size: size)
        return recording.list
    }

    /// Runs the closure on a copy of `context` (so drawing lands in its display list) with the
    /// canvas's foreground style and its symbols, each drawn once.
    public func draw(in context: inout GraphicsContext, size: CGSize) {
        var canvasContext = context
        canvasContext.foregroundShading = foregroundShading
        for symbol in symbols {
            let symbolRecording = GraphicsContext.Recording()
            var symbolContext = GraphicsContext(recording: symbolRecording)
            symbolContext.canvasSize = symbol.size
            symbolContext.foregroundShading = foregroundShading
            symbol.draw(&symbolContext, symbol.size)
            canvasContext.symbols[symbol.id] = DisplayList.Symbol(
                id: symbol.id, size: symbol.size, content: symbolRecording.list)
        }
        renderer(&canvasContext, size)
    }
}
