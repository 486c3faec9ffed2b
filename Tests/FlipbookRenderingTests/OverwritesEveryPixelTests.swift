import FlipbookCanvas
import FlipbookGeometry
import FlipbookRaster
import FlipbookRendering
import Foundation
import Testing

/// Which drawings set every pixel whatever the canvas held, so that a renderer may draw them
/// without clearing first — and, for each one said to, proof: drawn over a canvas full of other
/// pixels, it gives the pixels it gives on a clear canvas.
@Suite struct OverwritesEveryPixelTests {
    static let width = 64
    static let height = 48
    static let frame = CGRect(x: 0, y: 0, width: 64, height: 48)
    static let opaqueRamp = Gradient(colors: [.indigo, .orange, .teal])

    private static func list(_ draw: @escaping (inout GraphicsContext) -> Void) -> DisplayList {
        Canvas { context, _ in draw(&context) }.displayList(size: CGSize(width: width, height: height))
    }

    /// A sprite drawn over each background, so that the drawings are more than one fill.
    private static func sprite(_ context: inout GraphicsContext) {
        context.fill(
            Path(ellipseIn: CGRect(x: 10.3, y: 7.6, width: 30, height: 20)), with: .color(.pink.opacity(0.6)))
    }

    static let overwriting: [(String, DisplayList)] = [
        (
            "an opaque radial gradient lit from a focal point",
            list { context in
                context.fill(
                    Path(frame),
                    with: .radialGradient(
                        opaqueRamp, startCenter: CGPoint(x: 40, y: 18), startRadius: 0,
                        endCenter: CGPoint(x: 32, y: 24), endRadius: 30))
                sprite(&context)
            }
        ),
        (
            "an opaque colour over the frame",
            list { context in
                context.fill(Path(frame), with: .color(.blue))
                sprite(&context)
            }
        ),
        (
            "a gradient over a larger, offset rectangle",
            list { context in
                context.fill(
                    Path(CGRect(x: -3.7, y: -0.2, width: 80, height: 60)),
                    with: .linearGradient(opaqueRamp, startPoint: .zero, endPoint: CGPoint(x: 64, y: 48)))
                sprite(&context)
            }
        ),
        (
            "a frame-sized rectangle scaled into place",
            list { context in
                context.scaleBy(x: 2, y: 2)
                context.fill(Path(CGRect(x: 0, y: 0, width: 32, height: 24)), with: .color(.green))
            }
        ),
        (
            "a named layer holding an opaque background and normal drawing",
            list { context in
                context.drawLayer(named: "Background") { layer in
                    layer.fill(
                        Path(frame),
                        with: .radialGradient(
                            opaqueRamp, center: CGPoint(x: 30, y: 20), startRadius: 0, endRadius: 40))
                    sprite(&layer)
                }
                sprite(&context)
            }
        ),
    ]

    static let notOverwriting: [(String, DisplayList)] = [
        ("nothing", list { _ in }),
        (
            "an opaque two-point gradient whose circles do not nest",
            list {
                $0.fill(
                    Path(frame),
                    with: .radialGradient(
                        opaqueRamp, startCenter: CGPoint(x: 10, y: 24), startRadius: 4,
                        endCenter: CGPoint(x: 50, y: 24), endRadius: 10))
            }
        ),
        ("a translucent colour", list { $0.fill(Path(frame), with: .color(.blue.opacity(0.5))) }),
        (
            "a gradient with a translucent stop",
            list {
                $0.fill(
                    Path(frame),
                    with: .linearGradient(
                        Gradient(colors: [.red, .clear]), startPoint: .zero, endPoint: CGPoint(x: 64, y: 0)))
            }
        ),
        (
            "a rectangle half a pixel short",
            list { $0.fill(Path(CGRect(x: 0, y: 0, width: 63.5, height: 48)), with: .color(.red)) }
        ),
        (
            "a rotated rectangle around the frame",
            list { context in
                context.rotate(by: .degrees(10))
                context.fill(Path(CGRect(x: -50, y: -50, width: 200, height: 200)), with: .color(.red))
            }
        ),
        (
            "an ellipse around the frame",
            list {
                $0.fill(Path(ellipseIn: CGRect(x: -40, y: -40, width: 150, height: 130)), with: .color(.red))
            }
        ),
        (
            "the frame at lowered opacity",
            list { context in
                context.opacity = 0.9
                context.fill(Path(frame), with: .color(.red))
            }
        ),
        (
            "the frame multiplied",
            list { context in
                context.blendMode = .multiply
                context.fill(Path(frame), with: .color(.red))
            }
        ),
        (
            "the frame under a clip",
            list { context in
                context.clip(to: Path(ellipseIn: frame))
                context.fill(Path(frame), with: .color(.red))
            }
        ),
        (
            "a blurred layer",
            list { context in
                context.drawLayer { layer in
                    layer.addFilter(.blur(radius: 3))
                    layer.fill(Path(frame), with: .color(.red))
                }
            }
        ),
        (
            "a layer that cuts a hole in its background",
            list { context in
                context.drawLayer { layer in
                    layer.fill(Path(frame), with: .color(.red))
                    layer.blendMode = .destinationOut
                    sprite(&layer)
                }
            }
        ),
        (
            "an opaque background second",
            list { context in
                sprite(&context)
                context.fill(Path(frame), with: .color(.red))
            }
        ),
    ]

    @Test(arguments: overwriting)
    func aDrawingThatOverwritesEveryPixelGivesTheSamePixelsOverAnything(
        _ name: String, _ drawing: DisplayList
    ) {
        #expect(drawing.overwritesEveryPixel(width: Self.width, height: Self.height), "\(name)")
        var rasterizer = Rasterizer()
        var clear = Pixmap(width: Self.width, height: Self.height)
        drawing.render(into: &clear, using: &rasterizer)
        // Every byte of the canvas set to something else first: a pattern of translucent and
        // opaque premultiplied pixels.
        var busy = Pixmap(width: Self.width, height: Self.height)
        for pixel in 0..<(Self.width * Self.height) {
            let alpha = pixel * 37 % 256
            let value = UInt8(pixel * 11 % (alpha + 1))
            busy.bytes.replaceSubrange(
                (pixel * 4)..<(pixel * 4 + 4), with: [value, value / 2, value / 3, UInt8(alpha)])
        }
        drawing.render(into: &busy, using: &rasterizer)
        #expect(busy == clear, "\(name)")
    }

    @Test(arguments: notOverwriting)
    func aDrawingThatMayLeaveOldPixelsIsNotSaidToOverwriteThem(_ name: String, _ drawing: DisplayList) {
        #expect(!drawing.overwritesEveryPixel(width: Self.width, height: Self.height), "\(name)")
    }
}
