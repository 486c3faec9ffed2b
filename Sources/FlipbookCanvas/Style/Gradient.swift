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
}

extension Color {
    /// A subtle top-to-bottom gradient of this colour, as SwiftUI's `Color.gradient`
    /// (`.orange.gradient`): from a little lighter at the top to the colour at the bottom.
    public var gradient: Gradient {
        let lighter = Color(
            red: red + (1 - red) * 0.15, green: green + (1 - green) * 0.15, blue: blue + (1 - blue) * 0.15,
            opacity: alpha)
        return Gradient(colors: [lighter, self])
    }
}
