import FlipbookCanvas
import FlipbookGeometry
import FlipbookRaster
import Foundation

extension LottieEffect {
    /// How many pixels of Gaussian standard deviation one unit of After Effects' blurriness
    /// (and a drop shadow's softness) is: 0.3, as ThorVG converts it.
    static let blurrinessToSigma = 0.3

    /// Rec. 709 luma weights of red, green and blue: what the tint maps from black to white by.
    static let lumaWeights = (0.2126, 0.7152, 0.0722)

    /// The effect as a canvas filter at `frame`, for a layer whose space maps to the canvas by
    /// `transform`: lengths (blur, shadow distance) are in the layer's space, so they are scaled
    /// and the shadow's direction turned by it, as After Effects applies effects before the
    /// layer's transform.
    func filter(at frame: Double, transform: CGAffineTransform) -> GraphicsContext.Filter {
        let scale = sqrt(abs(transform.a * transform.d - transform.b * transform.c))
        switch self {
        case .dropShadow(let color, let opacity, let direction, let distance, let softness, let shadowOnly):
            let rgba = color.value(at: frame)
            let alpha = Self.component(rgba, 3, fallback: 1) * min(max(opacity.scalar(at: frame) / 255, 0), 1)
            let angle = direction.scalar(at: frame) * .pi / 180
            let length = distance.scalar(at: frame)
            // Clockwise from up, on a screen whose y grows downwards; turned and scaled as the
            // layer is (the transform's linear part).
            let (dx, dy) = (length * sin(angle), -length * cos(angle))
            let offset = CGSize(
                width: transform.a * dx + transform.c * dy, height: transform.b * dx + transform.d * dy)
            return .shadow(
                color: Color(
                    red: Self.component(rgba, 0), green: Self.component(rgba, 1),
                    blue: Self.component(rgba, 2),
                    opacity: alpha),
                radius: max(softness.scalar(at: frame), 0) * Self.blurrinessToSigma * scale, x: offset.width,
                y: offset.height, options: shadowOnly.scalar(at: frame) != 0 ? .shadowOnly : [])
        case .gaussianBlur(let blurriness):
            return .blur(radius: max(blurriness.scalar(at: frame), 0) * Self.blurrinessToSigma * scale)
        case .fill, .tint:
            return .colorMatrix(colorMap(at: frame) ?? .identity)
        }
    }

    /// The effect at `frame` as a map of each pixel's colour alone, for the effects that are
    /// one (fill and tint); `nil` for the others.
    ///
    /// Such a map leaves alpha alone, and its red, green and blue are each a blend of the
    /// pixel's colour and fixed colours with weights that add up to one, so it stays inside
    /// 0…1 and gives a blend of colours the same blend of their mapped colours: applied to
    /// every paint of a layer, it gives the pixels applying it to the composited layer gives,
    /// without the layer (`LottieLayerDrawing`).
    func colorMap(at frame: Double) -> ColorMatrix? {
        switch self {
        case .dropShadow, .gaussianBlur:
            return nil
        case .fill(let color, let opacity):
            let rgb = color.value(at: frame)
            let mix = min(max(opacity.scalar(at: frame, fallback: 1), 0), 1)
            let keep = 1 - mix
            return ColorMatrix([
                keep, 0, 0, 0, mix * Self.component(rgb, 0),
                0, keep, 0, 0, mix * Self.component(rgb, 1),
                0, 0, keep, 0, mix * Self.component(rgb, 2),
                0, 0, 0, 1, 0,
            ])
        case .tint(let black, let white, let amount):
            let (dark, light) = (black.value(at: frame), white.value(at: frame))
            let mix = min(max(amount.scalar(at: frame) / 100, 0), 1)
            let (wr, wg, wb) = Self.lumaWeights
            var values: [Double] = []
            // Channel c: (1 − mix)·c + mix·(dark_c + (light_c − dark_c)·luma).
            for channel in 0..<3 {
                let low = Self.component(dark, channel)
                let span = Self.component(light, channel) - low
                var row = [mix * span * wr, mix * span * wg, mix * span * wb, 0, mix * low]
                row[channel] += 1 - mix
                values += row
            }
            return ColorMatrix(values + [0, 0, 0, 1, 0])
        }
    }

    /// Whether the effect is a map of each pixel's colour alone (`colorMap(at:)`).
    var mapsColor: Bool {
        switch self {
        case .fill, .tint: true
        case .dropShadow, .gaussianBlur: false
        }
    }

    /// Component `index` of a colour clamped to 0…1, `fallback` when missing.
    private static func component(_ values: [Double], _ index: Int, fallback: Double = 0) -> Double {
        index < values.count ? min(max(values[index], 0), 1) : fallback
    }
}
