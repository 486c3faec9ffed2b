import FlipbookGeometry
import FlipbookRaster
import Foundation

extension GraphicsContext {
    /// What a fill or stroke paints with, as SwiftUI's `GraphicsContext.Shading`: a colour or a
    /// gradient, placed in the user space of the drawing call.
    public struct Shading: Hashable, Sendable {
        /// The paint in raster terms, geometry in user space.
        let paint: Paint
        /// Whether this is `.foreground`, which a fill or stroke replaces with its context's
        /// foreground style.
        var isForeground = false
        /// A picture to repeat (`tiledImage`), resolved into `paint` by the context drawing
        /// with it, whose image catalog and device scale it needs.
        var tile: Tile?

        /// The context's foreground style (`Canvas.foregroundStyle`, SwiftUI's `.primary` — black —
        /// unless set), as SwiftUI's `.foreground`: taken from the context that fills or strokes
        /// with it.
        public static var foreground: Shading {
            Shading(paint: .solid(Color.primary.premultiplied), isForeground: true)
        }

        /// SwiftUI's palette of shadings, one per layer of a multicolour symbol. Paths, text and
        /// Flipbook's symbols are one layer each, so they take the first (nothing is painted
        /// with an empty palette).
        public static func palette(_ shadings: [Shading]) -> Shading {
            shadings.first ?? .color(.clear)
        }

        /// A solid colour.
        public static func color(_ color: Color) -> Shading {
            Shading(paint: .solid(color.premultiplied))
        }

        /// A solid colour from components in `colorSpace` (sRGB unless given).
        public static func color(
            _ colorSpace: Color.RGBColorSpace = .sRGB, red: Double, green: Double, blue: Double,
            opacity: Double = 1
        ) -> Shading {
            .color(Color(colorSpace, red: red, green: green, blue: blue, opacity: opacity))
        }

        /// A solid grey of `white` in `colorSpace` (sRGB unless given).
        public static func color(
            _ colorSpace: Color.RGBColorSpace = .sRGB, white: Double, opacity: Double = 1
        )
            -> Shading
        {
            .color(Color(colorSpace, white: white, opacity: opacity))
        }

        /// A ramp from `startPoint` to `endPoint`.
        public static func linearGradient(
            _ gradient: Gradient, startPoint: CGPoint, endPoint: CGPoint, options: GradientOptions = []
        ) -> Shading {
            make(gradient, .linear(start: startPoint, end: endPoint), options)
        }

        /// Concentric circles about `center` from `startRadius` to `endRadius`.
        public static func radialGradient(
            _ gradient: Gradient, center: CGPoint, startRadius: Double, endRadius: Double,
            options: GradientOptions = []
        ) -> Shading {
            make(gradient, .radial(center: center, startRadius: startRadius, endRadius: endRadius), options)
        }

        /// Circles moving from `startCenter` and `startRadius` (location 0) to `endCenter` and
        /// `endRadius` (location 1), as Core Graphics' `drawRadialGradient(_:startCenter:
        /// startRadius:endCenter:endRadius:options:)` and Skia's two-point conical gradient: each
        /// point takes the location of the last circle through it. With a start radius of 0 and
        /// the start centre inside the end circle, this is a radial gradient lit from a focal
        /// point (a highlight, as Lottie's and SVG's `fx`, `fy` place it); with equal centres it
        /// is `radialGradient(_:center:startRadius:endRadius:options:)`. Where the circles do not
        /// lie one inside the other, the cone they sweep leaves part of the plane unpainted.
        /// Radii below 0 count as 0.
        public static func radialGradient(
            _ gradient: Gradient, startCenter: CGPoint, startRadius: Double, endCenter: CGPoint,
            endRadius: Double, options: GradientOptions = []
        ) -> Shading {
            let (startRadius, endRadius) = (max(startRadius, 0), max(endRadius, 0))
            guard startCenter != endCenter else {
                return radialGradient(
                    gradient, center: startCenter, startRadius: startRadius, endRadius: endRadius,
                    options: options)
            }
            return make(
                gradient,
                .twoPoint(
                    startCenter: startCenter, startRadius: startRadius, endCenter: endCenter,
                    endRadius: endRadius), options)
        }

        /// One full turn about `center`, starting at `angle` (0 points right) and running
        /// clockwise on screen.
        public static func conicGradient(
            _ gradient: Gradient, center: CGPoint, angle: Angle = .zero, options: GradientOptions = []
        ) -> Shading {
            make(
                gradient,
                .conic(center: center, startAngle: angle.radians, endAngle: angle.radians + 2 * Double.pi),
                options)
        }

        /// From `startAngle` to `endAngle` about `center`, as SwiftUI's `AngularGradient`.
        public static func angularGradient(
            _ gradient: Gradient, center: CGPoint, startAngle: Angle, endAngle: Angle,
            options: GradientOptions = []
        ) -> Shading {
            make(
                gradient, .conic(center: center, startAngle: startAngle.radians, endAngle: endAngle.radians),
                options)
        }

        private static func make(
            _ gradient: Gradient, _ geometry: GradientPaint.Geometry, _ options: GradientOptions
        ) -> Shading {
            let spread: GradientPaint.Spread =
                options.contains(.mirror) ? .mirror : options.contains(.repeat) ? .repeat : .pad
            let stops = options.contains(.linearColor) ? gradient.linearLightStops : gradient.rasterStops
            return Shading(paint: .gradient(GradientPaint(stops: stops, geometry: geometry, spread: spread)))
        }
    }

    /// How a gradient continues beyond its ends, and whether its colours mix in linear light,
    /// as SwiftUI's `GraphicsContext.GradientOptions`. Without `linearColor`, ramps are
    /// interpolated in premultiplied sRGB (as SwiftUI does by default).
    public struct GradientOptions: OptionSet, Hashable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let `repeat` = GradientOptions(rawValue: 1)
        public static let mirror = GradientOptions(rawValue: 2)
        public static let linearColor = GradientOptions(rawValue: 4)
    }

    /// SwiftUI's `GraphicsContext.BlendMode`: `.multiply`, `.screen`, … `.plusLighter`.
    public typealias BlendMode = FlipbookRaster.BlendMode
}
