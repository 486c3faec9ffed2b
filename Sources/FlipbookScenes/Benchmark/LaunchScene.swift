import FlipbookCanvas
import FlipbookGeometry
import FlipbookRaster
import FlipbookRendering
import FlipbookTimeline
import Foundation

/// The "launch" frame of `bench/scenes/README.md` — what a marketing video draws, unlike the flat
/// fills of the other benchmark scenes — and each of its elements alone, as `make bench` times
/// them against Skia (`bench/peers/launch.py` draws the same):
///
/// - a full-frame linear gradient (dithered), #0B1026 → #3A1C71 → #D76D77, top-left to
///   bottom-right;
/// - a 400×400 glow: an ellipse centred at (960, 420) filled with a radial gradient from
///   (255, 220, 120, 0.9) at its centre to (255, 140, 60, 0) at radius 200; blurred with σ = 40
///   in the full frame;
/// - the headline "Flipbook 3.0 is out" (19 glyphs), 96 pt bold sans, white, centred at
///   (960, 700); in the full frame with a drop shadow of black at 60 %, σ = 12, 6 points down;
/// - 300 confetti pieces (the built-in scene, seed 0x5EED, one burst at the centre), at t = 0.5 s.
///
/// `empty` draws nothing: what is left is the 8 MB clear every row pays on both engines, the
/// floor under the small elements.
package enum LaunchScene: String, CaseIterable, Sendable {
    case empty
    case gradient
    case glow
    case blurredGlow = "blurred-glow"
    case headline
    case shadowedHeadline = "shadowed-headline"
    case confetti
    case frame

    package static let width = 1920
    package static let height = 1080
    package static let headlineText = "Flipbook 3.0 is out"
    /// The time the frame is drawn at.
    package static let seconds = 0.5

    /// What the element draws.
    package var displayList: DisplayList {
        let size = CGSize(width: Double(Self.width), height: Double(Self.height))
        return Canvas { context, _ in draw(in: &context) }.displayList(size: size)
    }

    /// Draws the element (or, for `frame`, all of them bottom to top).
    package func draw(in context: inout GraphicsContext) {
        switch self {
        case .empty: break
        case .gradient: Self.drawGradient(in: &context)
        case .glow: Self.drawGlow(in: &context, blurred: false)
        case .blurredGlow: Self.drawGlow(in: &context, blurred: true)
        case .headline: Self.drawHeadline(in: &context, shadowed: false)
        case .shadowedHeadline: Self.drawHeadline(in: &context, shadowed: true)
        case .confetti: Self.drawConfetti(in: &context)
        case .frame:
            Self.drawGradient(in: &context)
            Self.drawGlow(in: &context, blurred: true)
            Self.drawConfetti(in: &context)
            Self.drawHeadline(in: &context, shadowed: true)
        }
    }

    /// Frame 0 of the element on a transparent pixmap, cleared first as every engine does.
    package func render(into pixmap: inout Pixmap, using rasterizer: inout Rasterizer) {
        pixmap.clear()
        displayList.render(into: &pixmap, using: &rasterizer)
    }

    /// The background's colours, dark to light.
    static let backgroundColors = [Color(hex: "#0B1026")!, Color(hex: "#3A1C71")!, Color(hex: "#D76D77")!]

    static func drawGradient(in context: inout GraphicsContext) {
        let gradient = Gradient(colors: backgroundColors)
        context.fill(
            Path(CGRect(x: 0, y: 0, width: Double(width), height: Double(height))),
            with: .linearGradient(
                gradient, startPoint: .zero, endPoint: CGPoint(x: Double(width), y: Double(height))))
    }

    static func drawGlow(
        in context: inout GraphicsContext, blurred: Bool, center: CGPoint = CGPoint(x: 960, y: 420)
    ) {
        var layer = context
        if blurred { layer.addFilter(.blur(radius: 40)) }
        let gradient = Gradient(colors: [
            Color(red: 1, green: 220 / 255, blue: 120 / 255, opacity: 0.9),
            Color(red: 1, green: 140 / 255, blue: 60 / 255, opacity: 0),
        ])
        layer.fill(
            Path(ellipseIn: CGRect(x: center.x - 200, y: center.y - 200, width: 400, height: 400)),
            with: .radialGradient(gradient, center: center, startRadius: 0, endRadius: 200))
    }

    /// Draws `string` (the headline unless given) centred at `center`.
    /// The headline, white, centred at `center`; with `outline` > 0 rimmed by a black outline
    /// that wide (round joins) under the letters, as outlined captions are.
    static func drawHeadline(
        in context: inout GraphicsContext, shadowed: Bool, string: String = headlineText,
        center: CGPoint = CGPoint(x: 960, y: 700), outline: Double = 0
    ) {
        var layer = context
        if shadowed { layer.addFilter(.shadow(color: Color(white: 0, opacity: 0.6), radius: 12, x: 0, y: 6)) }
        // DejaVu Sans Bold by name, as the peers draw it (bench/peers/launch.py), whatever the
        // default sans-serif is.
        let text = Text(string).font(.custom("DejaVu Sans", size: 96).bold())
            .foregroundStyle(Color.white)
        if outline > 0 {
            layer.stroke(
                layer.resolve(text), at: center, with: .color(.black),
                style: StrokeStyle(lineWidth: outline, lineJoin: .round))
        }
        layer.draw(text, at: center)
    }

    static func drawConfetti(in context: inout GraphicsContext, seconds: Double = seconds) {
        var configuration = ConfettiScene.Configuration()
        configuration.seed = 0x5EED
        configuration.count = 300
        ConfettiScene(configuration).draw(
            in: &context, size: CGSize(width: Double(width), height: Double(height)),
            time: FrameTime(index: Int((seconds * 60).rounded()), seconds: seconds))
    }
}
