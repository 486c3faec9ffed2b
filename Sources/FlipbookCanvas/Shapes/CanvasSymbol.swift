import FlipbookGeometry
import Foundation

/// A symbol for `Canvas { … } symbols: { … }`: drawn once per frame by its closure in a box of
/// `size`, then stamped wherever the canvas draws it (`resolveSymbol(id:)`). SwiftUI's symbols
/// are views with a `tag`; views do not exist here, so a symbol is a small drawing closure.
public struct CanvasSymbol {
    public let id: String
    public let size: CGSize
    public let draw: (inout GraphicsContext, CGSize) -> Void

    public init(id: String, size: CGSize, draw: @escaping (inout GraphicsContext, CGSize) -> Void) {
        (self.id, self.size, self.draw) = (id, size, draw)
    }
}

/// Collects a canvas's symbols, as SwiftUI's view builder collects tagged views.
@resultBuilder
public enum CanvasSymbolBuilder {
    public static func buildArray(_ symbols: [[CanvasSymbol]]) -> [CanvasSymbol] { symbols.flatMap { $0 } }
    public static func buildExpression(_ symbol: CanvasSymbol) -> [CanvasSymbol] { [symbol] }
    public static func buildBlock(_ groups: [CanvasSymbol]...) -> [CanvasSymbol] { groups.flatMap { $0 } }
}

extension GraphicsContext {
    /// A symbol ready to stamp, as SwiftUI's `ResolvedSymbol`.
    public struct ResolvedSymbol: Sendable {
        let symbol: DisplayList.Symbol
        public var size: CGSize { symbol.size }
    }

    /// The canvas's symbol `id`, or `nil` if it has none by that id.
    public func resolveSymbol(id: String) -> ResolvedSymbol? {
        symbols[id].map { ResolvedSymbol(symbol: $0) }
    }

    /// Stamps `symbol` with its `anchor` point at `point`. Where the transform only translates,
    /// the symbol is rasterized once per frame (per quarter-pixel phase) and copied; otherwise it
    /// is drawn as vectors.
    public func draw(_ symbol: ResolvedSymbol, at point: CGPoint, anchor: UnitPoint = .center) {
        let origin = CGPoint(
            x: point.x - anchor.x * symbol.size.width, y: point.y - anchor.y * symbol.size.height)
        record(
            .stamp(
                DisplayList.Stamp(
                    symbol: symbol.symbol,
                    transform: CGAffineTransform(translationX: origin.x, y: origin.y).concatenating(
                        transform),
                    opacity: min(max(opacity, 0), 1), blendMode: blendMode, clips: clips)))
    }
}
