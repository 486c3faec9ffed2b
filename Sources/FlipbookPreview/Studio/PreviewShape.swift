import Flipbook

/// One canvas size the studio shows the composition at, side by side with the others and
/// scrubbed together: the preset's own, the usual social shapes, and the `--size`s asked for.
/// A shape is a canvas in points, as `render --size` gives it: the composition lays itself out in
/// it (its `%` and `vmin` lengths follow, its `overrides` for that shape apply), it is not the
/// same picture cropped.
package struct PreviewShape: Hashable, Sendable {
    package var name: String
    package var width: Int
    package var height: Int

    /// The preset's size, then 16:9, 9:16 and 1:1 on its shorter side (1080 for a 1920 × 1080
    /// preset: 1920 × 1080, 1080 × 1920, 1080 × 1080), then `extra`, each size once. Sides are
    /// even, as 4:2:0 video wants them.
    package static func shapes(width: Int, height: Int, extra: [(width: Int, height: Int)]) -> [PreviewShape]
    {
        let short = min(width, height)
        let long = 2 * Int((Double(short) * 16 / 9 / 2).rounded())
        let candidates =
            [("preset", width, height), ("16:9", long, short), ("9:16", short, long), ("1:1", short, short)]
            + extra.map { ("size", $0.width, $0.height) }
        var shapes: [PreviewShape] = []
        for (label, width, height) in candidates
        where !shapes.contains(where: { $0.width == width && $0.height == height }) {
            shapes.append(PreviewShape(name: "\(label) \(width)×\(height)", width: width, height: height))
        }
        return shapes
    }
}

extension PresetError {
    /// This problem, and those found with it, as found reading the preset for `shape`'s canvas
    /// (where the composition's overrides for that shape apply): each says which shape.
    func seen(on shape: PreviewShape) -> PresetError {
        var error = self
        error.message = "on the \(shape.name) canvas: \(message)"
        error.others = others.map { $0.seen(on: shape) }
        return error
    }
}
