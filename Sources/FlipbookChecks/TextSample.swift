import Flipbook
import FlipbookComposition
import Foundation

/// One text layer at one sampled time, as `TextChecker` measured it from two renders: the layer
/// alone on transparency (its glyphs as coloured, their coverage in alpha) and the frame
/// without it (what is behind it).
struct TextSample: Sendable {
    var time: Double
    /// How strongly it shows: the largest alpha of its pixels, 0…1.
    var strength: Double
    /// The contrast ratio between its glyphs as seen (their colour at the layer's strength over
    /// what is behind them — the glyph's own antialiased edge not blended in) and what is
    /// behind them that nine in ten of the pixels its glyphs cover fully (at least 90 %
    /// of its strongest alpha) reach: a confetti piece passing behind a letter does not fail a
    /// headline, a background that is too light behind a tenth of it does. `nil` when none shows.
    var contrast: Double?
    /// Where its glyphs' ink lies, in output pixels; `nil` when none shows.
    var ink: CGRect?
    /// Its smallest em size in output pixels, and the lightest weight it is set in.
    var size: Double
    var weight: Double
    /// The words it shows.
    var words: Int

    /// Measures `layer` from its pixels alone (`own`, premultiplied, on transparency) and those
    /// behind it (`behind`), rendered `scale` times smaller than the output.
    init(time: Double, layer: LayerInspection, own: Pixmap, behind: Pixmap, scale: Double) {
        self.time = time
        size = (layer.textSize ?? 0) / scale
        weight = layer.textWeight ?? 400
        words = (layer.text?.lines ?? []).reduce(0) { $0 + $1.split(whereSeparator: \.isWhitespace).count }
        var (strongest, box) = (0, (minX: Int.max, minY: Int.max, maxX: -1, maxY: -1))
        for y in 0..<own.height {
            for x in 0..<own.width {
                let alpha = Int(own.bytes[(y * own.width + x) * 4 + 3])
                strongest = max(strongest, alpha)
                guard alpha >= Self.inkAlpha else { continue }
                box = (min(box.minX, x), min(box.minY, y), max(box.maxX, x), max(box.maxY, y))
            }
        }
        strength = Double(strongest) / 255
        ink =
            box.maxX < 0
            ? nil
            : CGRect(
                x: Double(box.minX) / scale, y: Double(box.minY) / scale,
                width: Double(box.maxX - box.minX + 1) / scale,
                height: Double(box.maxY - box.minY + 1) / scale)
        contrast =
            strongest == 0
            ? nil : Self.contrast(own: own, behind: behind, full: strongest * 9 / 10, strength: strongest)
    }

    /// The alpha from which a pixel counts as ink: a glyph's faint antialiased fringe does not.
    static let inkAlpha = 32

    /// The share of a text's pixels whose contrast may fall below the one it is judged by.
    static let exceptedShare = 0.1

    /// The contrast ratio of `own` over `behind` against `behind` that all but
    /// `exceptedShare` of the pixels whose alpha is at least `full` reach.
    private static func contrast(own: Pixmap, behind: Pixmap, full: Int, strength: Int) -> Double? {
        var ratios: [Double] = []
        own.bytes.withUnsafeBufferPointer { top in
            behind.bytes.withUnsafeBufferPointer { bottom in
                for pixel in 0..<(own.width * own.height) where Int(top[pixel * 4 + 3]) >= max(full, 1) {
                    let alpha = Int(top[pixel * 4 + 3])
                    // The glyph's colour (premultiplied by its pixel's coverage) at the text's
                    // full strength, over what is behind it.
                    func seen(_ channel: Int) -> UInt8 {
                        let colour = Int(top[pixel * 4 + channel]) * strength / alpha
                        let below = Int(bottom[pixel * 4 + channel]) * (255 - strength) / 255
                        return UInt8(min(255, colour + below))
                    }
                    let text = RelativeLuminance.of(red: seen(0), green: seen(1), blue: seen(2))
                    let back = RelativeLuminance.of(
                        red: bottom[pixel * 4], green: bottom[pixel * 4 + 1], blue: bottom[pixel * 4 + 2])
                    ratios.append(RelativeLuminance.contrast(text, back))
                }
            }
        }
        guard !ratios.isEmpty else { return nil }
        ratios.sort()
        return ratios[Int(Double(ratios.count) * exceptedShare)]
    }
}
