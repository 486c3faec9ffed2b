import FlipbookGeometry

/// A fill or a stroke of the outlines above it in its group.
struct LottiePaint: Sendable {
    enum Source: Sendable {
        /// `c`: red, green, blue (0…1).
        case color(LottieProperty<[Double]>)
        /// `g`, `s`, `e`: a gradient's stops, packed as the file writes them, between two points.
        case gradient(LottieGradient)
    }

    struct Stroke: Sendable {
        var width: LottieProperty<[Double]>
        var cap: CGLineCap
        var join: CGLineJoin
        var miterLimit: Double
        /// Dash and gap lengths in order (`d` entries `d` and `g`), and the offset (`o`).
        var dashes: [LottieProperty<[Double]>]
        var dashOffset: LottieProperty<[Double]>?
    }

    var source: Source
    /// Percent.
    var opacity: LottieProperty<[Double]>
    /// `nil` for a fill; then `evenOdd` is its rule (`r: 2`).
    var stroke: Stroke?
    var evenOdd: Bool
}

/// A gradient paint (`gf`, `gs`).
struct LottieGradient: Sendable {
    var isRadial: Bool
    /// How many colour stops (`g.p`); after them in `stops` come opacity stops in pairs.
    var colorStopCount: Int
    var stops: LottieProperty<[Double]>
    var start: LottieProperty<[Double]>
    var end: LottieProperty<[Double]>
    /// A radial gradient's highlight: `h`, how far its focal point lies from the centre in percent
    /// of the radius, and `a`, the angle in degrees from the line towards `end` on which it lies.
    var highlightLength: LottieProperty<[Double]>
    var highlightAngle: LottieProperty<[Double]>
}
