import FlipbookLottie
import FlipbookRaster
import Foundation
import Testing

/// Layer effects (`ef`) against pixels that follow from their parameters.
struct LottieEffectTests {
    /// An effect parameter item holding `value`.
    private static func parameter(_ value: String) -> String {
        "{\"ty\": 0, \"v\": {\"a\": 0, \"k\": \(value)}}"
    }

    /// Frame 0 of a shape layer holding `shapes`, its effects `effects` (a JSON array), its
    /// transform `transform`.
    private func render(shapes: String, effects: String, transform: String = "{}") throws -> Pixmap {
        let layer = """
            {"ty": 4, "nm": "fx", "ip": 0, "op": 10, "st": 0, "ks": \(transform), "shapes": \(shapes), "ef": \(effects)}
            """
        return try LottieFixture.render(LottieFixture.document(layers: "[\(layer)]"), frame: 0)
    }

    private static let square = "[\(LottieFixture.filledRectangle(x: 40, y: 40, width: 20, height: 20))]"

    private static func dropShadow(distance: Double, shadowOnly: Bool = false, enabled: Bool = true) -> String
    {
        let items = [
            parameter("[0, 0, 1, 1]"), parameter("255"), parameter("90"), parameter("\(distance)"),
            parameter("0"), parameter(shadowOnly ? "1" : "0"),
        ]
        return """
            [{"ty": 25, "nm": "Drop Shadow", "en": \(enabled ? 1 : 0), "ef": [\(items.joined(separator: ", "))]}]
            """
    }

    @Test func dropShadowFallsDistanceAwayInItsDirection() throws {
        // The red square covers 30…50; its blue shadow 30 to the right (direction 90°) covers
        // 60…80, under nothing.
        let pixmap = try render(shapes: Self.square, effects: Self.dropShadow(distance: 30))
        #expect(pixmap[40, 40] == PremultipliedColor(red: 255, green: 0, blue: 0, alpha: 255))
        #expect(pixmap[70, 40] == PremultipliedColor(red: 0, green: 0, blue: 255, alpha: 255))
        #expect(pixmap[55, 40].alpha == 0)
        #expect(pixmap[85, 40].alpha == 0)
    }

    @Test func dropShadowDistanceIsInTheLayersSpace() throws {
        // At half scale the square covers 15…25 and the shadow, 40 of the layer's units away,
        // lies 20 pixels to the right: 35…45.
        let pixmap = try render(
            shapes: Self.square, effects: Self.dropShadow(distance: 40),
            transform: "{\"s\": {\"a\": 0, \"k\": [50, 50]}}")
        #expect(pixmap[20, 20].red == 255)
        #expect(pixmap[40, 20].blue == 255)
        #expect(pixmap[30, 20].alpha == 0)
        #expect(pixmap[48, 20].alpha == 0)
    }

    @Test func shadowOnlyLeavesOutTheLayer() throws {
        let pixmap = try render(shapes: Self.square, effects: Self.dropShadow(distance: 30, shadowOnly: true))
        #expect(pixmap[40, 40].alpha == 0)
        #expect(pixmap[70, 40].blue == 255)
    }

    @Test func disabledEffectDrawsNothing() throws {
        let pixmap = try render(shapes: Self.square, effects: Self.dropShadow(distance: 30, enabled: false))
        #expect(pixmap[40, 40].red == 255)
        #expect(pixmap[70, 40].alpha == 0)
    }

    /// A fill effect (`ty: 21`, seven parameters: the colour third, the opacity last) of green
    /// at `opacity` (0…1), as the effects array.
    private static func greenFill(opacity: Double) -> String {
        let items = (0..<7).map { index in
            switch index {
            case 2: parameter("[0, 1, 0, 1]")
            case 6: parameter("\(opacity)")
            default: parameter("0")
            }
        }
        return "[{\"ty\": 21, \"nm\": \"Fill\", \"ef\": [\(items.joined(separator: ", "))]}]"
    }

    @Test func fillEffectRecoloursKeepingCoverage() throws {
        let pixmap = try render(shapes: Self.square, effects: Self.greenFill(opacity: 1))
        #expect(pixmap[40, 40] == PremultipliedColor(red: 0, green: 255, blue: 0, alpha: 255))
        #expect(pixmap[60, 40].alpha == 0)
    }

    @Test func aFillOverOverlappingPaintsRecoloursTheirComposite() throws {
        // Red covers 30…50, half-transparent blue 40…60 above it; a fill of green at half
        // opacity maps each composited colour c to (c + green) ÷ 2, as the filtered layer
        // would — here taken on by the paints, with no layer.
        let blue = """
            {"ty": "gr", "it": [
              {"ty": "rc", "p": {"a": 0, "k": [50, 40]}, "s": {"a": 0, "k": [20, 20]}, "r": {"a": 0, "k": 0}},
              {"ty": "fl", "c": {"a": 0, "k": [0, 0, 1]}, "o": {"a": 0, "k": 100}},
              {"ty": "tr", "p": {"a": 0, "k": [0, 0]}, "o": {"a": 0, "k": 50}}
            ]}
            """
        let pixmap = try render(
            shapes: "[\(blue), \(LottieFixture.filledRectangle(x: 40, y: 40, width: 20, height: 20))]",
            effects: Self.greenFill(opacity: 0.5))
        func expectNear(_ pixel: PremultipliedColor, _ expected: (Double, Double, Double, Double)) {
            let channels = [pixel.red, pixel.green, pixel.blue, pixel.alpha].map(Double.init)
            let wanted = [expected.0, expected.1, expected.2, expected.3]
            #expect(zip(channels, wanted).allSatisfy { abs($0 - $1) <= 1 }, "\(pixel) is not \(wanted)")
        }
        // Red alone: (255, 0, 0) → (127.5, 127.5, 0), opaque.
        expectNear(pixmap[35, 40], (127.5, 127.5, 0, 255))
        // Blue at half over red: (127.5, 0, 127.5) → (63.75, 127.5, 63.75), opaque.
        expectNear(pixmap[45, 40], (63.75, 127.5, 63.75, 255))
        // Blue alone at half: its colour (0, 0, 255) → (0, 127.5, 127.5), premultiplied by ½.
        expectNear(pixmap[55, 40], (0, 63.75, 63.75, 127.5))
    }

    @Test func tintMapsLuminanceFromBlackToWhiteColours() throws {
        // A white square and a black one, tinted fully: white → red, black → blue.
        let shapes = """
            [\(LottieFixture.filledRectangle(x: 25, y: 50, width: 20, height: 20, color: "[1, 1, 1]")),
             \(LottieFixture.filledRectangle(x: 75, y: 50, width: 20, height: 20, color: "[0, 0, 0]"))]
            """
        let items = [Self.parameter("[0, 0, 1, 1]"), Self.parameter("[1, 0, 0, 1]"), Self.parameter("100")]
        let pixmap = try render(
            shapes: shapes,
            effects: "[{\"ty\": 20, \"nm\": \"Tint\", \"ef\": [\(items.joined(separator: ", "))]}]")
        #expect(pixmap[25, 50] == PremultipliedColor(red: 255, green: 0, blue: 0, alpha: 255))
        #expect(pixmap[75, 50] == PremultipliedColor(red: 0, green: 0, blue: 255, alpha: 255))
    }

    @Test func gaussianBlurSpreadsAnEdgeByItsSigma() throws {
        // A red half plane (x < 50), blurred by blurriness 10: σ = 3 pixels. A pixel's alpha is
        // the normal distribution's share left of the edge, Φ(distance ÷ σ).
        let half = "[\(LottieFixture.filledRectangle(x: 0, y: 50, width: 100, height: 300))]"
        let pixmap = try render(
            shapes: half,
            effects:
                "[{\"ty\": 29, \"nm\": \"Gaussian Blur\", \"ef\": [\(Self.parameter("10")), \(Self.parameter("1"))]}]"
        )
        func expected(_ x: Int) -> Double {
            let distance = 50 - (Double(x) + 0.5)
            return 255 * 0.5 * (1 + erf(distance / 3 / 2.0.squareRoot()))
        }
        for x in [40, 46, 49, 50, 53, 56] {
            #expect(abs(Double(pixmap[x, 50].alpha) - expected(x)) <= 6, "x = \(x)")
        }
    }
}
