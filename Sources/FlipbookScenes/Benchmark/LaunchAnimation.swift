import FlipbookCanvas
import FlipbookGeometry
import FlipbookRaster
import FlipbookRendering
import Foundation

/// The launch frame's elements as a video moves them (`bench/scenes/README.md`, "Launch,
/// animated"): each frame drawn at the next time, so that nothing a static frame's caches
/// keep — a headline's coverage at one place, a glow's colours — is met again unless the
/// renderer finds it again by itself. `make bench` times each against skia-python drawing the
/// same frames (`bench/peers/launch.py --animated`).
///
/// Frame `index` is at t = (index mod 60) / 30 s + (⌊index / 60⌋·φ mod 1) / 30 s: two seconds at
/// 30 fps, then again, each time starting a fraction of a frame later (φ = 0.618…, the golden
/// ratio's fraction, so that no start repeats): no frame is drawn twice however long a run is,
/// and nothing moves out of the frame.
/// - `headline` / `shadowed-headline`: the headline centred at (960, 700 − 20·t), sliding up
///   20 pt a second: two thirds of a pixel a frame, a new subpixel position every frame;
/// - `outlined-headline`: the sliding headline rimmed by a black outline 6 pt wide (round
///   joins) under its letters, as outlined captions are;
/// - `scaling-headline`: the headline centred at (960, 540), scaled by 0.5 + 0.25·t about its
///   centre — growing from half its size to its size over the two seconds, a new size every
///   frame (text zooming in);
/// - `glow` / `blurred-glow`: the glow's ellipse centred at (960 + 50·t, 420);
/// - `radial-background`: the whole frame in a radial gradient of the background's colours,
///   light at the centre, (960 + 240·cos(πt/2), 540 + 240·sin(πt/2)) — a turn every 4 s — to
///   dark at radius 1100;
/// - `focal-background`: the whole frame in the radial gradient's colours about (960, 540) to
///   radius 1100, lit from a focal point at (960 + 400·cos(πt/2), 540 + 250·sin(πt/2)) — a
///   two-point conical gradient whose start circle is that point;
/// - `angular-background`: the whole frame in a conic gradient about (960, 540) through the
///   background's colours and back to the first, turned 90°·t;
/// - `counter`: the number 1000 + 7·index (the headline's font, centred at (960, 540)): its
///   last digits change every frame, the others stay;
/// - `confetti`: the 300 pieces at 0.5 + t s, falling and fading;
/// - `frame`: the gradient, the blurred glow, the confetti and the shadowed headline, each
///   moving as above.
package enum LaunchAnimation: String, CaseIterable, Sendable {
    case headline
    case shadowedHeadline = "shadowed-headline"
    case outlinedHeadline = "outlined-headline"
    case scalingHeadline = "scaling-headline"
    case glow
    case blurredGlow = "blurred-glow"
    case radialBackground = "radial-background"
    case focalBackground = "focal-background"
    case angularBackground = "angular-background"
    case counter
    case confetti
    case frame

    /// Frames per second, and how many frames the animation has before it starts again.
    package static let rate = 30.0
    package static let frames = 60

    /// What the element draws at frame `index`.
    package func displayList(frame index: Int) -> DisplayList {
        let size = CGSize(width: Double(LaunchScene.width), height: Double(LaunchScene.height))
        return Canvas { context, _ in draw(in: &context, frame: index) }.displayList(size: size)
    }

    /// Frame `index` of the element on a transparent pixmap: pass the pixmap and rasterizer of
    /// the previous frame, or fresh ones. Cleared as a render worker clears its frame
    /// (`FramePainter`): only what the previous frame drew (the rasterizer remembers its row
    /// runs; a fresh one knows nothing, so the whole pixmap is cleared), and nothing when the
    /// first item sets every pixel anew (an opaque full-frame background).
    package func render(frame index: Int, into pixmap: inout Pixmap, using rasterizer: inout Rasterizer) {
        let list = displayList(frame: index)
        if list.overwritesEveryPixel(width: pixmap.width, height: pixmap.height) {
            rasterizer.forgetDrawn()
        } else if !rasterizer.clearDrawn(in: &pixmap, to: .transparent) {
            pixmap.clear()
        }
        list.render(into: &pixmap, using: &rasterizer)
    }

    /// The time of frame `index`, in seconds (see the type's summary).
    package static func seconds(ofFrame index: Int) -> Double {
        let lateness = (Double(index / frames) * 0.618_033_988_749_894_9).truncatingRemainder(dividingBy: 1)
        return (Double(index % frames) + lateness) / rate
    }

    /// Draws the element at frame `index`.
    package func draw(in context: inout GraphicsContext, frame index: Int) {
        let t = Self.seconds(ofFrame: index)
        let headline = CGPoint(x: 960, y: 700 - 20 * t)
        let glow = CGPoint(x: 960 + 50 * t, y: 420)
        switch self {
        case .headline: LaunchScene.drawHeadline(in: &context, shadowed: false, center: headline)
        case .shadowedHeadline: LaunchScene.drawHeadline(in: &context, shadowed: true, center: headline)
        case .outlinedHeadline:
            LaunchScene.drawHeadline(in: &context, shadowed: false, center: headline, outline: 6)
        case .scalingHeadline:
            var scaled = context
            scaled.translateBy(x: 960, y: 540)
            scaled.scaleBy(x: 0.5 + 0.25 * t, y: 0.5 + 0.25 * t)
            LaunchScene.drawHeadline(in: &scaled, shadowed: false, center: .zero)
        case .glow: LaunchScene.drawGlow(in: &context, blurred: false, center: glow)
        case .blurredGlow: LaunchScene.drawGlow(in: &context, blurred: true, center: glow)
        case .radialBackground:
            let center = CGPoint(x: 960 + 240 * cos(Double.pi / 2 * t), y: 540 + 240 * sin(Double.pi / 2 * t))
            context.fill(
                Self.wholeFrame,
                with: .radialGradient(
                    Gradient(colors: LaunchScene.backgroundColors.reversed()), center: center, startRadius: 0,
                    endRadius: 1100))
        case .focalBackground:
            let focus = CGPoint(x: 960 + 400 * cos(Double.pi / 2 * t), y: 540 + 250 * sin(Double.pi / 2 * t))
            context.fill(
                Self.wholeFrame,
                with: .radialGradient(
                    Gradient(colors: LaunchScene.backgroundColors.reversed()), startCenter: focus,
                    startRadius: 0,
                    endCenter: CGPoint(x: 960, y: 540), endRadius: 1100))
        case .angularBackground:
            context.fill(
                Self.wholeFrame,
                with: .conicGradient(
                    Gradient(colors: LaunchScene.backgroundColors + [LaunchScene.backgroundColors[0]]),
                    center: CGPoint(x: 960, y: 540), angle: .degrees(90 * t)))
        case .counter:
            LaunchScene.drawHeadline(
                in: &context, shadowed: false, string: String(1000 + 7 * index),
                center: CGPoint(x: 960, y: 540))
        case .confetti: LaunchScene.drawConfetti(in: &context, seconds: 0.5 + t)
        case .frame:
            LaunchScene.drawGradient(in: &context)
            LaunchScene.drawGlow(in: &context, blurred: true, center: glow)
            LaunchScene.drawConfetti(in: &context, seconds: 0.5 + t)
            LaunchScene.drawHeadline(in: &context, shadowed: true, center: headline)
        }
    }

    private static let wholeFrame = Path(
        CGRect(x: 0, y: 0, width: Double(LaunchScene.width), height: Double(LaunchScene.height)))
}
