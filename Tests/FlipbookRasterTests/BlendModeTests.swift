import FlipbookGeometry
import FlipbookRaster
import Foundation
import Testing

/// The W3C Compositing and Blending formulas, written out independently of `BlendMode.blend`:
/// straight colours in 0…1 per channel, results premultiplied.
private enum Reference {
    typealias RGBA = (r: Double, g: Double, b: Double, a: Double)

    static func lum(_ c: [Double]) -> Double { 0.3 * c[0] + 0.59 * c[1] + 0.11 * c[2] }

    static func clipColor(_ c: [Double]) -> [Double] {
        let l = lum(c)
        let n = c.min()!
        let x = c.max()!
        var out = c
        if n < 0 { out = out.map { l + ($0 - l) * l / (l - n) } }
        if x > 1 { out = out.map { l + ($0 - l) * (1 - l) / (x - l) } }
        return out
    }

    static func setLum(_ c: [Double], _ l: Double) -> [Double] {
        let d = l - lum(c)
        return clipColor(c.map { $0 + d })
    }

    static func sat(_ c: [Double]) -> Double { c.max()! - c.min()! }

    static func setSat(_ c: [Double], _ s: Double) -> [Double] {
        let (mx, mn) = (c.max()!, c.min()!)
        guard mx > mn else { return [0, 0, 0] }
        return c.map { ($0 - mn) * s / (mx - mn) }
    }

    static func separable(_ name: String, _ s: Double, _ b: Double) -> Double? {
        switch name {
        case "multiply": return s * b
        case "screen": return s + b - s * b
        case "overlay": return separable("hardLight", b, s)
        case "darken": return min(s, b)
        case "lighten": return max(s, b)
        case "colorDodge": return b == 0 ? 0 : s == 1 ? 1 : min(1, b / (1 - s))
        case "colorBurn": return b == 1 ? 1 : s == 0 ? 0 : 1 - min(1, (1 - b) / s)
        case "hardLight": return s <= 0.5 ? b * 2 * s : separable("screen", 2 * s - 1, b)
        case "softLight":
            if s <= 0.5 { return b - (1 - 2 * s) * b * (1 - b) }
            let d = b <= 0.25 ? ((16 * b - 12) * b + 4) * b : b.squareRoot()
            return b + (2 * s - 1) * (d - b)
        case "difference": return abs(s - b)
        case "exclusion": return s + b - 2 * s * b
        default: return nil
        }
    }

    /// The premultiplied result of `mode` for straight source `s` over straight backdrop `b`.
    static func blend(_ mode: BlendMode, _ s: RGBA, _ b: RGBA) -> [Double] {
        let cs = [s.r, s.g, s.b]
        let cb = [b.r, b.g, b.b]
        let (as_, ab) = (s.a, b.a)
        let ps = cs.map { $0 * as_ } + [as_]
        let pb = cb.map { $0 * ab } + [ab]
        func porterDuff(_ fa: Double, _ fb: Double) -> [Double] { (0..<4).map { ps[$0] * fa + pb[$0] * fb } }
        switch mode {
        case .normal: return porterDuff(1, 1 - as_)
        case .clear: return [0, 0, 0, 0]
        case .copy: return ps
        case .sourceIn: return porterDuff(ab, 0)
        case .sourceOut: return porterDuff(1 - ab, 0)
        case .sourceAtop: return porterDuff(ab, 1 - as_)
        case .destinationOver: return porterDuff(1 - ab, 1)
        case .destinationIn: return porterDuff(0, as_)
        case .destinationOut: return porterDuff(0, 1 - as_)
        case .destinationAtop: return porterDuff(1 - ab, as_)
        case .xor: return porterDuff(1 - ab, 1 - as_)
        case .plusLighter: return (0..<4).map { min(1, ps[$0] + pb[$0]) }
        case .plusDarker:
            let a = min(1, as_ + ab)
            return (0..<3).map { max(0, a - (as_ - ps[$0]) - (ab - pb[$0])) } + [a]
        default:
            let mixed: [Double]
            switch mode {
            case .hue: mixed = setLum(setSat(cs, sat(cb)), lum(cb))
            case .saturation: mixed = setLum(setSat(cb, sat(cs)), lum(cb))
            case .color: mixed = setLum(cs, lum(cb))
            case .luminosity: mixed = setLum(cb, lum(cs))
            default: mixed = (0..<3).map { separable(mode.rawValue, cs[$0], cb[$0])! }
            }
            let ao = as_ + ab - as_ * ab
            var result: [Double] = []
            for channel in 0..<3 {
                let kept: Double = (1 - ab) * ps[channel] + (1 - as_) * pb[channel]
                result.append(kept + as_ * ab * mixed[channel])
            }
            return result + [ao]
        }
    }
}

/// Source and backdrop pairs: opaque, translucent, transparent, dark, light, saturated.
private let pairs: [(Reference.RGBA, Reference.RGBA)] = [
    ((1, 0, 0, 1), (0, 0, 1, 1)),
    ((0.2, 0.6, 0.9, 0.5), (0.9, 0.8, 0.1, 1)),
    ((0.7, 0.3, 0.2, 1), (0.1, 0.4, 0.6, 0.6)),
    ((0.5, 0.5, 0.5, 0.8), (0.25, 0.75, 0.5, 0.4)),
    ((0, 0, 0, 1), (1, 1, 1, 1)),
    ((1, 1, 1, 0.3), (0.3, 0.2, 0.1, 1)),
    ((0.9, 0.1, 0.8, 1), (0, 0, 0, 0)),
]

private func premultiplied(_ c: Reference.RGBA) -> PremultipliedColor {
    PremultipliedColor(straightRed: c.r, green: c.g, blue: c.b, alpha: c.a)
}

@Test(arguments: BlendMode.allCases)
func blendModeMatchesItsFormulaOnATableOfPixelPairs(mode: BlendMode) {
    var rasterizer = Rasterizer()
    for (source, backdrop) in pairs {
        var pixmap = Pixmap(width: 4, height: 4)
        pixmap.clear(to: premultiplied(backdrop))
        rasterizer.fill(
            Path(CGRect(x: 0, y: 0, width: 4, height: 4)), paint: .solid(premultiplied(source)),
            blendMode: mode,
            into: &pixmap)
        // The reference sees the 8-bit colours the rasterizer saw.
        let s = premultiplied(source)
        let b = premultiplied(backdrop)
        func straight(_ p: PremultipliedColor) -> Reference.RGBA {
            let a = Double(p.alpha) / 255
            guard a > 0 else { return (0, 0, 0, 0) }
            return (Double(p.red) / 255 / a, Double(p.green) / 255 / a, Double(p.blue) / 255 / a, a)
        }
        let expected = Reference.blend(mode, straight(s), straight(b)).map { $0 * 255 }
        let got = pixmap[2, 2]
        let actual = [got.red, got.green, got.blue, got.alpha].map(Double.init)
        for channel in 0..<4 {
            #expect(
                abs(actual[channel] - min(expected[channel], expected[3])) <= 1,
                "\(mode) \(source) over \(backdrop): channel \(channel) is \(actual), expected \(expected)")
        }
    }
}

@Test func blendModesOnlyTouchTheShapesPixels() {
    var rasterizer = Rasterizer()
    var pixmap = Pixmap(width: 8, height: 8)
    pixmap.clear(to: PremultipliedColor(red: 0, green: 0, blue: 255, alpha: 255))
    rasterizer.fill(
        Path(CGRect(x: 2, y: 2, width: 4, height: 4)), paint: .solid(.transparent), blendMode: .clear,
        into: &pixmap)
    #expect(pixmap[3, 3] == .transparent)
    #expect(pixmap[0, 0].blue == 255 && pixmap[7, 7].alpha == 255)
}
