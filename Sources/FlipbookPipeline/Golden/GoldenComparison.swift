import FlipbookRaster

/// A frame compared with its reference picture by `StructuralSimilarity`, and the verdict: it
/// matches when its least similar window is at least 1 − `tolerance` alike.
///
/// The worst window decides, not the mean: a one-pixel line across a 1080p frame moves the mean
/// SSIM by a fraction of a percent, but takes the windows it crosses near 0. Noise of ±2 code
/// values, the most two renderers' rounding should ever differ by, leaves flat windows at about
/// 0.97 (SSIM's constants outweigh its variance of 2), so the default tolerance of 0.05 ignores
/// it and still catches a line that changes by ten code values (about 0.75).
package struct GoldenComparison: Sendable {
    /// The tolerance `flipbook test` uses unless `--tolerance` says otherwise.
    package static let defaultTolerance = 0.05

    /// The similarity of the frame to its reference, window by window.
    package let similarity: StructuralSimilarity
    /// The lowest SSIM a window may have, as 1 − it: 0 asks for identical luma.
    package let tolerance: Double

    /// The frame `candidate` compared with `reference`; `nil` when their sizes differ.
    package init?(reference: Pixmap, candidate: Pixmap, tolerance: Double) {
        guard let similarity = StructuralSimilarity(reference: reference, candidate: candidate) else {
            return nil
        }
        (self.similarity, self.tolerance) = (similarity, tolerance)
    }

    /// Whether the frame matches its reference.
    package var matches: Bool { similarity.lowest.score >= 1 - tolerance }
}
