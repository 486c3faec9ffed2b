import FlipbookCanvas
import FlipbookGeometry
import FlipbookRaster
import Foundation

extension LottiePaint {
    /// What the paint paints with at `frame`, its colours mapped by `recolor` (a layer's colour
    /// effects, `LottieEffect.colorMap(at:)`) when given.
    func shading(at frame: Double, recolor: ColorMatrix? = nil) -> GraphicsContext.Shading {
        switch source {
        case .color(let color):
            let rgb = color.value(at: frame)
            func component(_ index: Int) -> Double { index < rgb.count ? min(max(rgb[index], 0), 1) : 0 }
            return .color(
                Color(red: component(0), green: component(1), blue: component(2)).mapped(by: recolor))
        case .gradient(let gradient):
            var stops = gradient.gradient(at: frame)
            if let recolor {
                for index in stops.stops.indices {
                    stops.stops[index].color = stops.stops[index].color.mapped(by: recolor)
                }
            }
            let (start, end) = (gradient.start.point(at: frame), gradient.end.point(at: frame))
            guard gradient.isRadial else { return .linearGradient(stops, startPoint: start, endPoint: end) }
            let radius = hypot(end.x - start.x, end.y - start.y)
            return .radialGradient(
                stops, startCenter: gradient.focalPoint(at: frame, center: start, radius: radius),
                startRadius: 0,
                endCenter: start, endRadius: radius)
        }
    }
}

extension LottieGradient {
    /// Where a radial gradient's highlight puts its focal point at `frame`: `h` percent of the
    /// radius from the centre (`s`), `a` degrees on from the direction of `e` — as Bodymovin's
    /// own player (lottie-web) places it, the length held within ±99 % so that the focal point
    /// stays inside the circle (on it, the gradient would leave half the plane unpainted).
    func focalPoint(at frame: Double, center: CGPoint, radius: Double) -> CGPoint {
        let length = min(max(highlightLength.scalar(at: frame) / 100, -0.99), 0.99)
        guard length != 0, length.isFinite else { return center }
        let end = self.end.point(at: frame)
        let angle = atan2(end.y - center.y, end.x - center.x) + highlightAngle.scalar(at: frame) * .pi / 180
        guard angle.isFinite else { return center }
        return CGPoint(x: center.x + cos(angle) * length * radius, y: center.y + sin(angle) * length * radius)
    }

    /// The stops at `frame`: the file packs `colorStopCount` colour stops (offset, red, green,
    /// blue) and then opacity stops (offset, opacity); each offset of either gets a stop, its
    /// colour and its opacity interpolated from the stops of the other kind around it.
    func gradient(at frame: Double) -> Gradient {
        let values = stops.value(at: frame)
        let colorCount = min(colorStopCount, values.count / 4)
        var colors: [Stop] = []
        for index in 0..<colorCount {
            let base = index * 4
            colors.append(
                Stop(offset: values[base], value: [values[base + 1], values[base + 2], values[base + 3]]))
        }
        var alphas: [Stop] = []
        var index = colorCount * 4
        while index + 1 < values.count {
            alphas.append(Stop(offset: values[index], value: [values[index + 1]]))
            index += 2
        }
        guard !colors.isEmpty else { return Gradient(stops: []) }
        let offsets = Set(colors.map { $0.offset } + alphas.map { $0.offset }).sorted()
        return Gradient(
            stops: offsets.map { offset in
                let rgb = Self.interpolate(colors, at: offset)
                let alpha = alphas.isEmpty ? 1 : Self.interpolate(alphas, at: offset)[0]
                return Gradient.Stop(
                    color: Color(
                        red: min(max(rgb[0], 0), 1), green: min(max(rgb[1], 0), 1),
                        blue: min(max(rgb[2], 0), 1),
                        opacity: min(max(alpha, 0), 1)),
                    location: min(max(offset, 0), 1))
            })
    }

    /// A colour (red, green, blue) or an opacity stop as the file packs it.
    private struct Stop {
        var offset: Double
        var value: [Double]
    }

    /// The value at `offset` between the stops around it (the end stops' beyond them).
    private static func interpolate(_ stops: [Stop], at offset: Double) -> [Double] {
        guard let after = stops.firstIndex(where: { $0.offset >= offset }) else {
            return stops[stops.count - 1].value
        }
        guard after > 0 else { return stops[0].value }
        let (a, b) = (stops[after - 1], stops[after])
        let span = b.offset - a.offset
        let t = span > 0 ? (offset - a.offset) / span : 0
        return zip(a.value, b.value).map { $0 + ($1 - $0) * t }
    }
}

extension Color {
    /// The colour with its red, green and blue mapped by `matrix` (on straight colour, as the
    /// colour matrix filter maps a pixel's), clamped to 0…1; itself when there is none.
    func mapped(by matrix: ColorMatrix?) -> Color {
        guard let matrix else { return self }
        let m = matrix.values
        func row(_ index: Int) -> Double {
            let base = index * 5
            let value =
                m[base] * red + m[base + 1] * green + m[base + 2] * blue + m[base + 3] * alpha + m[base + 4]
            return min(max(value, 0), 1)
        }
        return Color(red: row(0), green: row(1), blue: row(2), opacity: row(3))
    }
}
