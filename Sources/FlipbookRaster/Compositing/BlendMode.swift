/// How a source colour combines with what is already there: SwiftUI's
/// `GraphicsContext.BlendMode`, with the W3C Compositing and Blending Level 1 formulas.
public enum BlendMode: String, CaseIterable, Hashable, Sendable {
    case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight, hardLight
    case difference, exclusion, hue, saturation, color, luminosity
    case clear, copy, sourceIn, sourceOut, sourceAtop, destinationOver, destinationIn, destinationOut
    case destinationAtop, xor, plusDarker, plusLighter

    /// Blends premultiplied `source` with premultiplied `destination` (channels 0…1, alpha
    /// last) and returns the premultiplied result.
    ///
    /// Separable and non-separable modes use the W3C general form on premultiplied values:
    /// `co = cs·(1 − αb) + cb·(1 − αs) + αs·αb·B(Cs, Cb)`, `αo = αs + αb − αs·αb`, where `B` sees
    /// straight colours. Porter–Duff modes follow their operator tables; `plusLighter` is
    /// `min(1, s + d)` and `plusDarker` is `max(0, 1 − ((1 − d) + (1 − s)))` extended to alpha as
    /// Apple defines it.
    @inline(__always)
    public func blend(_ source: SIMD4<Float>, _ destination: SIMD4<Float>) -> SIMD4<Float> {
        let (sa, da) = (source.w, destination.w)
        switch self {
        case .normal: return source + destination * (1 - sa)
        case .clear: return .zero
        case .copy: return source
        case .sourceIn: return source * da
        case .sourceOut: return source * (1 - da)
        case .sourceAtop: return source * da + destination * (1 - sa)
        case .destinationOver: return source * (1 - da) + destination
        case .destinationIn: return destination * sa
        case .destinationOut: return destination * (1 - sa)
        case .destinationAtop: return source * (1 - da) + destination * sa
        case .xor: return source * (1 - da) + destination * (1 - sa)
        case .plusLighter: return (source + destination).clamped(lowerBound: .zero, upperBound: .one)
        case .plusDarker:
            let alpha = min(1, sa + da)
            var result =
                (SIMD4(repeating: alpha)
                - ((SIMD4(repeating: sa) - source) + (SIMD4(repeating: da) - destination)))
                .clamped(lowerBound: .zero, upperBound: .one)
            result.w = alpha
            return result
        default:
            let s = Self.straight(source)
            let d = Self.straight(destination)
            var mixed = mix(s, d)
            mixed = mixed.clamped(lowerBound: .zero, upperBound: .one)
            var result = source * (1 - da) + destination * (1 - sa) + mixed * (sa * da)
            result.w = sa + da - sa * da
            return result
        }
    }

    /// `B(Cs, Cb)` of the separable and non-separable modes, on straight colours (w ignored).
    @inline(__always)
    private func mix(_ s: SIMD4<Float>, _ d: SIMD4<Float>) -> SIMD4<Float> {
        switch self {
        case .multiply: return s * d
        case .screen: return s + d - s * d
        case .overlay: return Self.hardLight(d, s)
        case .darken: return pointwiseMin(s, d)
        case .lighten: return pointwiseMax(s, d)
        case .colorDodge: return Self.each(s, d, Self.colorDodge)
        case .colorBurn: return Self.each(s, d, Self.colorBurn)
        case .hardLight: return Self.hardLight(s, d)
        case .softLight: return Self.each(s, d, Self.softLight)
        case .difference: return pointwiseMax(s - d, d - s)
        case .exclusion: return s + d - 2 * s * d
        case .hue: return Self.setLuminosity(Self.setSaturation(s, Self.saturation(d)), Self.luminosity(d))
        case .saturation:
            return Self.setLuminosity(Self.setSaturation(d, Self.saturation(s)), Self.luminosity(d))
        case .color: return Self.setLuminosity(s, Self.luminosity(d))
        case .luminosity: return Self.setLuminosity(d, Self.luminosity(s))
        default: return s
        }
    }

    @inline(__always)
    private static func straight(_ color: SIMD4<Float>) -> SIMD4<Float> {
        color.w > 0 ? color / color.w : .zero
    }

    private static func each(_ s: SIMD4<Float>, _ d: SIMD4<Float>, _ f: (Float, Float) -> Float) -> SIMD4<
        Float
    > {
        SIMD4(f(s.x, d.x), f(s.y, d.y), f(s.z, d.z), 0)
    }

    private static func hardLight(_ s: SIMD4<Float>, _ d: SIMD4<Float>) -> SIMD4<Float> {
        let multiply = d * (2 * s)
        let twice = 2 * s - 1
        let screen = d + twice - d * twice
        return multiply.replacing(with: screen, where: s .> 0.5)
    }

    private static func colorDodge(_ s: Float, _ d: Float) -> Float {
        if d == 0 { return 0 }
        if s >= 1 { return 1 }
        return min(1, d / (1 - s))
    }

    private static func colorBurn(_ s: Float, _ d: Float) -> Float {
        if d >= 1 { return 1 }
        if s <= 0 { return 0 }
        return 1 - min(1, (1 - d) / s)
    }

    private static func softLight(_ s: Float, _ d: Float) -> Float {
        if s <= 0.5 { return d - (1 - 2 * s) * d * (1 - d) }
        let curve = d <= 0.25 ? ((16 * d - 12) * d + 4) * d : d.squareRoot()
        return d + (2 * s - 1) * (curve - d)
    }

    /// W3C's `Lum`: 0.3 R + 0.59 G + 0.11 B.
    private static func luminosity(_ c: SIMD4<Float>) -> Float {
        0.3 * c.x + 0.59 * c.y + 0.11 * c.z
    }

    private static func setLuminosity(_ c: SIMD4<Float>, _ l: Float) -> SIMD4<Float> {
        var color = c + (l - luminosity(c))
        color.w = 0
        let lum = luminosity(color)
        let low = min(color.x, color.y, color.z)
        let high = max(color.x, color.y, color.z)
        if low < 0 { color = SIMD4(repeating: lum) + (color - lum) * (lum / (lum - low)) }
        if high > 1 { color = SIMD4(repeating: lum) + (color - lum) * ((1 - lum) / (high - lum)) }
        color.w = 0
        return color
    }

    private static func saturation(_ c: SIMD4<Float>) -> Float {
        max(c.x, c.y, c.z) - min(c.x, c.y, c.z)
    }

    private static func setSaturation(_ c: SIMD4<Float>, _ s: Float) -> SIMD4<Float> {
        let high = max(c.x, c.y, c.z)
        let low = min(c.x, c.y, c.z)
        guard high > low else { return .zero }
        var result = (c - low) * (s / (high - low))
        result.w = 0
        return result
    }
}

extension BlendMode {
    /// Whether blending leaves a pixel transparent wherever the destination was: `sourceIn`,
    /// `sourceAtop` (an inner shadow), `destinationIn`, `destinationOut` and `clear`. A source
    /// blended so can only change pixels that were already painted.
    public var keepsOnlyDestination: Bool {
        switch self {
        case .sourceIn, .sourceAtop, .destinationIn, .destinationOut, .clear: true
        default: false
        }
    }
}
