import FlipbookCanvas
import FlipbookGeometry
import FlipbookRaster
import Foundation
import Testing

/// Colour spaces, mixing and `Angle` arithmetic, by numbers.
@Suite struct ColorSpaceAndAngleTests {
    @Test func displayP3ConvertsThroughLinearLight() {
        // P3 greys are sRGB greys (the same white point and transfer curve).
        let grey = Color(.displayP3, red: 0.5, green: 0.5, blue: 0.5)
        #expect(abs(grey.red - 0.5) < 1e-6 && abs(grey.green - 0.5) < 1e-6 && abs(grey.blue - 0.5) < 1e-6)
        // P3's red is outside sRGB: it clips to sRGB's red.
        let red = Color(.displayP3, red: 1, green: 0, blue: 0)
        #expect(abs(red.red - 1) < 1e-9 && red.green < 1e-9 && red.blue < 1e-9)
        // A P3 orange, against the conversion through CIE XYZ with the published P3 → XYZ and
        // XYZ → sRGB matrices (computed independently): (0.8496, 0.4819, 0.0837).
        let orange = Color(.displayP3, red: 0.8, green: 0.5, blue: 0.2)
        #expect(abs(orange.red - 0.8496) < 0.002 && abs(orange.green - 0.4819) < 0.002)
        #expect(abs(orange.blue - 0.0837) < 0.002)
        let linear = Color(.sRGBLinear, red: 0.214, green: 0.214, blue: 0.214)
        #expect(abs(linear.red - 0.5) < 0.001)
        #expect(Color(.sRGB, white: 0.3, opacity: 0.5) == Color(white: 0.3, opacity: 0.5))
    }

    @Test func shadingsTakeAColorSpaceAsSwiftUIs() {
        func painted(_ shading: GraphicsContext.Shading) -> PremultipliedColor {
            Canvas { context, size in
                context.fill(Path(CGRect(origin: .zero, size: size)), with: shading)
            }.rendered(width: 2, height: 2)[1, 1]
        }
        // Linear 0.214 is encoded 0.4995: 127 of 255 (it would be 55 read as encoded).
        #expect(painted(.color(.sRGBLinear, red: 0.214, green: 0.214, blue: 0.214)).red == 127)
        #expect(
            painted(.color(white: 0.5, opacity: 0.5))
                == PremultipliedColor(red: 64, green: 64, blue: 64, alpha: 128))
        #expect(
            painted(.color(.displayP3, white: 1))
                == PremultipliedColor(red: 255, green: 255, blue: 255, alpha: 255))
        #expect(
            painted(.color(red: 1, green: 0, blue: 0))
                == PremultipliedColor(red: 255, green: 0, blue: 0, alpha: 255))
        // A palette paints one-layer drawings with its first shading.
        #expect(painted(.palette([.color(white: 1), .color(red: 1, green: 0, blue: 0)])).green == 255)
        #expect(painted(.palette([.color(white: 0.5), .color(white: 1)])).red == 128)
        #expect(painted(.palette([])).alpha == 0)
    }

    @Test func mixingIsPerceptualByDefault() {
        let device = Color.black.mix(with: .white, by: 0.5, in: .device)
        #expect(abs(device.red - 0.5) < 1e-9)
        // Oklab lightness 0.5 is linear 0.125, sRGB ≈ 0.389.
        let perceptual = Color.black.mix(with: .white, by: 0.5)
        #expect(abs(perceptual.red - 0.3885) < 0.002 && abs(perceptual.red - perceptual.blue) < 1e-6)
        #expect(Color.red.mix(with: .blue, by: 0) == Color.red)
        let half = Color.red.opacity(0).mix(with: .red, by: 0.5)
        #expect(abs(half.alpha - 0.5) < 1e-9)
    }

    @Test func anglesAddScaleAndCompare() {
        let right = Angle.degrees(90)
        #expect(abs((right + .degrees(45)).degrees - 135) < 1e-9)
        #expect(abs((right - .radians(.pi)).degrees + 90) < 1e-9)
        #expect(abs((right * 2).degrees - 180) < 1e-9 && abs((0.5 * right).degrees - 45) < 1e-9)
        #expect(abs((right / 3).degrees - 30) < 1e-9)
        #expect((-right).degrees == -90)
        #expect(Angle.degrees(10) < .degrees(20) && Angle.zero == .degrees(0))
        var turning = Angle.zero
        turning += .degrees(30)
        turning *= 3
        #expect(abs(turning.degrees - 90) < 1e-9)
    }
}
