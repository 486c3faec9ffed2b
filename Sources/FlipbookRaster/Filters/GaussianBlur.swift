import Foundation

/// Gaussian blur, separable. Below σ = 3 it convolves with the sampled Gaussian itself (at most
/// 19 taps, exact to rounding). From σ = 3 it uses three successive centred box blurs per
/// direction — constant time per pixel whatever the radius — with widths chosen so that their
/// combined variance matches σ² (Kovesi's "almost Gaussian" filtering): `m` boxes of odd width `w`
/// and `3 − m` of `w + 2`, `w` the odd width just below `√(12σ²/3 + 1)`. The effective σ is then
/// within 3 % (SVG's single-width rule is up to 9 % off), and the profile within about 3 % of the
/// peak of a true Gaussian.
///
/// `radius` is the standard deviation σ in pixels (Core Image's `inputRadius`, which SwiftUI's
/// blur passes on). Total alpha is kept up to rounding as long as the blurred area stays inside
/// the pixmap — beyond its edges, colour is lost as it would be off screen. Works on
/// premultiplied values, so colours do not bleed from transparent pixels.
package struct GaussianBlur: Sendable {
    package let radius: Double
    /// Average linear-light colours instead of encoded ones: slower (never downsampled, two
    /// conversions per pixel), for `FilterOptions.linearColor`.
    package let linearLight: Bool
    /// How the result is finished: made opaque, dithered.
    package let options: Filter.BlurOptions

    package init(radius: Double, linearLight: Bool = false, options: Filter.BlurOptions = []) {
        self.radius = radius
        self.linearLight = linearLight
        self.options = options
    }

    /// Below this σ the exact kernel is used, from it the three boxes.
    static let boxThreshold = 3.0

    /// Integer weights of the sampled Gaussian for small σ, summing to exactly 2¹⁶.
    var kernel: [Int64] {
        guard radius.isFinite, radius > 0.2, radius < Self.boxThreshold else { return [] }
        let reach = Int((3 * radius).rounded(.up))
        let raw = (-reach...reach).map { exp(-Double($0 * $0) / (2 * radius * radius)) }
        let total = raw.reduce(0, +)
        var weights = raw.map { Int64(($0 / total * 65_536).rounded()) }
        weights[reach] += 65_536 - weights.reduce(0, +)
        return weights
    }

    /// The widths of the three box passes and how far each window starts before its pixel.
    var boxes: [(width: Int, lead: Int)] {
        guard radius.isFinite, radius >= Self.boxThreshold else { return [] }
        let sigma = min(radius, 500)
        let passes = 3.0
        var lower = Int((12 * sigma * sigma / passes + 1).squareRoot().rounded(.down))
        if lower % 2 == 0 { lower -= 1 }
        let w = Double(lower)
        let smaller = Int(
            ((12 * sigma * sigma - passes * w * w - 4 * passes * w - 3 * passes) / (-4 * w - 4)).rounded())
        return (0..<3).map { index in
            let width = index < smaller ? lower : lower + 2
            return (width, width / 2)
        }
    }

    /// From this σ a blur runs on a picture averaged down by a power of two, `downsampling`.
    static let downsamplingThreshold = 8.0
    /// The σ, in small-picture pixels, that the downsampled blur keeps at least: three boxes of
    /// width 7 or more stay within 3 % of a Gaussian.
    static let smallestReducedRadius = 4.0

    /// The factor a wide blur's picture is averaged down by: the largest power of two that
    /// keeps σ at least `smallestReducedRadius` small pixels; `nil` below the threshold.
    ///
    /// The variances add up: averaging k × k blocks contributes (k² − 1)/12, interpolating back
    /// up k²/6 (a triangle k wide on each side), and the small picture's blur k²·σ′², so σ′ is
    /// chosen to make the total σ² (`reducedRadius`). This is how GPU and CPU engines keep wide
    /// blurs cheap (Skia's "downsample, blur, upsample"); the result is within 3 % of the peak
    /// of the exact blur for σ from 8 up, at a sixteenth (σ 12) to a thousandth (σ 200) of the
    /// work.
    var downsampling: Int? {
        guard radius.isFinite, radius >= Self.downsamplingThreshold else { return nil }
        var factor = 1
        while Double(factor * 2) * Self.smallestReducedRadius <= min(radius, 500) { factor *= 2 }
        return factor > 1 ? factor : nil
    }

    /// How far past the frame a blur in linear light works at most, pixels.
    static let linearLightMargin = 256

    /// The σ of the small picture's blur, in its pixels, for a picture averaged down by `factor`.
    func reducedRadius(_ factor: Int) -> Double {
        let k = Double(factor)
        let variance = min(radius, 500) * min(radius, 500) - (k * k - 1) / 12 - k * k / 6
        return max(variance, 0).squareRoot() / k
    }

    /// How far the blur reaches beyond a pixel, in pixels: the three boxes' reaches, or the
    /// kernel's half width.
    var reach: Int {
        boxes.reduce(0) { $0 + max($1.lead, $1.width - 1 - $1.lead) } + kernel.count / 2
    }

    /// Blurs the pixels of `pixmap` within `bounds` (everything else, beyond the frame too,
    /// transparent); returns the grown bounds within the frame.
    ///
    /// Works only on `bounds` grown by the reach, in a buffer of 4-channel integers scaled by 2⁸
    /// (so the passes round in fine steps). Every pass runs along memory: a row pass keeps one
    /// running sum per channel as it moves along the row; a column pass keeps a row of running
    /// sums and moves them down the rows together — constant work per pixel whatever σ, with no
    /// strided reads.
    package func apply(to pixmap: inout Pixmap, within bounds: PixelBounds) -> PixelBounds? {
        let (boxes, kernel) = (self.boxes, self.kernel)
        guard !boxes.isEmpty || !kernel.isEmpty else {
            // Too small to blur; made opaque all the same when asked.
            guard options.contains(.opaque),
                let region = bounds.intersection(
                    PixelBounds(columns: 0..<pixmap.width, rows: 0..<pixmap.height))
            else { return bounds }
            BlurBuffer(pixmap, region: region).store(into: &pixmap, options: options)
            return bounds
        }
        let reach = self.reach
        let frame = PixelBounds(columns: 0..<pixmap.width, rows: 0..<pixmap.height)
        // The work reaches past the frame as far as the blur does: what one pass spreads beyond
        // the frame's edge, the next brings back, as the exact Gaussian of the frame's pixels
        // (transparent beyond it) would have it. Only a wide blur in linear light, which is not
        // averaged down, stops 256 pixels out: a full frame at σ 500 would otherwise take ten
        // times the memory of the frame itself.
        let margin = linearLight ? min(reach, Self.linearLightMargin) : reach
        guard let region = bounds.grown(by: reach).intersection(frame.grown(by: margin)),
            let visible = region.intersection(frame)
        else { return nil }
        if !linearLight, let factor = downsampling {
            // Wide blurs work on a picture `factor` times smaller, whose own blur makes up the
            // variance that averaging down and interpolating up do not provide.
            var small = BlurBuffer(pixmap, region: region, averagingBlocksOf: factor)
            let scaled = GaussianBlur(radius: reducedRadius(factor))
            for box in scaled.boxes { small.boxRows(box) }
            for box in scaled.boxes { small.boxColumns(box) }
            small.storeEnlarged(into: &pixmap, region: region, by: factor, options: options)
            return visible
        }
        var buffer = BlurBuffer(pixmap, region: region)
        if linearLight { buffer.convert(LinearLight.decode) }
        let weights = kernel.map { Float($0) / 65_536 }
        for box in boxes { buffer.boxRows(box) }
        if !weights.isEmpty { buffer.convolveRows(weights) }
        for box in boxes { buffer.boxColumns(box) }
        if !weights.isEmpty { buffer.convolveColumns(weights) }
        if linearLight { buffer.convert(LinearLight.encode) }
        buffer.store(into: &pixmap, options: options)
        return visible
    }
}
