import FlipbookCanvas
import Foundation

extension LottiePaint {
    /// What the paint paints with at `frame`.
    func shading(at frame: Double) -> GraphicsContext.Shading {
        switch source {
        case .color(let color):
            let rgb = color.value(at: frame)
            func component(_ index: Int) -> Double { index < rgb.count ? min(max(rgb[index], 0), 1) : 0 }
            return .color(Color(red: component(0), green: component(1), blue: component(2)))
        case .gradient(let gradient):
            let stops = gradient.gradient(at: frame)
            let (start, end) = (gradient.start.point(at: frame), gradient.end.point(at: frame))
            guard gradient.isRadial else { return .linearGradient(stops, startPoint: start, endPoint: end) }
            return .radialGradient(
                stops, center: start, startRadius: 0, endRadius: hypot(end.x - start.x, end.y - start.y))
        }
    }
}

extension LottieGradient {
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
