import FlipbookRaster

extension StructuralSimilarity {
    /// Where the pictures differ, as a picture: each pixel's dissimilarity 1 − SSIM on a heat
    /// scale — black where its window is alike, through red and yellow, to white where it is
    /// half unlike or worse (1 − SSIM ≥ 0.5). The scale stops at 0.5 because a one-pixel line
    /// already takes the windows it crosses there, and a scale to 2 (SSIM's full range) would
    /// leave it a dim red.
    package var heatMap: Pixmap {
        var pixmap = Pixmap(width: width, height: height)
        for (pixel, score) in map.enumerated() {
            let heat = min(max((1 - score) / Self.hottest, 0), 1)
            // Three equal thirds: red rises, then green, then blue.
            func channel(_ third: Double) -> UInt8 {
                UInt8((min(max(heat * 3 - third, 0), 1) * 255).rounded())
            }
            let i = pixel * 4
            (pixmap.bytes[i], pixmap.bytes[i + 1], pixmap.bytes[i + 2], pixmap.bytes[i + 3]) =
                (channel(0), channel(1), channel(2), 255)
        }
        return pixmap
    }

    /// The dissimilarity the heat map shows as white.
    private static let hottest = 0.5
}
