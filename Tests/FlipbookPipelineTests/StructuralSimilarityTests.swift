import FlipbookPipeline
import FlipbookRaster
import Testing

/// `StructuralSimilarity` and `GoldenComparison`, `flipbook test`'s metric: SSIM of luma over
/// 11×11 Gaussian windows (Wang et al. 2004), the worst window deciding.
@Suite struct StructuralSimilarityTests {
    /// A 64 × 48 picture with structure everywhere: a diagonal gradient, a dark disc and a
    /// light bar, opaque.
    private func picture() -> Pixmap {
        var pixmap = Pixmap(width: 64, height: 48)
        for y in 0..<48 {
            for x in 0..<64 {
                var value = 20 + x + y
                if (x - 20) * (x - 20) + (y - 24) * (y - 24) < 100 { value = 30 }
                if (40..<56).contains(x) && (10..<14).contains(y) { value = 230 }
                let v = UInt8(value)
                pixmap[x, y] = PremultipliedColor(red: v, green: v, blue: v, alpha: 255)
            }
        }
        return pixmap
    }

    /// `pixmap` with every channel of every pixel moved by −2…2 code values (a fixed
    /// pseudo-random sequence, so the test is the same every run).
    private func noisy(_ pixmap: Pixmap) -> Pixmap {
        var noisy = pixmap
        var state: UInt32 = 12_345
        for i in noisy.bytes.indices where i % 4 != 3 {
            state = state &* 1_103_515_245 &+ 12_345
            let offset = Int(state >> 16) % 5 - 2
            noisy.bytes[i] = UInt8(min(max(Int(noisy.bytes[i]) + offset, 0), 255))
        }
        return noisy
    }

    /// `pixmap` with a one-pixel-wide vertical line at column `x`, from row 8 to 39, of grey
    /// `value`.
    private func withLine(_ pixmap: Pixmap, x: Int, value: UInt8) -> Pixmap {
        var lined = pixmap
        for y in 8..<40 {
            lined[x, y] = PremultipliedColor(red: value, green: value, blue: value, alpha: 255)
        }
        return lined
    }

    @Test func aPictureIsWhollyAlikeItself() throws {
        let similarity = try #require(StructuralSimilarity(reference: picture(), candidate: picture()))
        #expect(abs(similarity.lowest.score - 1) < 1e-12)
        #expect(abs(similarity.mean - 1) < 1e-12)
    }

    /// Two flat greys a and b have no variance, so SSIM is its luminance term alone:
    /// (2ab + C1) / (a² + b² + C1), C1 = (0.01 · 255)².
    @Test func flatGreysScoreTheLuminanceTermOfTheDefinition() throws {
        func flat(_ value: UInt8) -> Pixmap {
            var pixmap = Pixmap(width: 20, height: 16)
            pixmap.clear(to: PremultipliedColor(red: value, green: value, blue: value, alpha: 255))
            return pixmap
        }
        let similarity = try #require(StructuralSimilarity(reference: flat(100), candidate: flat(130)))
        let c1 = (0.01 * 255.0) * (0.01 * 255.0)
        let expected = (2 * 100.0 * 130 + c1) / (100.0 * 100 + 130.0 * 130 + c1)
        #expect(
            abs(similarity.lowest.score - expected) < 1e-9, "\(similarity.lowest.score), expected \(expected)"
        )
        #expect(abs(similarity.mean - expected) < 1e-9)
    }

    /// Noise of ±2 code values — more than renderers' rounding differs by — matches at the
    /// default tolerance, and fails at tolerance 0: the tolerance is what lets it through.
    @Test func noiseOfTwoCodeValuesMatchesAtTheDefaultTolerance() throws {
        let reference = picture()
        let comparison = try #require(
            GoldenComparison(
                reference: reference, candidate: noisy(reference),
                tolerance: GoldenComparison.defaultTolerance))
        #expect(comparison.matches, "lowest SSIM \(comparison.similarity.lowest)")
        #expect(comparison.similarity.lowest.score < 1)
        let strict = try #require(
            GoldenComparison(reference: reference, candidate: noisy(reference), tolerance: 0))
        #expect(!strict.matches)
    }

    /// A one-pixel-wide line fails at the default tolerance — a black one and a lighter grey —
    /// found where it is, though the mean hardly moves.
    @Test(arguments: [(UInt8(0), 0.3), (UInt8(160), 0.9)])
    func aOnePixelLineDiffersAtTheDefaultTolerance(value: UInt8, below: Double) throws {
        let reference = picture()
        // Column 60 runs through the gradient, whose grey there is 20 + 60 + y: 88…119 on rows
        // 8…39; 160 is 40 or more off it, and 0 further.
        let comparison = try #require(
            GoldenComparison(
                reference: reference, candidate: withLine(reference, x: 60, value: value),
                tolerance: GoldenComparison.defaultTolerance))
        #expect(!comparison.matches)
        let lowest = comparison.similarity.lowest
        #expect(lowest.score < below, "lowest SSIM \(lowest)")
        #expect(abs(lowest.x - 60) <= 1 && (8..<40).contains(lowest.y), "worst window at \(lowest)")
        #expect(comparison.similarity.mean > 0.9, "the mean alone would pass: \(comparison.similarity.mean)")
    }

    /// A faint line, ten code values off a flat grey, still fails: SSIM ≈ 0.75 there.
    @Test func aFaintOnePixelLineOnFlatGreyDiffers() throws {
        var flat = Pixmap(width: 40, height: 48)
        flat.clear(to: PremultipliedColor(red: 128, green: 128, blue: 128, alpha: 255))
        let comparison = try #require(
            GoldenComparison(
                reference: flat, candidate: withLine(flat, x: 20, value: 138),
                tolerance: GoldenComparison.defaultTolerance))
        #expect(!comparison.matches)
        #expect(comparison.similarity.lowest.score > 0.6 && comparison.similarity.lowest.score < 0.9)
    }

    @Test func picturesOfOtherSizesAreNotCompared() {
        #expect(StructuralSimilarity(reference: picture(), candidate: Pixmap(width: 64, height: 47)) == nil)
    }

    /// The heat map is black where the windows are alike and white on a black line across
    /// white-ish grey, where they share nothing.
    @Test func theHeatMapIsBlackWhereAlikeAndWhiteOnTheLine() throws {
        let reference = picture()
        let similarity = try #require(
            StructuralSimilarity(reference: reference, candidate: withLine(reference, x: 60, value: 0)))
        let heat = similarity.heatMap
        #expect(heat.width == 64 && heat.height == 48)
        #expect(heat[5, 40] == PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 255))
        #expect(heat[60, 24] == PremultipliedColor(red: 255, green: 255, blue: 255, alpha: 255))
    }
}
