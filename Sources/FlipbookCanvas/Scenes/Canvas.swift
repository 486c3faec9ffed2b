import FlipbookTimeline
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
    /// Changes to the drawing environment, in the order they were made.
    private var environmentChanges: [(inout EnvironmentValues) -> Void] = []

    /// A canvas drawn by `renderer`. SwiftUI's `opaque` and `rendersAsynchronously` are
    /// accepted so that code passing them ports unchanged, and change nothing: they are hints
    /// for the screen (every frame here is rendered off the main thread, and a canvas said to be
    /// opaque must draw every pixel anyway, which gives the same picture either way).
    public init(
        opaque: Bool = false, rendersAsynchronously: Bool = false,
        renderer: @escaping (inout GraphicsContext, CGSize) -> Void
    ) {
        self.renderer = renderer
        symbols = []
    }

    /// A canvas with symbols, as `Canvas { context, size in … } symbols: { … }` (`opaque` and
    /// `rendersAsynchronously` as in `init(opaque:rendersAsynchronously:renderer:)`).
    public init(
        opaque: Bool = false, rendersAsynchronously: Bool = false,
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

    /// The canvas with `keyPath` of its drawing environment set to `value`, as SwiftUI's
    /// `.environment(\.locale, Locale(identifier: "de_DE"))`.
    public func environment<Value>(_ keyPath: WritableKeyPath<EnvironmentValues, Value>, _ value: Value)
        -> Canvas
    {
        var canvas = self
        canvas.environmentChanges.append { $0[keyPath: keyPath] = value }
        return canvas
    }

    /// How the lines of the canvas's text align (SwiftUI's view modifier).
    public func multilineTextAlignment(_ alignment: TextAlignment) -> Canvas {
        environment(\.multilineTextAlignment, alignment)
    }

    /// Extra points between the lines of the canvas's text (SwiftUI's view modifier).
    public func lineSpacing(_ spacing: Double) -> Canvas {
        environment(\.lineSpacing, spacing)
    }

    /// At most `number` lines of the canvas's text, cut with "…" (SwiftUI's view modifier).
    public func lineLimit(_ number: Int?) -> Canvas {
        environment(\.lineLimit, number)
    }

    /// Where the canvas's text cut short at its line limit loses characters (SwiftUI's view
    /// modifier).
    public func truncationMode(_ mode: Text.TruncationMode) -> Canvas {
        environment(\.truncationMode, mode)
    }

    /// The case every letter of the canvas's text is set in (SwiftUI's view modifier).
    public func textCase(_ textCase: Text.Case?) -> Canvas {
        environment(\.textCase, textCase)
    }

    /// How much smaller the canvas's text may be set to fit (SwiftUI's view modifier).
    public func minimumScaleFactor(_ factor: Double) -> Canvas {
        environment(\.minimumScaleFactor, factor)
    }

    /// Runs the closure for a canvas of `size` and returns what it drew.
    package func displayList(size: CGSize) -> DisplayList {
        displayList(size: size, observer: nil)
    }

    /// Runs the closure with named layers drawn under `observer`'s tracking, showing
    /// `frameDate` (the "now" of relative dates in text).
    package func displayList(
        size: CGSize, observer: LayerObserver?, frameDate: Date = FrameTime.startDate
    ) -> DisplayList {
        let recording = GraphicsContext.Recording()
        recording.observer = observer
        var context = GraphicsContext(recording: recording)
        context.canvasSize = size
        context.environment.frameDate = frameDate
        draw(in: &context, size: size)
        return recording.list
    }

    /// Runs the closure on a copy of `context` (so drawing lands in its display list) with the
    /// canvas's foreground style and its symbols, each drawn once.
    public func draw(in context: inout GraphicsContext, size: CGSize) {
        var canvasContext = context
        canvasContext.foregroundShading = foregroundShading
        for change in environmentChanges { change(&canvasContext.environment) }
        for symbol in symbols {
            let symbolRecording = GraphicsContext.Recording()
            var symbolContext = GraphicsContext(recording: symbolRecording)
            symbolContext.canvasSize = symbol.size
            symbolContext.foregroundShading = foregroundShading
            symbolContext.environment = canvasContext.environment
            symbol.draw(&symbolContext, symbol.size)
            canvasContext.symbols[symbol.id] = DisplayList.Symbol(
                id: symbol.id, size: symbol.size, content: symbolRecording.list)
        }
        renderer(&canvasContext, size)
    }
}
