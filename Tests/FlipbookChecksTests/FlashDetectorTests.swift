import FlipbookChecks
import FlipbookRaster
import Testing

/// The flash verdicts WCAG 2.3.1 gives synthetic sequences: a rectangle of the screen
/// alternating between two colours a given number of times a second, 30 frames a second.
@Suite struct FlashDetectorTests {
    /// The findings of `seconds` of video in which a rectangle covering `area` of a 96 × 54
    /// screen shows `light` and `dark` in turn, `flashes` pairs a second.
    private func findings(
        flashes: Double, area: Double, light: (UInt8, UInt8, UInt8) = (255, 255, 255),
        dark: (UInt8, UInt8, UInt8) = (0, 0, 0), kind: FlashKind = .general, seconds: Double = 3
    ) -> [FlashFinding] {
        let (width, height) = (96, 54)
        let side = area.squareRoot()
        let (w, h) = (Int((Double(width) * side).rounded()), Int((Double(height) * side).rounded()))
        var detector = FlashDetector(kind: kind, width: width, height: height, framesPerSecond: 30)
        for frame in 0..<Int(seconds * 30) {
            // Which half of its cycle the rectangle is in at the frame's time.
            let isLight = Int((Double(frame) / 30 * flashes * 2).rounded(.down)) % 2 == 1
            let colour = isLight ? light : dark
            var pixmap = Pixmap(width: width, height: height)
            for y in 0..<height {
                for x in 0..<width {
                    let inside = x < w && y < h
                    let (r, g, b) = inside ? colour : (0, 0, 0)
                    pixmap[x, y] = PremultipliedColor(red: r, green: g, blue: b, alpha: 255)
                }
            }
            detector.add(pixmap)
        }
        detector.finish()
        return detector.findings
    }

    @Test(arguments: [(2.0, false), (3.0, false), (4.0, true), (10.0, true)])
    func aLargeAreaFailsAboveThreeFlashesASecond(flashes: Double, fails: Bool) {
        let found = findings(flashes: flashes, area: 0.3)
        #expect(!found.isEmpty == fails)
        if fails {
            #expect(found.count == 1)
            #expect(found[0].flashesPerSecond >= 3.5)
            #expect(abs(found[0].area - 0.3) < 0.02)
        }
    }

    @Test(arguments: [4.0, 10.0])
    func aSmallAreaPassesAtAnyRate(flashes: Double) {
        // 8 % of the screen: under a quarter of a 10° field (a ninth of the screen).
        #expect(findings(flashes: flashes, area: 0.08).isEmpty)
        // Just over a ninth fails.
        #expect(!findings(flashes: flashes, area: 0.125).isEmpty)
    }

    @Test func smallChangesOfLuminanceAreNotFlashes() {
        // 0.20 against 0.27: under a tenth of the maximum luminance.
        let grey = (UInt8(124), UInt8(124), UInt8(124))
        let lighter = (UInt8(144), UInt8(144), UInt8(144))
        #expect(findings(flashes: 10, area: 1, light: lighter, dark: grey).isEmpty)
        // Both ends lighter than 0.8: not a flash however large the change... (0.81 to 1.0 is small).
        let light = (UInt8(235), UInt8(235), UInt8(235))
        #expect(findings(flashes: 10, area: 1, light: (255, 255, 255), dark: light).isEmpty)
    }

    @Test func aSaturatedRedAgainstGreyOfTheSameLuminanceIsARedFlashOnly() {
        // Pure red, relative luminance 0.2126, and grey 127 (0.2122): no change of luminance.
        let red = (UInt8(255), UInt8(0), UInt8(0))
        let grey = (UInt8(127), UInt8(127), UInt8(127))
        #expect(findings(flashes: 5, area: 0.5, light: red, dark: grey, kind: .general).isEmpty)
        let found = findings(flashes: 5, area: 0.5, light: red, dark: grey, kind: .red)
        #expect(found.count == 1)
        #expect(found.first?.kind == .red)
        #expect(findings(flashes: 3, area: 0.5, light: red, dark: grey, kind: .red).isEmpty)
    }

    @Test func theAreaCountedIsWhatFlashesInsideOne10DegreeField() {
        // The whole screen flashing: a field is two thirds of each side, 4/9 of the screen.
        let found = findings(flashes: 10, area: 1)
        #expect(abs((found.first?.area ?? 0) - 4.0 / 9) < 0.01)
    }

    @Test func aFindingSpansTheSecondsThatFlash() {
        // Flashing at 10 a second throughout 3 s: from the first change (frame 2, light from
        // 1/20 s) to the last frame — not from a second before the frame where the count passed
        // the limit, which would take in what came before the flashing.
        let found = findings(flashes: 10, area: 0.5)
        #expect(found.first?.firstFrame == 2)
        #expect(found.first?.lastFrame == 89)
    }
}
