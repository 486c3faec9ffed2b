import FlipbookCanvas
import FlipbookGeometry
import FlipbookJSON
import FlipbookTimeline
import Foundation

/// The lesson's hearts: one resolved symbol drawn many times in a row — here each one beating
/// a little after its neighbour.
public struct HeartsScene: AnimatedScene {
    let count: Int
    let symbol: String
    let symbolSize: Double
    let spacing: Double
    let color: Color
    let beatsPerSecond: Double

    static func read(_ source: inout any ParameterSource, context: SceneCatalog.DecodingContext)
        throws(PresetError) -> HeartsScene
    {
        let scene = HeartsScene(
            count: try source.integer("count", "number of symbols", default: 20, in: 1...10_000),
            symbol: try source.choice(
                "symbol", "the system symbol drawn", default: "heart.fill", among: SystemSymbols.names),
            symbolSize: try source.number("size", "symbol size, points", default: 20, in: 1...10_000),
            spacing: try source.number(
                "spacing", "distance between symbols, points", default: 20, in: 0...10_000),
            color: try source.color("color", "the symbols' colour", default: .red),
            beatsPerSecond: try source.number(
                "beatsPerSecond", "heartbeats per second; 0 for none", default: 1.2, in: 0...100))
        try context.checkPaintedArea(
            shapes: scene.count, area: scene.symbolSize * scene.symbolSize, source, key: "size")
        return scene
    }

    public func draw(in context: inout GraphicsContext, size: CGSize, time: FrameTime) {
        let image = context.resolve(Image(systemName: symbol))
        let left = size.width / 2 - Double(count - 1) * spacing / 2
        for i in 0..<count {
            let beat =
                beatsPerSecond > 0
                ? max(0, sin((time.seconds * beatsPerSecond - Double(i) * 0.05) * 2 * .pi)) : 0
            let side = symbolSize * (1 + 0.25 * beat * beat)
            var resolved = image
            resolved.shading = .color(color)
            context.draw(
                resolved,
                in: CGRect(
                    x: left + Double(i) * spacing - side / 2, y: size.height / 2 - side / 2, width: side,
                    height: side))
        }
    }

    public var accessibilityLabel: String? {
        "\(count) \(symbol.split(separator: ".").first ?? "symbol")s beating in a row."
    }
}
