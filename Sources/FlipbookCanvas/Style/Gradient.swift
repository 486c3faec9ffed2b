import FlipbookRaster

/// Colours at locations along a ramp, as SwiftUI's `Gradient`.
public struct Gradient: Hashable, Sendable {
    /// One colour and where it sits on the ramp (0…1).
    public struct Stop: Hashable, Sendable {
        public var color: Color
        public var location: Double

        public init(color: Color, location: Double) {
            (self.color, self.location) = (color, location)
        }
    }

    public var stops: [Stop]

    public init(stops: [Stop]) {
        self.stops = stops
    }

    /// Colours spread evenly from 0 to 1.
    public init(colors: [Color]) {
        let last = Double(max(colors.count - 1, 1))
        stops = colors.enumerated().map { Stop(color: $1, location: Double($0) / last) }
    }

    /// The stops in raster terms.
    var rasterStops: [GradientPaint.Stop] {
        stops.map {
            GradientPaint.Stop(
                red: $0.color.red, green: $0.color.green, blue: $0.color.blue, opacity: $0.color.alpha,
                location: $0.location)
        }
    }

    /// How many stops `linearLightStops` puts between two of the gradient's own: the ramp
    /// between them is straight in sRGB, within 0.2 % of the linear-light curve.
    static let linearLightSteps = 32

    /// The stops for a ramp interpolated in linear light (`GradientOptions.linearColor`): the
    /// gradient's own stops with, between each pair, stops mixed in linear premultiplied RGB and
    /// encoded back to sRGB — so a red-to-green ramp passes through a bright yellow, not the
    /// dark olive of mixing encoded values.
    var linearLightStops: [GradientPaint.Stop] {
        let sorted = stops.enumerated().sorted {
            ($0.element.location, $0.offset) < ($1.element.location, $1.offset)
        }
        .map(\.element)
        guard var previous = sorted.first else { return [] }
        var result = [previous]
        for stop in sorted.dropFirst() {
            if stop.location > previous.location {
                for step in 1..<Self.linearLightSteps {
                    let fraction = Double(step) / Double(Self.linearLightSteps)
                    result.append(
                        Stop(
                            color: previous.color.mixedInLinearLight(with: stop.color, by: fraction),
                            location: previous.location + (stop.location - previous.location) * fraction))
                }
            }
            result.append(stop)
            previous = stop
        }
        return Gradient(stops: result).rasterStops
    }
}

extension Color {
    /// The colour `fraction` of the way to `other`, mixed in linear-light premultiplied RGB.
    func mixedInLinearLight(with other: Color, by fraction: Double) -> Color {
        let alpha = alpha + (other.alpha - alpha) * fraction
        guard alpha > 0 else { return Color(red: 0, green: 0, blue: 0, opacity: 0) }
        func channel(_ a: Double, _ b: Double) -> Double {
            let mixed =
                Color.decode(a) * self.alpha + (Color.decode(b) * other.alpha - Color.decode(a) * self.alpha)
                * fraction
            return Color.encode(min(max(mixed / alpha, 0), 1))
        }
        return Color(
            red: channel(red, other.red), green: channel(green, other.green), blue: channel(blue, other.blue),
            opacity: alpha)
    }

    /// A subtle top-to-bottom gradient of this colour, as SwiftUI's `Color.gradient`
    /// (`.orange.gradient`): from a little lighter at the top to the colour at the bottom.
    public var gradient: Gradient {
        let lighter = Color(
            red: red + (1 - red) * 0.15, green: green + (1 - green) * 0.15, blue: blue + (1 - blue) * 0.15,
            opacity: alpha)
        return Gradient(colors: [lighter, self])
    }
}
